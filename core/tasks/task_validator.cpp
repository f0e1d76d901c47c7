#include "core/tasks/task_validator.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <set>

#include "core/model/baseline_catalogue.h"
#include "core/reference/cpu_reference.h"
#include "core/reference/formula.h"

namespace kwb {

namespace {

// Buffers stay below 2^31 elements so that int indexing in candidates is correct, and below
// this many bytes in total per shape so a task cannot ask the worker for absurd memory.
constexpr double kMaxBufferElements = 2147483647.0;
constexpr double kMaxShapeBytes = 48.0 * 1024 * 1024 * 1024;
// A float64 CPU reference must finish in well under a second.
constexpr double kMaxCpuReferenceFlops = 2e9;

bool isIdentifier(const std::string& s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])))
        return false;
    return std::all_of(s.begin(), s.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    });
}

bool isTaskId(const std::string& s) {
    if (s.empty() || s.front() == '-' || s.back() == '-')
        return false;
    return std::all_of(s.begin(), s.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    });
}

bool isPunctuation(char c) {
    return c == '(' || c == ')' || c == ',' || c == '*' || c == '&' || c == ';';
}

class Checker {
public:
    std::vector<TaskProblem> problems;

    void add(std::string field, std::string message) {
        TaskProblem p;
        p.field = std::move(field);
        p.message = std::move(message);
        problems.push_back(std::move(p));
    }
};

std::string indexed(const char* list, std::size_t i) {
    return std::string(list) + "[" + std::to_string(i) + "]";
}

void checkHeader(const Task& t, Checker& c) {
    if (!isTaskId(t.id))
        c.add("id", "id \"" + t.id + "\" must be lower-case letters, digits and '-'");
    if (t.title.empty())
        c.add("title", "title is empty");
    if (t.level < 1 || t.level > 3)
        c.add("level", "level must be 1, 2 or 3, not " + std::to_string(t.level));
    if (t.family.empty())
        c.add("family", "family is empty");
    if (t.prompt.empty())
        c.add("prompt", "prompt is empty");
    if (!isIdentifier(t.entryName))
        c.add("entry.name", "entry name \"" + t.entryName + "\" is not a C identifier");
    const std::string want = canonicalSignature(t);
    if (normalizeSignature(t.entrySignature) != normalizeSignature(want))
        c.add("entry.signature", "signature does not match the parameters: expected " + want);
}

// Returns the dimension names.
std::set<std::string> checkParameters(const Task& t, Checker& c) {
    std::set<std::string> names, dims;
    int streams = 0, outputs = 0;
    for (const auto& p : t.parameters)
        if (p.kind == ParamKind::Dim)
            dims.insert(p.name);
    for (std::size_t i = 0; i < t.parameters.size(); ++i) {
        const Parameter& p = t.parameters[i];
        const std::string at = indexed("parameters", i);
        if (!isIdentifier(p.name))
            c.add(at + ".name", "parameter name \"" + p.name + "\" is not a C identifier");
        else if (!names.insert(p.name).second)
            c.add(at + ".name", "parameter \"" + p.name + "\" is declared twice");
        if (p.kind == ParamKind::Stream) {
            ++streams;
            if (i + 1 != t.parameters.size())
                c.add(at + ".kind", "the stream must be the last parameter");
        }
        if (p.kind == ParamKind::Output)
            ++outputs;
        if (p.isBuffer()) {
            if (p.shape.empty())
                c.add(at + ".shape", "buffer \"" + p.name + "\" has no shape");
            for (const auto& entry : p.shape) {
                auto f = Formula::parse(entry);
                if (!f) {
                    c.add(at + ".shape", f.error().message);
                    continue;
                }
                for (const auto& n : f->names())
                    if (!dims.count(n))
                        c.add(at + ".shape", "shape of \"" + p.name + "\" uses \"" + n +
                                                 "\", which is not a dimension parameter");
            }
        } else if (!p.shape.empty()) {
            c.add(at + ".shape", "only buffers have a shape");
        }
        if (p.kind == ParamKind::Input) {
            const auto& d = p.distribution;
            if (!std::isfinite(d.a) || !std::isfinite(d.b) ||
                (d.kind == DistributionKind::Normal && d.b <= 0) ||
                (d.kind == DistributionKind::Uniform && d.a >= d.b))
                c.add(at + ".distribution",
                      "distribution of \"" + p.name +
                          "\" needs std > 0 (normal) or low < high (uniform)");
            else if (d.kind == DistributionKind::Integers &&
                     (d.a != std::trunc(d.a) || d.b != std::trunc(d.b) || d.a > d.b ||
                      std::fabs(d.a) > 16777216.0 || std::fabs(d.b) > 16777216.0))
                c.add(at + ".distribution",
                      "distribution of \"" + p.name +
                          "\" needs whole numbers low <= high, |value| <= 2^24 "
                          "(integers)");
        }
        if (p.defaultValue && (p.kind != ParamKind::Scalar || !std::isfinite(*p.defaultValue)))
            c.add(at + ".default", "only scalars have a default, and it must be finite");
    }
    if (streams != 1)
        c.add("parameters",
              "exactly one stream parameter is needed, found " + std::to_string(streams));
    if (outputs == 0)
        c.add("parameters", "no output buffer");
    return dims;
}

void checkShape(const Task& t, std::size_t i, const std::set<std::string>& dims,
                const std::vector<Formula>& costs, Checker& c) {
    const ShapeSpec& s = t.shapes[i];
    const std::string at = indexed("shapes", i);
    std::map<std::string, double> values;
    bool complete = true;
    for (const auto& d : dims) {
        const auto it = s.dims.find(d);
        if (it == s.dims.end()) {
            c.add(at + ".dims", "shape \"" + s.name + "\" does not give dimension \"" + d + "\"");
            complete = false;
        } else if (it->second < 1 || it->second > std::numeric_limits<int>::max()) {
            c.add(at + ".dims." + d, "dimension \"" + d + "\" of shape \"" + s.name +
                                         "\" must be between 1 and 2147483647");
            complete = false;
        } else {
            values[d] = static_cast<double>(it->second);
        }
    }
    for (const auto& [name, v] : s.dims)
        if (!dims.count(name))
            c.add(at + ".dims." + name, "\"" + name + "\" is not a dimension parameter");
    for (const auto* p : t.parametersOfKind(ParamKind::Scalar))
        if (!s.scalars.count(p->name) && !p->defaultValue)
            c.add(at + ".scalars", "shape \"" + s.name + "\" gives no value for scalar \"" +
                                       p->name + "\", which has no default");
    for (const auto& [name, v] : s.scalars) {
        const Parameter* p = t.findParameter(name);
        if (!p || p->kind != ParamKind::Scalar)
            c.add(at + ".scalars." + name, "\"" + name + "\" is not a scalar parameter");
        else if (!std::isfinite(v))
            c.add(at + ".scalars." + name, "scalar \"" + name + "\" must be finite");
    }
    if (!complete)
        return;
    double bytes = 0;
    for (const auto& p : t.parameters) {
        if (!p.isBuffer())
            continue;
        double elements = 1;
        for (const auto& entry : p.shape) {
            auto f = Formula::parse(entry);
            auto n = f ? f->evaluateInteger(values) : Result<long long>(f.error());
            if (!n || *n < 1) {
                elements = 0;
                break;
            }
            elements *= static_cast<double>(*n);
        }
        if (elements < 1)
            c.add(at, "buffer \"" + p.name + "\" has no valid size in shape \"" + s.name + "\"");
        else if (elements > kMaxBufferElements)
            c.add(at, "buffer \"" + p.name + "\" has more than 2^31-1 elements in shape \"" +
                          s.name + "\"");
        bytes += elements * dtypeSize(p.dtype);
    }
    if (bytes > kMaxShapeBytes)
        c.add(at, "shape \"" + s.name + "\" needs more than 48 GiB of buffers");
    for (std::size_t k = 0; k < costs.size(); ++k) {
        auto v = costs[k].evaluate(values);
        const char* field = k == 0 ? "cost.flops" : "cost.bytes";
        if (!v || *v <= 0)
            c.add(field, std::string(field) + " is not positive for shape \"" + s.name + "\"");
        else if (k == 0 && s.cpuReference && *v > kMaxCpuReferenceFlops)
            c.add(at + ".cpu_reference",
                  "shape \"" + s.name + "\" is too large for a float64 CPU reference");
    }
}

void checkShapes(const Task& t, const std::set<std::string>& dims, Checker& c) {
    std::vector<Formula> costs;
    for (const auto& [field, text] :
         {std::pair<const char*, const std::string&>{"cost.flops", t.flopsFormula},
          {"cost.bytes", t.bytesFormula}}) {
        auto f = Formula::parse(text);
        if (!f) {
            c.add(field, f.error().message);
            continue;
        }
        bool known = true;
        for (const auto& n : f->names())
            if (!dims.count(n)) {
                c.add(field, std::string(field) + " uses \"" + n +
                                 "\", which is not a dimension parameter");
                known = false;
            }
        if (known)
            costs.push_back(*f);
    }
    if (costs.size() != 2)
        costs.clear(); // already reported; do not evaluate half of them
    if (t.shapes.size() < 3)
        c.add("shapes", "at least 3 shapes are needed (large, odd-sized, small), found " +
                            std::to_string(t.shapes.size()));
    std::set<std::string> names;
    int cpu = 0, odd = 0;
    for (std::size_t i = 0; i < t.shapes.size(); ++i) {
        const ShapeSpec& s = t.shapes[i];
        if (s.name.empty() || !names.insert(s.name).second)
            c.add(indexed("shapes", i) + ".name",
                  "shape name \"" + s.name + "\" is empty or used twice");
        cpu += s.cpuReference ? 1 : 0;
        bool noneAligned = !s.dims.empty();
        for (const auto& [n, v] : s.dims)
            noneAligned = noneAligned && v % 16 != 0;
        odd += noneAligned ? 1 : 0;
        checkShape(t, i, dims, costs, c);
    }
    if (cpu == 0)
        c.add("shapes", "no shape has cpu_reference = true");
    if (odd == 0)
        c.add("shapes", "no shape where every dimension is not a multiple of 16");
}

void checkTolerances(const Task& t, Checker& c) {
    for (const auto* p : t.parametersOfKind(ParamKind::Output))
        if (!t.tolerances.count(p->name))
            c.add("tolerances", "output \"" + p->name + "\" has no tolerance");
    for (const auto& [name, tol] : t.tolerances) {
        const Parameter* p = t.findParameter(name);
        const std::string at = "tolerances." + name;
        if (!p || p->kind != ParamKind::Output)
            c.add(at, "\"" + name + "\" is not an output parameter");
        if (!(tol.rtol > 0) || !std::isfinite(tol.rtol))
            c.add(at + ".rtol", "rtol must be positive");
        if (!(tol.atol > 0) || !std::isfinite(tol.atol))
            c.add(at + ".atol", "atol must be positive");
    }
}

std::string dtypeList(const std::vector<DType>& types) {
    std::string out;
    for (DType d : types)
        out += (out.empty() ? "" : ", ") + toString(d);
    return out.empty() ? "none" : out;
}

// The task's buffers of one kind against what the operation takes, in order.
void checkOpBuffers(const Task& t, const BaselineOp& op, ParamKind kind, Checker& c) {
    const auto params = t.parametersOfKind(kind);
    const std::vector<DType>& want = kind == ParamKind::Input ? op.inputs : op.outputs;
    std::vector<DType> have;
    for (const auto* p : params)
        have.push_back(p->dtype);
    if (have != want)
        c.add("baseline.op", "baseline \"" + op.name + "\" takes " + toString(kind) + "s (" +
                                 dtypeList(want) + "), but the task has " + toString(kind) + "s (" +
                                 dtypeList(have) + ")");
}

void checkOpDims(const Task& t, const BaselineOp& op, const std::set<std::string>& dims,
                 Checker& c) {
    for (const auto& [name, formula] : t.baseline.dims) {
        const std::string at = "baseline.dims." + name;
        if (std::find(op.dims.begin(), op.dims.end(), name) == op.dims.end()) {
            c.add(at, "baseline \"" + op.name + "\" has no dimension \"" + name + "\"");
            continue;
        }
        auto f = Formula::parse(formula);
        if (!f) {
            c.add(at, f.error().message);
            continue;
        }
        for (const auto& n : f->names())
            if (!dims.count(n))
                c.add(at, "baseline dimension \"" + name + "\" uses \"" + n +
                              "\", which is not a dimension parameter");
    }
    for (const auto& d : op.dims)
        if (!t.baseline.dims.count(d) && !dims.count(d))
            c.add("baseline.op", "baseline \"" + op.name + "\" needs dimension \"" + d +
                                     "\": the task has no dimension of that name; map one with "
                                     "[baseline] dims = { " +
                                     d + " = \"...\" }");
    for (const auto& s : op.scalars) {
        const Parameter* p = t.findParameter(s);
        if (!p || p->kind != ParamKind::Scalar)
            c.add("baseline.op", "baseline \"" + op.name + "\" reads scalar \"" + s +
                                     "\", which is not a scalar parameter of the task");
    }
    for (const auto& [name, value] : t.baseline.params) {
        const bool known = std::any_of(op.params.begin(), op.params.end(),
                                       [&](const auto& p) { return p.first == name; });
        if (!known)
            c.add("baseline.params." + name,
                  "baseline \"" + op.name + "\" has no parameter \"" + name + "\"");
        else if (!std::isfinite(value))
            c.add("baseline.params." + name, "baseline parameter \"" + name + "\" must be finite");
    }
}

std::string knownOps() {
    std::string out;
    for (const auto& op : baselineCatalogue())
        out += (out.empty() ? "" : ", ") + op.name;
    return out;
}

// A named operation must exist and fit the task; a reference-kernel baseline needs the kernel.
void checkBaseline(const Task& t, const std::set<std::string>& dims, Checker& c) {
    const Baseline& b = t.baseline;
    if (b.label.empty())
        c.add("baseline.label", "baseline label is empty");
    if (b.op.empty()) {
        // A library without an op, or a reference-kernel baseline without the kernel, loads:
        // verificationGaps says what it lacks.
        if (!b.dims.empty() || !b.params.empty())
            c.add("baseline", "baseline dims and params need an op");
        return;
    }
    const BaselineOp* op = findBaselineOp(b.op);
    if (!op) {
        c.add("baseline.op", "unknown baseline op \"" + b.op + "\" (known: " + knownOps() + ")");
        return;
    }
    if (b.library != op->library)
        c.add("baseline.library", "baseline \"" + op->name + "\" is a " + toString(op->library) +
                                      " operation, not " + toString(b.library));
    checkOpBuffers(t, *op, ParamKind::Input, c);
    checkOpBuffers(t, *op, ParamKind::Output, c);
    checkOpDims(t, *op, dims, c);
}

void checkReference(const Task& t, Checker& c) {
    const TaskReference& r = t.reference;
    if (!r.cpu.empty() && !cpuref::hasCpuReference(r.cpu)) {
        std::string known;
        for (const auto& n : cpuref::cpuReferenceNames())
            known += (known.empty() ? "" : ", ") + n;
        c.add("reference.cpu", "unknown CPU reference \"" + r.cpu + "\" (known: " + known + ")");
    }
    if (r.hasKernel() && (r.kernel.find('\\') != std::string::npos || !r.kernel.ends_with(".cu")))
        c.add("reference.kernel",
              "the reference kernel must be a .cu file named relative to the task file, with '/'");
}

void checkLibraries(const Task& t, Checker& c) {
    const auto& known = knownCandidateLibraries();
    std::set<std::string> seen;
    for (std::size_t i = 0; i < t.allowedLibraries.size(); ++i) {
        const auto& lib = t.allowedLibraries[i];
        if (std::find(known.begin(), known.end(), lib) == known.end())
            c.add(indexed("allowed_libraries", i), "unknown library \"" + lib + "\"");
        else if (!seen.insert(lib).second)
            c.add(indexed("allowed_libraries", i), "library \"" + lib + "\" listed twice");
    }
}

} // namespace

const std::vector<std::string>& knownCandidateLibraries() {
    static const std::vector<std::string> libs{"cub",   "thrust", "cublas", "cublaslt",
                                               "cudnn", "curand", "cutlass"};
    return libs;
}

std::vector<TaskProblem> validateTask(const Task& task) {
    Checker c;
    checkHeader(task, c);
    const auto dims = checkParameters(task, c);
    checkShapes(task, dims, c);
    checkTolerances(task, c);
    checkBaseline(task, dims, c);
    checkReference(task, c);
    checkLibraries(task, c);
    return std::move(c.problems);
}

std::vector<std::string> verificationGaps(const Task& task) {
    std::vector<std::string> gaps;
    const bool library = !task.baseline.op.empty();
    const bool kernel = task.reference.hasKernel();
    if (!library && !kernel) {
        std::string unchecked;
        for (const auto& s : task.shapes)
            if (!s.cpuReference || task.reference.cpu.empty())
                unchecked += (unchecked.empty() ? "" : ", ") + s.name;
        gaps.push_back("no reference kernel ([reference] kernel = \"reference.cu\") and no "
                       "library baseline ([baseline] op): shapes " +
                       unchecked + " cannot be checked, and nothing is timed");
    }
    if (kernel && task.reference.kernelSource.empty())
        gaps.push_back("the reference kernel " + task.reference.kernel + " was not read");
    return gaps;
}

std::string canonicalSignature(const Task& task) {
    std::string out = "extern \"C\" void " + task.entryName + "(";
    for (std::size_t i = 0; i < task.parameters.size(); ++i) {
        const Parameter& p = task.parameters[i];
        if (i)
            out += ", ";
        switch (p.kind) {
        case ParamKind::Input:
            out += "const " + cTypeName(p.dtype) + "* ";
            break;
        case ParamKind::Output:
            out += cTypeName(p.dtype) + "* ";
            break;
        case ParamKind::Dim:
            out += "int ";
            break;
        case ParamKind::Scalar:
            out += "float ";
            break;
        case ParamKind::Stream:
            out += "cudaStream_t ";
            break;
        }
        out += p.name;
    }
    return out + ");";
}

std::string normalizeSignature(const std::string& signature) {
    std::string collapsed;
    for (char ch : signature) {
        if (std::isspace(static_cast<unsigned char>(ch))) {
            if (!collapsed.empty() && collapsed.back() != ' ')
                collapsed += ' ';
        } else {
            collapsed += ch;
        }
    }
    std::string out;
    for (std::size_t i = 0; i < collapsed.size(); ++i) {
        const char ch = collapsed[i];
        if (ch == ' ') {
            const bool nextPunct = i + 1 < collapsed.size() && isPunctuation(collapsed[i + 1]);
            const bool prevPunct = !out.empty() && isPunctuation(out.back());
            if (nextPunct || prevPunct || i + 1 == collapsed.size())
                continue;
        }
        out += ch;
    }
    while (!out.empty() && out.back() == ';')
        out.pop_back();
    return out;
}

} // namespace kwb
