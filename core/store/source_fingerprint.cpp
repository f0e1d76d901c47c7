#include "core/store/source_fingerprint.h"

#include <cctype>
#include <limits>

#include "core/sys/sha256.h"

namespace kwb {
namespace {

std::uint64_t mix64(std::uint64_t x) { // splitmix64's finaliser: a good 64-bit permutation
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

std::uint64_t fnv1a(std::string_view s, std::uint64_t h = 0xcbf29ce484222325ULL) {
    for (unsigned char c : s) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    return h;
}

bool isWordChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

} // namespace

std::vector<std::string_view> sourceTokens(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0, n = s.size();
    while (i < n) {
        char c = s[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else if (c == '/' && i + 1 < n && s[i + 1] == '/') {
            while (i < n && s[i] != '\n')
                ++i;
        } else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
            std::size_t end = s.find("*/", i + 2);
            i = end == std::string_view::npos ? n : end + 2;
        } else if (c == '"' || c == '\'') {
            std::size_t j = i + 1;
            while (j < n && s[j] != c && s[j] != '\n')
                j += (s[j] == '\\' && j + 1 < n) ? 2 : 1;
            j = std::min(n, j + 1);
            out.push_back(s.substr(i, j - i));
            i = j;
        } else if (isWordChar(c)) {
            std::size_t j = i;
            while (j < n && (isWordChar(s[j]) ||
                             (s[j] == '.' && std::isdigit(static_cast<unsigned char>(s[i])))))
                ++j;
            out.push_back(s.substr(i, j - i));
            i = j;
        } else {
            out.push_back(s.substr(i, 1));
            ++i;
        }
    }
    return out;
}

std::string normaliseSource(std::string_view source) {
    std::string out;
    out.reserve(source.size());
    for (auto t : sourceTokens(source)) {
        if (!out.empty())
            out += ' ';
        out += t;
    }
    return out;
}

SourceFingerprint fingerprintSource(std::string_view source) {
    SourceFingerprint fp;
    auto tokens = sourceTokens(source);
    std::string norm;
    norm.reserve(source.size());
    std::vector<std::uint64_t> tokenHashes;
    tokenHashes.reserve(tokens.size());
    for (auto t : tokens) {
        if (!norm.empty())
            norm += ' ';
        norm += t;
        tokenHashes.push_back(fnv1a(t));
    }
    fp.normalisedHash = sha256Hex(norm).substr(0, 32);
    const int k = SourceFingerprint::kShingleTokens;
    if (tokenHashes.size() < std::size_t(k) * 2)
        return fp; // too short for shingles to mean anything
    fp.signature.assign(SourceFingerprint::kHashes, std::numeric_limits<std::uint32_t>::max());
    for (std::size_t i = 0; i + k <= tokenHashes.size(); ++i) {
        std::uint64_t h = 0x9e3779b97f4a7c15ULL;
        for (int j = 0; j < k; ++j)
            h = mix64(h ^ tokenHashes[i + std::size_t(j)]);
        for (int f = 0; f < SourceFingerprint::kHashes; ++f) {
            auto v = static_cast<std::uint32_t>(
                mix64(h + 0x632be59bd9b4e019ULL * std::uint64_t(f + 1)) >> 32);
            if (v < fp.signature[std::size_t(f)])
                fp.signature[std::size_t(f)] = v;
        }
    }
    return fp;
}

double signatureSimilarity(const std::vector<std::uint32_t>& a,
                           const std::vector<std::uint32_t>& b) {
    if (a.empty() || a.size() != b.size())
        return 0.0;
    std::size_t same = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        same += a[i] == b[i];
    return double(same) / double(a.size());
}

std::vector<std::int64_t> bandKeys(const std::string& taskId,
                                   const std::vector<std::uint32_t>& signature) {
    std::vector<std::int64_t> keys;
    if (signature.size() != std::size_t(SourceFingerprint::kHashes))
        return keys;
    const std::uint64_t taskHash = fnv1a(taskId);
    for (int b = 0; b < SourceFingerprint::kBands; ++b) {
        std::uint64_t h = mix64(taskHash ^ std::uint64_t(b + 1));
        for (int r = 0; r < SourceFingerprint::kRowsPerBand; ++r)
            h = mix64(h ^ signature[std::size_t(b * SourceFingerprint::kRowsPerBand + r)]);
        keys.push_back(static_cast<std::int64_t>(h));
    }
    return keys;
}

} // namespace kwb
