#include "core/eval/eval_plan.h"

#include <fstream>
#include <limits>
#include <set>
#include <sstream>

#include <toml++/toml.h>

namespace kwb {

namespace {

constexpr int kMaxSamples = 10000;
constexpr int kMaxExamples = 50;

EvalPlace placeOf(const toml::node& n) {
    if (!n.source().begin)
        return {};
    return {static_cast<int>(n.source().begin.line), static_cast<int>(n.source().begin.column)};
}

// Collects problems with the plan's file name; each knows its place.
struct PlanReader {
    std::string file;
    std::filesystem::path baseDir;
    std::vector<TaskProblem> problems;

    void problem(EvalPlace at, const std::string& field, const std::string& message) {
        TaskProblem p;
        p.file = file;
        p.line = at.line;
        p.column = at.column;
        p.field = field;
        p.message = message;
        problems.push_back(std::move(p));
    }

    std::optional<std::string> text(const toml::node& n, const std::string& field) {
        if (auto s = n.as_string())
            return s->get();
        problem(placeOf(n), field, field + " must be a string");
        return std::nullopt;
    }

    std::optional<std::int64_t> integer(const toml::node& n, const std::string& field,
                                        std::int64_t lo, std::int64_t hi) {
        auto i = n.as_integer();
        if (!i) {
            problem(placeOf(n), field, field + " must be an integer");
            return std::nullopt;
        }
        if (i->get() < lo || i->get() > hi) {
            problem(placeOf(n), field,
                    field + " must be from " + std::to_string(lo) + " to " + std::to_string(hi) +
                        ", not " + std::to_string(i->get()));
            return std::nullopt;
        }
        return i->get();
    }

    std::optional<double> number(const toml::node& n, const std::string& field, double lo,
                                 double hi) {
        std::optional<double> v;
        if (auto f = n.as_floating_point())
            v = f->get();
        else if (auto i = n.as_integer())
            v = double(i->get());
        if (!v) {
            problem(placeOf(n), field, field + " must be a number");
            return std::nullopt;
        }
        if (!(*v >= lo && *v <= hi)) {
            std::ostringstream s;
            s << field << " must be from " << lo << " to " << hi << ", not " << *v;
            problem(placeOf(n), field, s.str());
            return std::nullopt;
        }
        return v;
    }

    void readModel(const toml::table& t, std::size_t index, EvalPlan& plan);
    void readModels(const toml::node& n, EvalPlan& plan);
    void readTasks(const toml::node& n, EvalPlan& plan);
    void readConditions(const toml::node& n, EvalPlan& plan, const std::string& skill,
                        int examples);
    void readTop(const toml::table& root, EvalPlan& plan);
};

void PlanReader::readModel(const toml::table& t, std::size_t index, EvalPlan& plan) {
    const std::string base = "models[" + std::to_string(index) + "]";
    EvalModel m;
    m.at = placeOf(t);
    for (auto&& [key, value] : t) {
        const std::string k(key.str()), field = base + "." + k;
        if (k == "name" || k == "provider" || k == "base_url" || k == "model") {
            auto s = text(value, field);
            if (s)
                (k == "name"       ? m.name
                 : k == "provider" ? m.provider
                 : k == "base_url" ? m.baseUrl
                                   : m.model) = *s;
        } else if (k == "temperature") {
            m.temperature = number(value, field, 0.0, 2.0);
        } else if (k == "top_p") {
            m.topP = number(value, field, 0.0, 1.0);
        } else if (k == "max_tokens") {
            if (auto v = integer(value, field, 1, 1000000))
                m.maxTokens = int(*v);
        } else {
            problem(placeOf(value), field,
                    "unknown key \"" + k +
                        "\" in a model (known: name, provider, base_url, model, temperature, "
                        "top_p, max_tokens)");
        }
    }
    for (auto [value, key] : {std::pair{&m.name, "name"}, std::pair{&m.provider, "provider"},
                              std::pair{&m.model, "model"}})
        if (value->empty())
            problem(m.at, base + "." + key, base + " needs a non-empty " + key);
    for (const auto& other : plan.models)
        if (!m.name.empty() && other.name == m.name)
            problem(m.at, base + ".name",
                    "two models are named \"" + m.name + "\" (the first on line " +
                        std::to_string(other.at.line) + ")");
    plan.models.push_back(std::move(m));
}

void PlanReader::readModels(const toml::node& n, EvalPlan& plan) {
    auto arr = n.as_array();
    if (!arr) {
        problem(placeOf(n), "models", "models must be an array of tables: [[models]]");
        return;
    }
    for (std::size_t i = 0; i < arr->size(); ++i) {
        const toml::node& item = *arr->get(i);
        if (auto t = item.as_table())
            readModel(*t, i, plan);
        else
            problem(placeOf(item), "models[" + std::to_string(i) + "]",
                    "each model must be a table ([[models]] with name, provider, model)");
    }
}

void PlanReader::readTasks(const toml::node& n, EvalPlan& plan) {
    auto arr = n.as_array();
    if (!arr) {
        problem(placeOf(n), "tasks",
                "tasks must be an array of strings: ids, \"family:F\", \"level:N\" or \"all\"");
        return;
    }
    for (std::size_t i = 0; i < arr->size(); ++i) {
        const toml::node& item = *arr->get(i);
        auto s = text(item, "tasks[" + std::to_string(i) + "]");
        if (s && s->empty())
            problem(placeOf(item), "tasks", "an empty task id");
        else if (s)
            plan.tasks.push_back({*s, placeOf(item)});
    }
    if (arr->empty())
        problem(placeOf(n), "tasks", "tasks is empty: name at least one task");
}

struct ConditionText {
    bool skill = false, examples = false;
    std::string skillFile; // empty with `skill`: the plan's default
    int k = 0;             // 0 with `examples`: the plan's default
    std::string error;
};

ConditionText splitCondition(const std::string& label) {
    ConditionText c;
    if (label == "plain")
        return c;
    std::stringstream parts(label);
    std::string part;
    while (std::getline(parts, part, '+')) {
        if (part == "skill" || part.starts_with("skill:")) {
            c.skill = true;
            c.skillFile = part.size() > 6 ? part.substr(6) : "";
            if (part == "skill:")
                c.error = "skill: needs a file, e.g. skill:skills/softmax.md";
        } else if (part == "examples" || part.starts_with("examples:")) {
            c.examples = true;
            const std::string k = part.size() > 9 ? part.substr(9) : "";
            char* end = nullptr;
            long v = part == "examples" ? 0 : std::strtol(k.c_str(), &end, 10);
            if (part != "examples" && (k.empty() || *end || v < 1 || v > kMaxExamples))
                c.error = "examples:K needs K from 1 to " + std::to_string(kMaxExamples);
            c.k = int(v);
        } else {
            c.error = "unknown condition part \"" + part +
                      "\" (known: plain, skill:FILE, examples:K, skill+examples)";
        }
    }
    if (!c.skill && !c.examples && c.error.empty())
        c.error = "unknown condition \"" + label + "\"";
    return c;
}

// A bare `skill` or `examples` takes the plan's key, else the one skill file or K the other
// conditions name; "skill+examples" is then the plan's skill together with its examples.
void PlanReader::readConditions(const toml::node& n, EvalPlan& plan, const std::string& skill,
                                int examples) {
    auto arr = n.as_array();
    if (!arr) {
        problem(placeOf(n), "conditions",
                "conditions must be an array of strings: \"plain\", \"skill:FILE\", "
                "\"examples:K\", \"skill+examples\"");
        return;
    }
    std::vector<std::pair<ConditionText, EvalPlace>> parsed;
    std::set<std::string> files;
    std::set<int> ks;
    for (std::size_t i = 0; i < arr->size(); ++i) {
        const toml::node& item = *arr->get(i);
        auto s = text(item, "conditions[" + std::to_string(i) + "]");
        if (!s)
            continue;
        for (const auto& c : plan.conditions)
            if (c.label == *s)
                problem(placeOf(item), "conditions", "condition \"" + *s + "\" is listed twice");
        ConditionText c = splitCondition(*s);
        if (!c.error.empty())
            problem(placeOf(item), "conditions", c.error);
        if (!c.skillFile.empty())
            files.insert(c.skillFile);
        if (c.k > 0)
            ks.insert(c.k);
        plan.conditions.push_back({*s, {}, 0, placeOf(item)});
        parsed.emplace_back(std::move(c), placeOf(item));
    }
    for (std::size_t i = 0; i < parsed.size(); ++i) {
        auto& [c, at] = parsed[i];
        std::string skillFile = c.skillFile.empty() ? skill : c.skillFile;
        if (c.skill && skillFile.empty() && files.size() == 1)
            skillFile = *files.begin();
        if (c.skill && skillFile.empty())
            problem(at, "conditions",
                    "\"" + plan.conditions[i].label +
                        "\" needs a skill: set skill = \"FILE\" or list one skill:FILE condition");
        int k = c.k ? c.k : examples ? examples : ks.size() == 1 ? *ks.begin() : 0;
        if (c.examples && k == 0)
            problem(at, "conditions",
                    "\"" + plan.conditions[i].label +
                        "\" needs a count: set examples = K or list one examples:K condition");
        if (c.skill && !skillFile.empty())
            plan.conditions[i].skillFile = baseDir / skillFile;
        plan.conditions[i].examples = c.examples ? k : 0;
    }
    if (arr->empty())
        problem(placeOf(n), "conditions", "conditions is empty: name at least \"plain\"");
}

void PlanReader::readTop(const toml::table& root, EvalPlan& plan) {
    static const std::set<std::string> known = {"name",     "tasks", "conditions", "samples",
                                                "repair",   "seed",  "bench",      "skill",
                                                "examples", "models"};
    for (auto&& [key, value] : root) {
        const std::string k(key.str());
        if (!known.count(k))
            problem(placeOf(value), k,
                    "unknown key \"" + k +
                        "\" (known: name, tasks, conditions, samples, repair, seed, bench, "
                        "skill, examples, [[models]])");
        else if (k == "name") {
            if (auto s = text(value, k); s && s->empty())
                problem(placeOf(value), k, "name must not be empty");
            else if (s)
                plan.name = *s;
        } else if (k == "samples") {
            if (auto v = integer(value, k, 1, kMaxSamples))
                plan.samples = int(*v);
        } else if (k == "repair") {
            if (auto v = integer(value, k, 0, 10))
                plan.repair = int(*v);
        } else if (k == "seed") {
            if (auto v = integer(value, k, 1, std::numeric_limits<std::int64_t>::max()))
                plan.seed = std::uint64_t(*v);
        } else if (k == "bench") {
            if (auto b = value.as_boolean())
                plan.bench = b->get();
            else
                problem(placeOf(value), k, "bench must be true or false");
        } else if (k == "tasks") {
            readTasks(value, plan);
        } else if (k == "models") {
            readModels(value, plan);
        }
    }
}

} // namespace

nlohmann::json EvalCondition::toJson() const {
    return {{"label", label}, {"skill_file", skillFile.string()}, {"examples", examples}};
}

nlohmann::json EvalModel::toJson() const {
    nlohmann::json j = {{"name", name},
                        {"provider", provider},
                        {"base_url", baseUrl},
                        {"model", model},
                        {"max_tokens", maxTokens}};
    j["temperature"] = temperature ? nlohmann::json(*temperature) : nlohmann::json();
    j["top_p"] = topP ? nlohmann::json(*topP) : nlohmann::json();
    return j;
}

nlohmann::json EvalPlan::toJson() const {
    nlohmann::json j = {{"name", name},
                        {"samples", samples},
                        {"repair", repair},
                        {"seed", seed},
                        {"bench", bench},
                        {"tasks", nlohmann::json::array()},
                        {"conditions", nlohmann::json::array()},
                        {"models", nlohmann::json::array()}};
    for (const auto& t : tasks)
        j["tasks"].push_back(t.text);
    for (const auto& c : conditions)
        j["conditions"].push_back(c.toJson());
    for (const auto& m : models)
        j["models"].push_back(m.toJson());
    return j;
}

EvalPlanRead parseEvalPlan(const std::string& text, const std::string& sourceName,
                           const std::filesystem::path& baseDir) {
    PlanReader r{sourceName, baseDir, {}};
    EvalPlanRead out;
    toml::parse_result parsed = toml::parse(text, sourceName);
    if (!parsed) {
        const toml::parse_error& e = parsed.error();
        r.problem({int(e.source().begin.line), int(e.source().begin.column)}, "",
                  "not valid TOML: " + std::string(e.description()));
        out.problems = std::move(r.problems);
        return out;
    }
    const toml::table& root = parsed.table();
    EvalPlan plan;
    plan.file = sourceName;
    r.readTop(root, plan);
    std::string skill;
    int examples = 0;
    if (auto n = root.get("skill"))
        skill = r.text(*n, "skill").value_or("");
    if (auto n = root.get("examples"))
        examples = int(r.integer(*n, "examples", 1, kMaxExamples).value_or(0));
    if (auto n = root.get("conditions"))
        r.readConditions(*n, plan, skill, examples);
    for (const char* required : {"name", "tasks", "conditions", "models"})
        if (!root.contains(required))
            r.problem({1, 1}, required, std::string("the plan has no ") + required);
    if (root.contains("models") && plan.models.empty() && r.problems.empty())
        r.problem({1, 1}, "models", "the plan names no model: add a [[models]] table");
    out.problems = std::move(r.problems);
    if (out.problems.empty())
        out.plan = std::move(plan);
    return out;
}

Result<EvalPlan> loadEvalPlan(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error::make("bad-plan", "cannot read the plan " + path.string());
    std::stringstream s;
    s << in.rdbuf();
    auto read = parseEvalPlan(s.str(), path.string(), path.parent_path());
    if (!read.plan)
        return Error::make("bad-plan", joinProblems(read.problems));
    return std::move(*read.plan);
}

namespace {
bool selects(const std::string& selector, const Task& t) {
    if (selector == "all")
        return true;
    if (selector.starts_with("family:"))
        return t.family == selector.substr(7);
    if (selector.starts_with("level:"))
        return std::to_string(t.level) == selector.substr(6);
    return t.id == selector;
}
} // namespace

Result<std::vector<Task>> selectEvalTasks(const EvalPlan& plan, const std::vector<Task>& catalog) {
    std::vector<TaskProblem> problems;
    std::set<std::string> chosen;
    for (const auto& sel : plan.tasks) {
        bool any = false;
        for (const auto& t : catalog)
            if (selects(sel.text, t)) {
                any = true;
                chosen.insert(t.id);
            }
        if (!any)
            problems.push_back({plan.file, sel.at.line, sel.at.column, "tasks",
                                "no task matches \"" + sel.text +
                                    "\" (an id of `kwb tasks list`, family:F, level:N or all)"});
    }
    if (!problems.empty())
        return Error::make("bad-plan", joinProblems(problems));
    std::vector<Task> out;
    for (const auto& t : catalog)
        if (chosen.count(t.id))
            out.push_back(t);
    return out;
}

Result<std::vector<std::string>> readEvalSkills(const EvalPlan& plan) {
    std::vector<TaskProblem> problems;
    std::vector<std::string> skills;
    for (const auto& c : plan.conditions) {
        std::string text;
        if (!c.skillFile.empty()) {
            std::ifstream in(c.skillFile, std::ios::binary);
            std::stringstream s;
            s << in.rdbuf();
            text = s.str();
            if (!in || text.find_first_not_of(" \t\r\n") == std::string::npos)
                problems.push_back({plan.file, c.at.line, c.at.column, "conditions",
                                    "cannot read the skill file " + c.skillFile.string() +
                                        (in ? " (it is empty)" : "")});
        }
        skills.push_back(std::move(text));
    }
    if (!problems.empty())
        return Error::make("bad-plan", joinProblems(problems));
    return skills;
}

} // namespace kwb
