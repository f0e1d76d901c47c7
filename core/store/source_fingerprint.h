#pragma once
// Fingerprints of a kernel's source for finding duplicates: the normalised text (comments and
// whitespace gone, one space between tokens) for exact duplicates, and a MinHash signature of
// token shingles for near duplicates. Pure functions; any thread.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kwb {

struct SourceFingerprint {
    static constexpr int kShingleTokens = 5; // tokens per shingle
    static constexpr int kHashes = 60;       // signature length
    static constexpr int kBands = 10;        // LSH bands of kHashes / kBands rows each
    static constexpr int kRowsPerBand = kHashes / kBands;

    std::string normalisedHash;           // SHA-256 (32 hex digits) of the normalised text
    std::vector<std::uint32_t> signature; // kHashes values; empty when the source is too short
};

// Tokens of C/C++/CUDA source without comments: identifiers and numbers, string and character
// literals (kept whole), and single punctuation characters.
std::vector<std::string_view> sourceTokens(std::string_view source);
// The tokens joined by single spaces.
std::string normaliseSource(std::string_view source);
SourceFingerprint fingerprintSource(std::string_view source);
// The fraction of equal entries: an estimate of the Jaccard similarity of the shingle sets.
double signatureSimilarity(const std::vector<std::uint32_t>& a,
                           const std::vector<std::uint32_t>& b);
// One key per band, scoped to a task (near duplicates are looked for within one task).
std::vector<std::int64_t> bandKeys(const std::string& taskId,
                                   const std::vector<std::uint32_t>& signature);

} // namespace kwb
