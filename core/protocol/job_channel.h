#pragma once
// The job's result channel: every line kwb-job sends to the worker is a signed frame
//
//   <seq> <mac> <payload>\n
//
// seq: the frame's number in decimal, 0 for the job's first frame, one more for each next one;
// mac: HMAC-SHA256 in 64 lower-case hex digits, under the job's key, over
//   "kwb-job-frame-v1\n" <seq> "\n" <payload>;
// payload: one compact JSON object (protocol::frame without its newline).
//
// The key is 32 random bytes the worker makes for each job and writes as the first line on the
// job's stdin (64 hex digits and '\n'); the job reads exactly that line with read(2), before
// anything else reads stdin and long before the candidate is loaded, and keeps it in heap
// memory only. The candidate shares the job's process, so it can find the channel's descriptor
// and write bytes to it; without the key those bytes never make a frame the worker believes:
// at worst they corrupt one (which then fails). Uses OpenSSL's libcrypto (HMAC, RAND_priv_bytes,
// CRYPTO_memcmp, OPENSSL_cleanse), never code of our own.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/model/error.h"

namespace kwb::protocol {

// One job's secret: 32 bytes on the heap, zeroed when the key is dropped. Move-only.
class JobKey {
public:
    static constexpr std::size_t kBytes = 32;
    static constexpr std::size_t kLineBytes = 2 * kBytes + 1; // the hex line on the job's stdin

    // 32 bytes from OpenSSL's private generator (seeded by the kernel's getrandom).
    static Result<JobKey> fresh();
    // The key from its line: exactly 64 hex digits followed by '\n'.
    static Result<JobKey> fromLine(std::string_view line);

    JobKey(JobKey&&) noexcept = default;
    JobKey& operator=(JobKey&&) noexcept = default;
    ~JobKey();

    // The line the worker writes to the job; the caller zeroes it (cleanse) once written.
    std::string line() const;
    const unsigned char* bytes() const { return m_bytes.get(); }
    bool operator==(const JobKey& other) const;
    bool empty() const { return !m_bytes; }
    // Zeroes the key now (the job does so once its result is out).
    void clear();

private:
    JobKey();
    std::unique_ptr<unsigned char[]> m_bytes;
};

// Zeroes a string that held a secret (OPENSSL_cleanse, which the optimiser cannot drop), then
// empties it.
void cleanse(std::string& secret);

// The frame of `payload` (one JSON text without newlines) as number `seq`, with its '\n'.
std::string signFrame(const JobKey& key, std::uint64_t seq, std::string_view payload);

// The worker's end: checks each line's frame, MAC and number, in order. Why a line is refused
// is said in the error's message; its code is always "tampering".
class JobChannelReader {
public:
    explicit JobChannelReader(const JobKey& key) : m_key(key) {}
    // The payload of one line (without its '\n'), parsed: a JSON object.
    Result<nlohmann::json> accept(std::string_view line);
    std::uint64_t framesAccepted() const { return m_next; }

private:
    const JobKey& m_key;
    std::uint64_t m_next = 0;
};

// The job's end: signs and writes whole frames to one descriptor it owns. Single-threaded.
class JobChannelWriter {
public:
    JobChannelWriter(JobKey key, int fd) : m_key(std::move(key)), m_fd(fd) {}
    ~JobChannelWriter() { close(); }
    JobChannelWriter(const JobChannelWriter&) = delete;
    JobChannelWriter& operator=(const JobChannelWriter&) = delete;

    // False when the descriptor is closed or the write failed.
    bool send(const nlohmann::json& msg);
    // Closes the descriptor (the worker sees the channel's end) and zeroes the key.
    void close();

private:
    JobKey m_key;
    int m_fd = -1;
    std::uint64_t m_seq = 0;
};

// The job's first read: exactly JobKey::kLineBytes from `fd` with read(2) (never through a
// stdio or iostream buffer, so no copy of the line stays behind), into heap memory that is
// zeroed afterwards. Errors name what came instead.
Result<JobKey> readJobKey(int fd);

} // namespace kwb::protocol
