#include "core/skill/skill_document.h"

#include <cctype>
#include <cstdio>

namespace kwb {
namespace {

std::string speedText(double x) {
    char b[32];
    std::snprintf(b, sizeof b, "%.2fx", x);
    return b;
}

std::string title(const SkillMaterial& m) {
    if (m.tasks.size() == 1)
        return m.tasks.front().title;
    return "The " + m.tasks.front().family + " tasks";
}

// What may be cut, as counts of the items kept.
struct Kept {
    bool example = true;
    std::size_t reasons = 3, techniques = 0, mistakes = 0, requirements = 0;
};

void contract(const SkillMaterial& m, const Kept& k, std::string& out) {
    out += "## Contract\n\n";
    for (const auto& t : m.tasks)
        out += "- `" + t.id + "`: `" + t.entrySignature + "`\n";
    for (std::size_t i = 0; i < k.requirements && i < m.requirements.size(); ++i)
        out += "- " + m.requirements[i] + "\n";
}

void worked(const SkillMaterial& m, const Kept& k, std::string& out) {
    if (m.techniques.empty() || k.techniques == 0)
        return;
    out += "\n## What worked\n\nIn " + std::to_string(m.faster) +
           " accepted samples that beat the library baseline" +
           (m.gpu.empty() ? std::string() : " on " + m.gpu) + ":\n";
    for (std::size_t i = 0; i < k.techniques && i < m.techniques.size(); ++i) {
        const auto& t = m.techniques[i];
        out += "- " + t.name + ": " + std::to_string(t.samples) + " of " +
               std::to_string(m.faster) + ", " + speedText(t.minSpeedup) +
               (t.maxSpeedup > t.minSpeedup ? " to " + speedText(t.maxSpeedup) : "") + "\n";
    }
}

void mistakes(const SkillMaterial& m, const Kept& k, std::string& out) {
    if (m.mistakes.empty() || k.mistakes == 0)
        return;
    out += "\n## Mistakes to avoid\n\n";
    for (std::size_t i = 0; i < k.mistakes && i < m.mistakes.size(); ++i) {
        const auto& x = m.mistakes[i];
        out += "- " + x.kind + " (" + std::to_string(x.samples) + " sample" +
               (x.samples == 1 ? "" : "s") + ")";
        for (std::size_t r = 0; r < k.reasons && r < x.reasons.size(); ++r)
            out += (r ? "; " : ": ") + x.reasons[r];
        out += "\n";
    }
}

void example(const SkillMaterial& m, const Kept& k, std::string& out) {
    if (!m.example || !k.example)
        return;
    const auto& e = *m.example;
    std::string src = e.source;
    if (!src.empty() && src.back() != '\n')
        src += '\n';
    out += "\n## A verified example\n\nSample " + std::to_string(e.sampleId) + " (" + e.taskId +
           (e.speedup > 0 ? ", " + speedText(e.speedup) + " the baseline" : "") +
           (e.gpu.empty() ? "" : " on " + e.gpu) + "):\n\n```cuda\n" + src + "```\n";
}

std::string body(const SkillMaterial& m, const Kept& k) {
    std::string out = "# " + title(m) + "\n\n";
    contract(m, k, out);
    worked(m, k, out);
    mistakes(m, k, out);
    example(m, k, out);
    return out;
}

// One cut, the least useful first; false when nothing is left to cut.
bool cutOne(const SkillMaterial& m, Kept& k, std::vector<std::string>& leftOut) {
    if (k.example && m.example) {
        k.example = false;
        leftOut.push_back("the example (sample " + std::to_string(m.example->sampleId) + ")");
        return true;
    }
    if (k.reasons > 1) {
        --k.reasons;
        leftOut.push_back("a reason per mistake");
        return true;
    }
    const bool moreTech = k.techniques > 1 && k.techniques >= k.mistakes;
    if (moreTech || k.mistakes > 1) {
        std::size_t& n = moreTech ? k.techniques : k.mistakes;
        --n;
        leftOut.push_back(moreTech ? "technique: " + m.techniques[n].name
                                   : "mistake: " + m.mistakes[n].kind);
        return true;
    }
    if (k.requirements > 0) {
        --k.requirements;
        leftOut.push_back("requirement: " + m.requirements[k.requirements].substr(0, 40));
        return true;
    }
    if (k.reasons > 0 || k.techniques > 0 || k.mistakes > 0) {
        k.reasons = 0;
        (k.techniques ? k.techniques : k.mistakes) = 0;
        leftOut.push_back("the last technique or mistake");
        return true;
    }
    return false;
}

std::string yamlQuoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c == '\n' ? ' ' : c;
    }
    return out + "\"";
}

} // namespace

int estimateTokens(std::string_view text) {
    int tokens = 0;
    std::size_t run = 0;
    auto endRun = [&] {
        tokens += int((run + 3) / 4);
        run = 0;
    };
    for (unsigned char c : text) {
        if (std::isalnum(c) || c == '_' || c >= 0x80) {
            ++run;
            continue;
        }
        endRun();
        if (!std::isspace(c) || c == '\n')
            ++tokens;
    }
    endRun();
    return tokens;
}

std::string skillName(const SkillMaterial& m) {
    if (m.tasks.size() == 1)
        return "kwb-" + m.tasks.front().id;
    std::string family;
    for (char c : m.tasks.front().family)
        family += std::isalnum(static_cast<unsigned char>(c))
                      ? char(std::tolower(static_cast<unsigned char>(c)))
                      : '-';
    return ("kwb-family-" + family).substr(0, 64);
}

std::string skillFile(const SkillMaterial& m, const std::string& bodyText) {
    std::string entries;
    for (const auto& t : m.tasks)
        entries += (entries.empty() ? "" : ", ") + t.entryName;
    const std::string description =
        "Writing fast, correct CUDA kernels for " + title(m) + " (" + entries +
        "). Use when asked to write or improve " +
        (m.tasks.size() == 1 ? "this kernel" : "these kernels") + ". Learned from " +
        std::to_string(m.samplesRead) + " verified samples: " + std::to_string(m.faster) +
        " faster than the library baseline, " + std::to_string(m.failing) + " failing.";
    return "---\nname: " + skillName(m) + "\ndescription: " + yamlQuoted(description) +
           "\n---\n\n" + bodyText;
}

Result<SkillDocument> renderSkill(const SkillMaterial& m, int budget) {
    Kept k;
    k.techniques = m.techniques.size();
    k.mistakes = m.mistakes.size();
    k.requirements = m.requirements.size();
    SkillDocument doc;
    doc.budget = budget;
    for (;;) {
        doc.text = skillFile(m, body(m, k));
        doc.tokens = estimateTokens(doc.text);
        if (doc.tokens <= budget)
            return doc;
        if (!cutOne(m, k, doc.leftOut))
            return Error::make("skill-over-budget",
                               "the contract alone is about " + std::to_string(doc.tokens) +
                                   " tokens, over the budget of " + std::to_string(budget) +
                                   ": give a larger --budget");
    }
}

} // namespace kwb
