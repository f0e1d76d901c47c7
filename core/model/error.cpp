#include "core/model/error.h"

namespace kwb {

std::string describe(const Error& e) {
    if (e.code.empty())
        return e.message;
    return e.message + " [" + e.code + "]";
}

} // namespace kwb
