#include "core/eval/skill_eval_plan.h"

#include <cstdio>

namespace kwb {

namespace {

// A TOML basic string.
std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (const char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20 || u == 0x7f) {
            char b[8];
            std::snprintf(b, sizeof b, "\\u%04x", unsigned(u));
            out += b;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

std::string list(const std::vector<std::string>& items) {
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i ? ", " : "") + quoted(items[i]);
    return out + "]";
}

} // namespace

std::string skillEvalPlanToml(const SkillEvalPlan& plan) {
    std::string out = std::string(kSkillEvalPlanHeader) + "\n";
    out += "name = " + quoted(plan.name) + "\n";
    out += "tasks = " + list(plan.tasks) + "\n";
    out += "conditions = " + list({"plain", "skill:" + plan.skillFile}) + "\n";
    out += "samples = " + std::to_string(plan.samples) + "\n";
    out += "seed = " + std::to_string(plan.seed) + "\n";
    for (const EvalModel& m : plan.models) {
        out +=
            "\n[[models]]\nname = " + quoted(m.name) + "\nprovider = " + quoted(m.provider) + "\n";
        if (!m.baseUrl.empty())
            out += "base_url = " + quoted(m.baseUrl) + "\n";
        out += "model = " + quoted(m.model) + "\n";
        if (m.temperature) {
            char b[32];
            std::snprintf(b, sizeof b, "%.17g", *m.temperature);
            std::string t = b;
            if (t.find_first_of(".eE") == std::string::npos)
                t += ".0";
            out += "temperature = " + t + "\n";
        }
        out += "max_tokens = " + std::to_string(m.maxTokens) + "\n";
    }
    return out;
}

} // namespace kwb
