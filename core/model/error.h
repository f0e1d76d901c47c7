#pragma once
// Errors are values across layers and processes: a stable code plus a sentence for people.
#include <string>
#include <utility>
#include <variant>

namespace kwb {

struct Error {
    std::string code;    // stable, machine-readable: "worker-not-found", "timeout", ...
    std::string message; // one sentence a user can act on

    static Error make(std::string c, std::string m) { return Error{std::move(c), std::move(m)}; }
};

// A value or an Error. Small on purpose: std::expected is C++23.
template <typename T> class Result {
public:
    Result(T value) : m_v(std::move(value)) {}
    Result(Error error) : m_v(std::move(error)) {}

    bool ok() const { return std::holds_alternative<T>(m_v); }
    explicit operator bool() const { return ok(); }
    T& value() { return std::get<T>(m_v); }
    const T& value() const { return std::get<T>(m_v); }
    T& operator*() { return value(); }
    const T& operator*() const { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    const Error& error() const { return std::get<Error>(m_v); }

private:
    std::variant<T, Error> m_v;
};

struct Unit {};
using Status = Result<Unit>;
inline Status okStatus() {
    return Unit{};
}

// "code: message", for logs and the command line.
std::string describe(const Error& e);

} // namespace kwb
