#pragma once
// A lexer for CUDA C++ good enough to screen machine-written host code: it follows the
// translation phases a hostile candidate could use to hide a name from a plain text search
// (line splices, universal character names, digraphs, raw strings, comments), so that what it
// reports as an identifier is what the compiler sees. Preprocessor directives are kept as one
// token each with their own tokens inside. Not a parser; the screen on top of it decides what is
// host code.
#include <string>
#include <string_view>
#include <vector>

namespace kwb {

struct CudaToken {
    enum class Kind { Identifier, Number, String, Char, Punct, Directive };
    Kind kind = Kind::Punct;
    std::string text; // identifiers decoded (UCNs), strings without quotes or prefixes
    int line = 0;     // 1-based line of the token's first character in the original source
    std::vector<CudaToken> inner; // a directive's tokens ("define", "NAME", body...)
};

// Tokens of source. Unterminated comments and literals end at the end of the source (the
// compiler rejects them anyway); the lexer never fails.
std::vector<CudaToken> lexCuda(std::string_view source);

} // namespace kwb
