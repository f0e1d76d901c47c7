#include "core/protocol/job_channel.h"

#include <array>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <unistd.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include "core/model/verification.h"

namespace kwb::protocol {
namespace {

constexpr std::string_view kDomain = "kwb-job-frame-v1\n";
constexpr std::size_t kMacHex = 2 * 32;
const char kHexDigits[] = "0123456789abcdef";

int hexValue(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1; // upper case is refused too: one spelling per key and per MAC
}

Error refused(const std::string& why) {
    return Error::make(verification::toString(verification::Verdict::Tampering), why);
}

// The MAC of one frame, as hex. An empty string when libcrypto fails (out of memory), which
// then matches no frame's MAC.
std::string macHex(const JobKey& key, std::string_view seq, std::string_view payload) {
    std::string message;
    message.reserve(kDomain.size() + seq.size() + 1 + payload.size());
    message.append(kDomain).append(seq).append(1, '\n').append(payload);
    std::array<unsigned char, EVP_MAX_MD_SIZE> mac{};
    unsigned int length = 0;
    if (!HMAC(EVP_sha256(), key.bytes(), int(JobKey::kBytes),
              reinterpret_cast<const unsigned char*>(message.data()), message.size(), mac.data(),
              &length))
        return {};
    std::string hex;
    hex.reserve(2 * length);
    for (unsigned int i = 0; i < length; ++i) {
        hex.push_back(kHexDigits[mac[i] >> 4]);
        hex.push_back(kHexDigits[mac[i] & 15]);
    }
    return hex;
}

// A short, printable excerpt of a refused line for the verdict's detail.
std::string excerpt(std::string_view line) {
    std::string out;
    for (char c : line.substr(0, 48))
        out.push_back(c >= 0x20 && c < 0x7f ? c : '?');
    return "\"" + out + (line.size() > 48 ? "...\"" : "\"");
}

} // namespace

JobKey::JobKey() : m_bytes(new unsigned char[kBytes]()) {}

JobKey::~JobKey() {
    clear();
}

void JobKey::clear() {
    if (m_bytes)
        OPENSSL_cleanse(m_bytes.get(), kBytes);
    m_bytes.reset();
}

Result<JobKey> JobKey::fresh() {
    JobKey key;
    if (RAND_priv_bytes(key.m_bytes.get(), int(kBytes)) != 1)
        return Error::make("no-randomness",
                           "the system's random generator gave no key for the job");
    return key;
}

Result<JobKey> JobKey::fromLine(std::string_view line) {
    if (line.size() != kLineBytes || line.back() != '\n')
        return Error::make("bad-key", "the job's key line must be 64 hex digits and a newline");
    JobKey key;
    for (std::size_t i = 0; i < kBytes; ++i) {
        const int hi = hexValue(line[2 * i]), lo = hexValue(line[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return Error::make("bad-key",
                               "the job's key line must be 64 lower-case hex digits and a newline");
        key.m_bytes[i] = static_cast<unsigned char>(hi << 4 | lo);
    }
    return key;
}

std::string JobKey::line() const {
    std::string hex;
    hex.reserve(kLineBytes);
    for (std::size_t i = 0; i < kBytes; ++i) {
        hex.push_back(kHexDigits[m_bytes[i] >> 4]);
        hex.push_back(kHexDigits[m_bytes[i] & 15]);
    }
    hex.push_back('\n');
    return hex;
}

bool JobKey::operator==(const JobKey& other) const {
    if (!m_bytes || !other.m_bytes)
        return !m_bytes && !other.m_bytes;
    return CRYPTO_memcmp(m_bytes.get(), other.m_bytes.get(), kBytes) == 0;
}

void cleanse(std::string& secret) {
    if (!secret.empty())
        OPENSSL_cleanse(secret.data(), secret.size());
    secret.clear();
}

std::string signFrame(const JobKey& key, std::uint64_t seq, std::string_view payload) {
    const std::string number = std::to_string(seq);
    std::string frame;
    frame.reserve(number.size() + kMacHex + payload.size() + 3);
    frame.append(number).append(1, ' ').append(macHex(key, number, payload)).append(1, ' ');
    frame.append(payload).append(1, '\n');
    return frame;
}

Result<nlohmann::json> JobChannelReader::accept(std::string_view line) {
    // "<seq> <mac> <payload>": a canonical decimal number, 64 hex digits, then the rest.
    const auto firstSpace = line.find(' ');
    const std::string_view seqText = line.substr(0, std::min(firstSpace, line.size()));
    std::uint64_t seq = 0;
    const bool numberOk =
        !seqText.empty() && seqText.size() <= 20 && (seqText == "0" || seqText[0] != '0') &&
        std::from_chars(seqText.data(), seqText.data() + seqText.size(), seq).ptr ==
            seqText.data() + seqText.size();
    if (firstSpace == std::string_view::npos || !numberOk ||
        line.size() < firstSpace + 1 + kMacHex + 2 || line[firstSpace + 1 + kMacHex] != ' ')
        return refused("a line on the job's channel is not a signed frame: " + excerpt(line));
    const std::string_view mac = line.substr(firstSpace + 1, kMacHex);
    const std::string_view payload = line.substr(firstSpace + 2 + kMacHex);
    const std::string expected = macHex(m_key, seqText, payload);
    if (expected.size() != kMacHex || CRYPTO_memcmp(expected.data(), mac.data(), kMacHex) != 0)
        return refused("frame " + std::string(seqText) +
                       " on the job's channel fails authentication (not signed with this job's "
                       "key, or altered)");
    if (seq != m_next)
        return refused(seq < m_next ? "frame " + std::to_string(seq) +
                                          " on the job's channel is a replay (frame " +
                                          std::to_string(m_next) + " was due)"
                                    : "frame " + std::to_string(seq) +
                                          " on the job's channel is out of order (frame " +
                                          std::to_string(m_next) + " was due)");
    auto msg = nlohmann::json::parse(payload, nullptr, false);
    if (!msg.is_object())
        return refused("frame " + std::to_string(seq) +
                       " on the job's channel holds no JSON object");
    ++m_next;
    return msg;
}

bool JobChannelWriter::send(const nlohmann::json& msg) {
    if (m_fd < 0 || m_key.empty())
        return false;
    std::string payload = msg.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    const std::string frame = signFrame(m_key, m_seq++, payload);
    std::size_t done = 0;
    while (done < frame.size()) {
        const ssize_t n = ::write(m_fd, frame.data() + done, frame.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += std::size_t(n);
    }
    return true;
}

void JobChannelWriter::close() {
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
    m_key.clear();
}

Result<JobKey> readJobKey(int fd) {
    std::string line(JobKey::kLineBytes, '\0'); // on the heap: longer than any small-string buffer
    std::size_t got = 0;
    while (got < line.size()) {
        const ssize_t n = ::read(fd, line.data() + got, line.size() - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += std::size_t(n);
        if (line[got - 1] == '\n')
            break; // a short line: refused below, without waiting for more input
    }
    line.resize(got);
    auto key = JobKey::fromLine(line);
    cleanse(line);
    if (!key && got == 0)
        return Error::make("bad-key",
                           "the job got no key (its first line on stdin must be the job's key)");
    return key;
}

} // namespace kwb::protocol
