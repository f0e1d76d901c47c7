#include "core/tasks/toml_task_reader.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/model/baseline_catalogue.h"

namespace kwb {

namespace {

std::string typeName(const toml::node& n) {
    switch (n.type()) {
    case toml::node_type::table:
        return "a table";
    case toml::node_type::array:
        return "an array";
    case toml::node_type::string:
        return "a string";
    case toml::node_type::integer:
        return "an integer";
    case toml::node_type::floating_point:
        return "a number";
    case toml::node_type::boolean:
        return "a boolean";
    default:
        return "a date or time";
    }
}

std::string indexed(const std::string& field, std::size_t i) {
    return field + "[" + std::to_string(i) + "]";
}

std::string join(const std::string& field, const std::string& key) {
    return field.empty() ? key : field + "." + key;
}

} // namespace

void TomlTaskReader::problem(const toml::node* at, const std::string& field,
                             const std::string& message) {
    TaskProblem p;
    p.file = m_file;
    p.field = field;
    p.message = message;
    if (at && at->source().begin) {
        p.line = static_cast<int>(at->source().begin.line);
        p.column = static_cast<int>(at->source().begin.column);
    } else {
        locate(p);
    }
    m_problems.push_back(std::move(p));
}

void TomlTaskReader::remember(const std::string& field, const toml::node& node) {
    if (node.source().begin)
        m_positions[field] = {static_cast<int>(node.source().begin.line),
                              static_cast<int>(node.source().begin.column)};
}

void TomlTaskReader::locate(TaskProblem& p) const {
    std::string field = p.field;
    for (;;) {
        const auto it = m_positions.find(field);
        if (it != m_positions.end()) {
            p.line = it->second.first;
            p.column = it->second.second;
            return;
        }
        const auto cut = field.find_last_of(".[");
        if (cut == std::string::npos || cut == 0)
            return;
        field.resize(cut);
    }
}

void TomlTaskReader::checkKeys(const toml::table& t, const std::string& field,
                               const Keys& allowed) {
    for (auto&& [key, node] : t) {
        const std::string k(key.str());
        if (std::find_if(allowed.begin(), allowed.end(), [&](const char* a) { return k == a; }) ==
            allowed.end())
            problem(&node, join(field, k), "unknown key \"" + k + "\"");
    }
}

const toml::node* TomlTaskReader::need(const toml::table& t, const char* key,
                                       const std::string& field, bool required) {
    const toml::node* n = t.get(key);
    if (n) {
        remember(join(field, key), *n);
    } else if (required) {
        TaskProblem p;
        p.file = m_file;
        p.field = join(field, key);
        p.message = "missing key \"" + std::string(key) + "\"" +
                    (field.empty() ? std::string() : " in " + field);
        if (t.source().begin) {
            p.line = static_cast<int>(t.source().begin.line);
            p.column = static_cast<int>(t.source().begin.column);
        }
        m_problems.push_back(std::move(p));
    }
    return n;
}

std::string TomlTaskReader::readString(const toml::table& t, const char* key,
                                       const std::string& field, bool required) {
    const toml::node* n = need(t, key, field, required);
    if (!n)
        return {};
    if (!n->is_string()) {
        problem(n, join(field, key),
                "\"" + std::string(key) + "\" must be a string, not " + typeName(*n));
        return {};
    }
    return n->as_string()->get();
}

std::optional<double> TomlTaskReader::readNumber(const toml::table& t, const char* key,
                                                 const std::string& field, bool required) {
    const toml::node* n = need(t, key, field, required);
    if (!n)
        return std::nullopt;
    if (!n->is_number()) {
        problem(n, join(field, key),
                "\"" + std::string(key) + "\" must be a number, not " + typeName(*n));
        return std::nullopt;
    }
    return n->value<double>();
}

const toml::table* TomlTaskReader::readTable(const toml::table& t, const char* key,
                                             const std::string& field, bool required) {
    const toml::node* n = need(t, key, field, required);
    if (!n)
        return nullptr;
    if (!n->is_table()) {
        problem(n, join(field, key),
                "\"" + std::string(key) + "\" must be a table, not " + typeName(*n));
        return nullptr;
    }
    return n->as_table();
}

template <typename E>
E TomlTaskReader::readEnum(const toml::table& t, const char* key, const std::string& field,
                           std::optional<E> (*parse)(const std::string&), const char* what,
                           E fallback, bool required) {
    const toml::node* n = t.get(key);
    const std::string s = readString(t, key, field, required);
    if (s.empty())
        return fallback;
    if (auto v = parse(s))
        return *v;
    problem(n, join(field, key), std::string("unknown ") + what + " \"" + s + "\"");
    return fallback;
}

void TomlTaskReader::readParameter(const toml::table& t, const std::string& field, Parameter& p) {
    checkKeys(t, field, {"name", "kind", "dtype", "shape", "distribution", "default"});
    p.name = readString(t, "name", field);
    p.kind = readEnum(t, "kind", field, &parseParamKind, "parameter kind", ParamKind::Input);
    const bool buffer = p.isBuffer();
    if (buffer || t.get("dtype"))
        p.dtype = readEnum(t, "dtype", field, &parseDType, "dtype", DType::F32);
    if (const toml::node* n = need(t, "shape", field, buffer)) {
        if (const toml::array* a = n->as_array()) {
            for (std::size_t i = 0; i < a->size(); ++i) {
                const toml::node& e = *a->get(i);
                if (e.is_string())
                    p.shape.push_back(e.as_string()->get());
                else if (e.is_integer())
                    p.shape.push_back(std::to_string(e.as_integer()->get()));
                else
                    problem(&e, indexed(join(field, "shape"), i),
                            "a shape entry must be a dimension name or expression, not " +
                                typeName(e));
            }
        } else {
            problem(n, join(field, "shape"), "\"shape\" must be an array, not " + typeName(*n));
        }
    }
    if (const toml::table* d = readTable(t, "distribution", field, false)) {
        const std::string at = join(field, "distribution");
        p.distribution.kind = readEnum(*d, "kind", at, &parseDistributionKind, "distribution",
                                       DistributionKind::Normal);
        const bool normal = p.distribution.kind == DistributionKind::Normal;
        checkKeys(*d, at, normal ? Keys{"kind", "mean", "std"} : Keys{"kind", "low", "high"});
        p.distribution.a = readNumber(*d, normal ? "mean" : "low", at).value_or(0.0);
        p.distribution.b = readNumber(*d, normal ? "std" : "high", at).value_or(1.0);
    }
    p.defaultValue = readNumber(t, "default", field, false);
}

void TomlTaskReader::readShape(const toml::table& t, const std::string& field, ShapeSpec& s) {
    checkKeys(t, field, {"name", "dims", "scalars", "cpu_reference"});
    s.name = readString(t, "name", field);
    if (const toml::table* dims = readTable(t, "dims", field)) {
        for (auto&& [key, node] : *dims) {
            const std::string k(key.str());
            const std::string at = join(join(field, "dims"), k);
            remember(at, node);
            if (node.is_integer())
                s.dims[k] = node.as_integer()->get();
            else
                problem(&node, at,
                        "dimension \"" + k + "\" must be an integer, not " + typeName(node));
        }
    }
    if (const toml::table* scalars = readTable(t, "scalars", field, false)) {
        for (auto&& [key, node] : *scalars) {
            const std::string k(key.str());
            const std::string at = join(join(field, "scalars"), k);
            remember(at, node);
            if (node.is_number())
                s.scalars[k] = node.value<double>().value_or(0.0);
            else
                problem(&node, at, "scalar \"" + k + "\" must be a number, not " + typeName(node));
        }
    }
    if (const toml::node* n = need(t, "cpu_reference", field, false)) {
        if (n->is_boolean())
            s.cpuReference = n->as_boolean()->get();
        else
            problem(n, join(field, "cpu_reference"), "\"cpu_reference\" must be true or false");
    }
}

void TomlTaskReader::readTolerance(const toml::table& t, const std::string& field, Tolerance& tol) {
    checkKeys(t, field, {"rtol", "atol", "mode"});
    tol.rtol = readNumber(t, "rtol", field).value_or(0.0);
    tol.atol = readNumber(t, "atol", field).value_or(0.0);
    tol.mode = readEnum(t, "mode", field, &parseToleranceMode, "tolerance mode",
                        ToleranceMode::Elementwise);
}

// op names a library operation of the catalogue, whose library and label are the defaults;
// without op, library and label are required (a reference-kernel baseline needs no more).
void TomlTaskReader::readBaseline(const toml::table& b, Baseline& out) {
    checkKeys(b, "baseline", {"library", "label", "op", "dims", "params"});
    out.op = readString(b, "op", "baseline", false);
    const BaselineOp* op = out.op.empty() ? nullptr : findBaselineOp(out.op);
    out.library = readEnum(b, "library", "baseline", &parseBaselineLibrary, "baseline library",
                           op ? op->library : BaselineLibrary::Cublas, out.op.empty());
    out.label = readString(b, "label", "baseline", out.op.empty());
    if (out.label.empty() && op)
        out.label = op->label;
    if (const toml::table* dims = readTable(b, "dims", "baseline", false)) {
        for (auto&& [key, node] : *dims) {
            const std::string k(key.str());
            const std::string at = "baseline.dims." + k;
            remember(at, node);
            if (node.is_string())
                out.dims[k] = node.as_string()->get();
            else if (node.is_integer())
                out.dims[k] = std::to_string(node.as_integer()->get());
            else
                problem(&node, at,
                        "baseline dimension \"" + k +
                            "\" must be a formula over the task's dimensions, not " +
                            typeName(node));
        }
    }
    if (const toml::table* params = readTable(b, "params", "baseline", false)) {
        for (auto&& [key, node] : *params) {
            const std::string k(key.str());
            const std::string at = "baseline.params." + k;
            remember(at, node);
            if (node.is_number())
                out.params[k] = node.value<double>().value_or(0.0);
            else
                problem(&node, at,
                        "baseline parameter \"" + k + "\" must be a number, not " + typeName(node));
        }
    }
}

Task TomlTaskReader::read(const toml::table& root) {
    Task task;
    checkKeys(root, "",
              {"id", "title", "level", "family", "description", "prompt", "allowed_libraries",
               "entry", "parameters", "shapes", "tolerances", "cost", "baseline", "reference"});
    task.id = readString(root, "id", "");
    task.title = readString(root, "title", "");
    if (const toml::node* n = need(root, "level", "", true)) {
        if (n->is_integer() && n->as_integer()->get() >= std::numeric_limits<int>::min() &&
            n->as_integer()->get() <= std::numeric_limits<int>::max())
            task.level = static_cast<int>(n->as_integer()->get());
        else
            problem(n, "level", "\"level\" must be an integer 1, 2 or 3");
    }
    task.family = readString(root, "family", "");
    task.description = readString(root, "description", "", false);
    task.prompt = readString(root, "prompt", "");
    if (const toml::node* n = need(root, "allowed_libraries", "", false)) {
        const toml::array* a = n->as_array();
        for (std::size_t i = 0; a && i < a->size(); ++i) {
            const toml::node& e = *a->get(i);
            remember(indexed("allowed_libraries", i), e);
            if (e.is_string())
                task.allowedLibraries.push_back(e.as_string()->get());
            else
                problem(&e, indexed("allowed_libraries", i), "a library name must be a string");
        }
        if (!a)
            problem(n, "allowed_libraries", "\"allowed_libraries\" must be an array of names");
    }
    if (const toml::table* e = readTable(root, "entry", "")) {
        checkKeys(*e, "entry", {"name", "signature"});
        task.entryName = readString(*e, "name", "entry");
        task.entrySignature = readString(*e, "signature", "entry");
    }
    for (const char* list : {"parameters", "shapes"}) {
        const toml::node* n = need(root, list, "", true);
        const toml::array* a = n ? n->as_array() : nullptr;
        if (n && (!a || !a->is_array_of_tables())) {
            problem(n, list,
                    std::string("\"") + list + "\" must be an array of tables ([[" + list + "]])");
            continue;
        }
        for (std::size_t i = 0; a && i < a->size(); ++i) {
            const toml::table& t = *a->get(i)->as_table();
            const std::string at = indexed(list, i);
            remember(at, t);
            if (list[0] == 'p')
                readParameter(t, at, task.parameters.emplace_back());
            else
                readShape(t, at, task.shapes.emplace_back());
        }
    }
    if (const toml::table* tols = readTable(root, "tolerances", "")) {
        for (auto&& [key, node] : *tols) {
            const std::string k(key.str());
            const std::string at = "tolerances." + k;
            remember(at, node);
            if (const toml::table* t = node.as_table())
                readTolerance(*t, at, task.tolerances[k]);
            else
                problem(&node, at, "tolerance for \"" + k + "\" must be a table");
        }
    }
    if (const toml::table* c = readTable(root, "cost", "")) {
        checkKeys(*c, "cost", {"flops", "bytes"});
        task.flopsFormula = readString(*c, "flops", "cost");
        task.bytesFormula = readString(*c, "bytes", "cost");
    }
    if (const toml::table* r = readTable(root, "reference", "", false)) {
        checkKeys(*r, "reference", {"kernel", "cpu"});
        task.reference.kernel = readString(*r, "kernel", "reference", false);
        task.reference.cpu = readString(*r, "cpu", "reference", false);
    }
    // Without a [baseline] table the task's reference kernel is the baseline.
    const bool needBaseline = !task.reference.hasKernel();
    if (const toml::table* b = readTable(root, "baseline", "", false))
        readBaseline(*b, task.baseline);
    else if (needBaseline)
        problem(&root, "baseline",
                "missing key \"baseline\": name a library operation ([baseline] op) or a "
                "reference kernel ([reference] kernel = \"reference.cu\")");
    else
        task.baseline = {BaselineLibrary::ReferenceKernel, "reference kernel", {}, {}, {}};
    return task;
}

} // namespace kwb
