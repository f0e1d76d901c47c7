#include "core/skill/skill_material.h"

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "core/model/verification.h"
#include "core/store/project_store.h"

namespace kwb {
namespace {

namespace v = verification;

// A regex per technique, matched against the source with comments left in: a comment naming a
// technique is rare in kernels that do not use it, and the list is a hint, not a proof.
const std::vector<TechniquePattern> kPatterns = {
    {"vectorised loads and stores (float4, float2, half2, int4)",
     R"(\b(float4|float2|int4|__half2|__nv_bfloat162|uint4)\b)"},
    {"shared-memory tiles (__shared__)", R"(__shared__)"},
    {"warp shuffles (__shfl_*_sync)", R"(__shfl_\w*sync)"},
    {"tensor cores (wmma, mma, wgmma)", R"(\bwmma::|\bmma\.sync|\bwgmma|__hmma)"},
    {"asynchronous copies (cp.async, memcpy_async, TMA)",
     R"(cp\.async|memcpy_async|__pipeline_memcpy_async|cp\.async\.bulk)"},
    {"unrolled loops (#pragma unroll)", R"(#pragma\s+unroll)"},
    {"read-only loads (__ldg, const __restrict__)",
     R"(__ldg\s*\(|const\s+\w+\s*\*\s*__restrict__)"},
    {"grid-stride loops", R"(gridDim\.x\s*\*\s*blockDim\.x|blockDim\.x\s*\*\s*gridDim\.x)"},
    {"block-level CUB primitives (cub::Block*, cub::Warp*)", R"(cub::(Block|Warp)\w+)"},
    {"cooperative groups", R"(cooperative_groups)"},
    {"fast-math intrinsics (__expf, __fdividef, rsqrtf)",
     R"(__expf|__fdividef|__frcp|rsqrtf|__logf)"},
    {"launch bounds (__launch_bounds__)", R"(__launch_bounds__)"},
    {"atomics (atomicAdd and friends)", R"(\batomic(Add|Max|Min|CAS)\b)"},
};

std::string firstLine(const std::string& text, std::size_t max = 160) {
    std::string line = text.substr(0, text.find('\n'));
    while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
        line.pop_back();
    if (line.size() > max)
        line = line.substr(0, max - 3) + "...";
    return line;
}

// The "Requirements:" list of a task's prompt, one entry per "- " item, continuation lines joined.
std::vector<std::string> promptRequirements(const std::string& prompt) {
    std::vector<std::string> out;
    std::istringstream in(prompt);
    std::string line;
    bool inList = false;
    while (std::getline(in, line)) {
        if (!inList) {
            inList = line.rfind("Requirements:", 0) == 0;
            continue;
        }
        if (line.empty())
            break;
        if (line.rfind("- ", 0) == 0)
            out.push_back(line.substr(2));
        else if (!out.empty())
            out.back() += " " + line.substr(line.find_first_not_of(' '));
    }
    return out;
}

struct Classified {
    std::int64_t id = 0;
    std::string taskId, source, gpu, mistakeKind, reason;
    std::optional<double> speedup;
    bool faster = false, acceptedPass = false;
};

// Why the sample failed: the verification's detail, else its first failing shape's, else the
// first build error; a rejection's note.
std::string failureReason(const v::VerificationRecordData& r) {
    if (!r.detail.empty())
        return firstLine(r.detail);
    for (const auto& s : r.shapes)
        if (!v::isPass(s.verdict.value) && !s.detail.empty())
            return "shape " + s.name + ": " + firstLine(s.detail);
    if (r.build)
        for (const auto& d : r.build->diagnostics)
            if (d.severity == "error")
                return "line " + std::to_string(d.line) + ": " + firstLine(d.message);
    return {};
}

Result<Classified> classify(ProjectStore& store, const Sample& s) {
    Classified c{s.id, s.taskId, s.source, s.status.gpu, {}, {}, s.status.speedup};
    std::optional<v::VerificationRecordData> latest;
    if (!s.status.verificationId.empty()) {
        auto records = store.verifications(s.id);
        if (!records)
            return records.error();
        if (!records->empty())
            latest = records->back();
    }
    const auto fam = latest ? v::family(latest->verdict.value) : v::VerdictFamily::NotRun;
    const bool passedOnGpu = latest && latest->passed() && s.status.onGpu;
    c.acceptedPass = s.status.verdict == Verdict::Accepted && passedOnGpu;
    c.faster = c.acceptedPass && s.status.speedup && *s.status.speedup > 1.0;
    if (fam == v::VerdictFamily::Failed || fam == v::VerdictFamily::SuspectedHack) {
        c.mistakeKind = latest->verdict.text();
        c.reason = failureReason(*latest);
    } else if (s.status.verdict == Verdict::Rejected) {
        c.mistakeKind = "rejected by a reviewer";
        auto history = store.reviewHistory(s.id);
        if (!history)
            return history.error();
        if (!history->empty())
            c.reason = firstLine(history->back().note);
    }
    return c;
}

std::vector<SkillTechnique> techniquesOf(const std::vector<Classified>& faster) {
    std::vector<SkillTechnique> out;
    for (const auto& p : kPatterns) {
        const std::regex re(p.regex);
        SkillTechnique t{p.name, 0, 0, 0};
        for (const auto& c : faster) {
            if (!std::regex_search(c.source, re))
                continue;
            t.minSpeedup = t.samples ? std::min(t.minSpeedup, *c.speedup) : *c.speedup;
            t.maxSpeedup = t.samples ? std::max(t.maxSpeedup, *c.speedup) : *c.speedup;
            ++t.samples;
        }
        if (t.samples)
            out.push_back(t);
    }
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
        return a.samples != b.samples ? a.samples > b.samples : a.maxSpeedup > b.maxSpeedup;
    });
    return out;
}

std::vector<SkillMistake> mistakesOf(const std::vector<Classified>& failing) {
    std::map<std::string, SkillMistake> byKind;
    for (const auto& c : failing) {
        auto& m = byKind[c.mistakeKind];
        m.kind = c.mistakeKind;
        ++m.samples;
        if (!c.reason.empty() && m.reasons.size() < 3 &&
            std::find(m.reasons.begin(), m.reasons.end(), c.reason) == m.reasons.end())
            m.reasons.push_back(c.reason);
    }
    std::vector<SkillMistake> out;
    for (auto& [_, m] : byKind)
        out.push_back(std::move(m));
    std::stable_sort(out.begin(), out.end(),
                     [](const auto& a, const auto& b) { return a.samples > b.samples; });
    return out;
}

std::size_t lineCount(const std::string& s) {
    return std::size_t(std::count(s.begin(), s.end(), '\n')) + 1;
}

// The shortest faster sample (ties: the faster one), else the shortest accepted passing one.
std::optional<SkillExample> exampleOf(const std::vector<Classified>& all) {
    const Classified* best = nullptr;
    for (bool fasterOnly : {true, false}) {
        for (const auto& c : all) {
            if (!(fasterOnly ? c.faster : c.acceptedPass))
                continue;
            if (!best || lineCount(c.source) < lineCount(best->source) ||
                (lineCount(c.source) == lineCount(best->source) &&
                 c.speedup.value_or(0) > best->speedup.value_or(0)))
                best = &c;
        }
        if (best)
            return SkillExample{best->id, best->taskId, best->source, best->speedup.value_or(0),
                                best->gpu};
    }
    return std::nullopt;
}

} // namespace

const std::vector<TechniquePattern>& techniquePatterns() {
    return kPatterns;
}

Result<SkillMaterial> gatherSkillMaterial(ProjectStore& store, const std::vector<Task>& tasks) {
    SkillMaterial m;
    m.tasks = tasks;
    SampleFilter filter;
    std::set<std::string> seen;
    for (const auto& t : tasks) {
        filter.tasks.push_back(t.id);
        for (auto& r : promptRequirements(t.prompt))
            if (seen.insert(r).second)
                m.requirements.push_back(std::move(r));
    }
    std::vector<Classified> all, faster, failing;
    Status inner = okStatus();
    Status st = store.forEachSample(filter, [&](const Sample& s) {
        auto c = classify(store, s);
        if (!c) {
            inner = c.error();
            return false;
        }
        all.push_back(std::move(*c));
        return true;
    });
    if (!st)
        return st.error();
    if (!inner)
        return inner.error();
    for (const auto& c : all) {
        if (c.faster)
            faster.push_back(c);
        if (!c.mistakeKind.empty())
            failing.push_back(c);
    }
    m.samplesRead = int(all.size());
    m.faster = int(faster.size());
    m.failing = int(failing.size());
    m.gpu = faster.empty() ? std::string() : faster.front().gpu;
    m.techniques = techniquesOf(faster);
    m.mistakes = mistakesOf(failing);
    m.example = exampleOf(all);
    if (faster.empty() && failing.empty())
        return Error::make("skill-no-material",
                           std::to_string(all.size()) +
                               " samples read, none of them accepted and faster than the "
                               "baseline on a GPU, none rejected or failing: nothing to teach");
    return m;
}

} // namespace kwb
