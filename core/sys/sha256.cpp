// SHA-256 through OpenSSL's libcrypto (EVP), never a hash of our own.
#include "core/sys/sha256.h"

#include <array>

#include <openssl/evp.h>

namespace kwb {

std::string sha256Hex(std::string_view data) {
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int length = 0;
    // EVP_Digest only fails when the library is out of memory; an empty string is then no hash
    // any record could carry, so callers comparing hashes see a mismatch, not a false match.
    if (EVP_Digest(data.data(), data.size(), digest.data(), &length, EVP_sha256(), nullptr) != 1)
        return {};
    static const char* hex = "0123456789abcdef";
    std::string out;
    out.reserve(2 * length);
    for (unsigned int i = 0; i < length; ++i) {
        out.push_back(hex[digest[i] >> 4]);
        out.push_back(hex[digest[i] & 15]);
    }
    return out;
}

} // namespace kwb
