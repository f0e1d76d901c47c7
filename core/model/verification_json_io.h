#pragma once
// Internal to core/model/verification_json.cpp: typed, tolerant reads of one JSON object.
// FieldReader takes a key only when its value has the expected type, so whatever is left
// (unknown keys, known keys of another type) goes to the struct's `extra` unchanged.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace kwb::verification::detail {

using nlohmann::json;

inline bool convert(const json& v, bool& out) {
    return v.is_boolean() ? (out = v.get<bool>(), true) : false;
}
inline bool convert(const json& v, int& out) {
    return v.is_number_integer() ? (out = v.get<int>(), true) : false;
}
inline bool convert(const json& v, std::int64_t& out) {
    return v.is_number_integer() ? (out = v.get<std::int64_t>(), true) : false;
}
inline bool convert(const json& v, std::uint64_t& out) {
    if (v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0))
        return out = v.get<std::uint64_t>(), true;
    return false;
}
inline bool convert(const json& v, double& out) {
    return v.is_number() ? (out = v.get<double>(), true) : false;
}
inline bool convert(const json& v, std::string& out) {
    return v.is_string() ? (out = v.get<std::string>(), true) : false;
}
inline bool convert(const json& v, json& out) {
    return out = v, true;
}

template <typename T> bool convert(const json& v, std::vector<T>& out) {
    if (!v.is_array())
        return false;
    std::vector<T> r(v.size());
    for (std::size_t i = 0; i < v.size(); ++i)
        if (!convert(v[i], r[i]))
            return false;
    out = std::move(r);
    return true;
}

template <typename T> bool convert(const json& v, std::map<std::string, T>& out) {
    if (!v.is_object())
        return false;
    std::map<std::string, T> r;
    for (const auto& [k, x] : v.items())
        if (!convert(x, r[k]))
            return false;
    out = std::move(r);
    return true;
}

template <typename T> bool convert(const json& v, std::optional<T>& out) {
    T x{};
    if (!convert(v, x))
        return false;
    out = std::move(x);
    return true;
}

class FieldReader {
public:
    explicit FieldReader(const json& j) : m_rest(j.is_object() ? j : json::object()) {}

    // Reads key into out when present and of out's type; otherwise leaves out as it is.
    template <typename T> bool read(const char* key, T& out) {
        auto it = m_rest.find(key);
        if (it == m_rest.end())
            return false;
        T v{};
        if (!convert(*it, v))
            return false;
        out = std::move(v);
        m_rest.erase(it);
        return true;
    }
    // An object-valued key read by a struct reader; non-objects stay in the rest.
    template <typename T, typename F>
    bool readObject(const char* key, std::optional<T>& out, F fromJson) {
        auto it = m_rest.find(key);
        if (it == m_rest.end() || !it->is_object())
            return false;
        out = fromJson(*it);
        m_rest.erase(it);
        return true;
    }
    template <typename T, typename F>
    bool readObjects(const char* key, std::vector<T>& out, F fromJson) {
        auto it = m_rest.find(key);
        if (it == m_rest.end() || !it->is_array())
            return false;
        for (const auto& x : *it)
            if (!x.is_object())
                return false;
        out.clear();
        for (const auto& x : *it)
            out.push_back(fromJson(x));
        m_rest.erase(it);
        return true;
    }
    json rest() const { return m_rest; }

private:
    json m_rest;
};

// Known fields first, then the kept unknown ones over them: a known key of an unexpected type
// was kept in extra and is written back as it was read.
inline json withExtra(json j, const json& extra) {
    if (extra.is_object())
        for (const auto& [k, v] : extra.items())
            j[k] = v;
    return j;
}

} // namespace kwb::verification::detail
