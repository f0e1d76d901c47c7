#include "core/verify/timing_overrides.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace kwb {
namespace {

enum class Kind { Integer, Number, Switch, StopRule };

// Each key, its type, its allowed range and its default (the worker's TimingPolicy defaults,
// used to check relations with keys not given). lowOpen: the low end is excluded.
struct TimingKey {
    const char* name;
    Kind kind;
    double low, high;
    bool lowOpen;
    double byDefault;
};

constexpr TimingKey kKeys[] = {
    {"target_rse", Kind::Number, 0, 1, true, 0.005},
    {"min_samples", Kind::Integer, 1, 1000000, false, 6},
    {"max_samples", Kind::Integer, 1, 1000000, false, 400},
    {"time_cap_ms", Kind::Number, 0, 3600000, true, 600},
    {"warmup", Kind::Integer, 0, 1000000, false, 3},
    {"warmup_long", Kind::Integer, 0, 1000000, false, 1},
    {"warmup_ms", Kind::Number, 0, 600000, false, 30},
    {"flush_l2", Kind::Switch, 0, 1, false, 1},
    {"min_sample_ms", Kind::Number, 0, 60000, false, 1},
    {"max_batch", Kind::Integer, 1, 1048576, false, 2048},
    {"graphs", Kind::Switch, 0, 1, false, 1},
    {"clock_settle_ms", Kind::Number, 0, 600000, false, 0},
    {"keep_above_clock_fraction", Kind::Number, 0, 1, false, 0.97},
    {"cover_us", Kind::Number, 0, 100000, false, 100},
    {"max_cover_us", Kind::Number, 0, 100000, false, 4000},
    {"memset_kernels", Kind::Switch, 0, 1, false, 1},
    {"stop_on", Kind::StopRule, 0, 0, false, 0},
    {"rotate_l2", Kind::Number, 0, 64, false, 3},
    {"min_buffer_sets", Kind::Integer, 1, 256, false, 16},
    {"max_buffer_sets", Kind::Integer, 1, 256, false, 32},
    {"max_rotate_mib", Kind::Number, 0, 1048576, false, 1024},
    {"warm_l2_fill", Kind::Number, 0, 1, false, 0.5},
    {"prime_sets", Kind::Integer, 0, 2, false, 1},
    {"watch_ms", Kind::Number, 0, 1000, false, 3},
    {"watch_tries", Kind::Integer, 1, 100, false, 40},
};

std::string number(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.10g", v);
    return b;
}

Error bad(const std::string& message) {
    return Error::make("bad-option", "--timing: " + message);
}

} // namespace

Result<nlohmann::json> parseTimingOverrides(const std::vector<std::string>& items) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& item : items) {
        auto eq = item.find('=');
        std::string key = item.substr(0, eq),
                    value = eq == std::string::npos ? "" : item.substr(eq + 1);
        const TimingKey* spec = std::find_if(std::begin(kKeys), std::end(kKeys),
                                             [&](const TimingKey& k) { return key == k.name; });
        if (spec == std::end(kKeys))
            return bad("unknown key \"" + key + "\"");
        if (eq == std::string::npos)
            return bad(key + " needs a value (" + key + "=VALUE)");
        if (out.contains(key))
            return bad(key + " is given twice");
        if (spec->kind == Kind::StopRule) {
            if (value != "mean" && value != "median")
                return bad("stop_on is mean or median, got \"" + value + "\"");
            out[key] = value;
            continue;
        }
        if (spec->kind == Kind::Switch) {
            if (value != "true" && value != "false")
                return bad(key + " is true or false, got \"" + value + "\"");
            out[key] = value == "true";
            continue;
        }
        char* end = nullptr;
        double v = std::strtod(value.c_str(), &end);
        const std::string range = (spec->lowOpen ? "above " : "from ") + number(spec->low) +
                                  (spec->lowOpen ? " up to " : " to ") + number(spec->high);
        if (value.empty() || *end != '\0' || !std::isfinite(v))
            return bad(key + " needs a number " + range + ", got \"" + value + "\"");
        if (v < spec->low || (spec->lowOpen && v == spec->low) || v > spec->high)
            return bad(key + " must be " + range + ", got " + value);
        if (spec->kind == Kind::Integer) {
            if (v != std::floor(v))
                return bad(key + " needs a whole number, got " + value);
            out[key] = static_cast<long long>(v); // in range, so exact
        } else {
            out[key] = v;
        }
    }
    // Relations, with the defaults standing in for keys not given.
    auto valueOf = [&](const char* name) {
        if (out.contains(name))
            return out[name].get<double>();
        return std::find_if(std::begin(kKeys), std::end(kKeys),
                            [&](const TimingKey& k) { return std::string(name) == k.name; })
            ->byDefault;
    };
    for (auto [low, high] :
         {std::pair{"min_samples", "max_samples"}, std::pair{"min_buffer_sets", "max_buffer_sets"},
          std::pair{"cover_us", "max_cover_us"}}) {
        if ((out.contains(low) || out.contains(high)) && valueOf(low) > valueOf(high))
            return bad(std::string(low) + " (" + number(valueOf(low)) + ") must not be above " +
                       high + " (" + number(valueOf(high)) + ")" +
                       (out.contains(low) && out.contains(high) ? "" : ", the default"));
    }
    return out;
}

nlohmann::json timingOverrideDefaults() {
    nlohmann::json d = nlohmann::json::object();
    for (const TimingKey& k : kKeys)
        if (k.kind != Kind::StopRule)
            d[k.name] = k.byDefault;
    return d;
}

} // namespace kwb
