#pragma once
// What the screen reads from a candidate's declarations rather than its names (internal to
// core/screening): host state kept between calls, and conditional directives that would make
// the compiler see other blocks than the screen does.
#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/screening/cuda_lexer.h"

namespace kwb::screening {

// The candidate's #defines, by name (their bodies' tokens).
using MacroBodies = std::map<std::string, std::vector<CudaToken>>;

// Whether the declaration in toks[from, to) declares mutable data: not a function, not a type,
// not constexpr, and not const where const binds the variable itself (a pointer to const is a
// pointer that can be set again: the key of a cache by pointer). Template arguments, attributes
// and alignment specifiers are skipped; the declaration ends at its initializer or array bound.
bool declaresMutableData(const std::vector<CudaToken>& toks, std::size_t from, std::size_t to);

// Mutable variables at namespace scope (the file's, a namespace's, an extern "C" block's), each
// as (kind, line): "host-state" (kept between calls, as a function's static is; a global object's
// constructor also runs when the library loads), or "preprocessor-trick" for a statement there
// that a user macro makes (the screen cannot see what it declares). Device variables
// (__device__, __constant__) are device code and not reported; __managed__ ones are host state.
std::vector<std::pair<std::string, int>> namespaceScopeState(const std::vector<CudaToken>& toks,
                                                             const MacroBodies& macros);

// Lines of conditional directives (#else, #elif..., #endif) ending a branch whose braces do not
// balance: the compiler then sees blocks the screen does not, whichever branch it takes.
std::vector<int> unbalancedConditionals(const std::vector<CudaToken>& toks);

} // namespace kwb::screening
