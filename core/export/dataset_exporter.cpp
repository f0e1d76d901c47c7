#include "core/export/dataset_exporter.h"

#include <algorithm>
#include <random>

#include "core/export/json_text.h"
#include "core/store/prompt_messages.h"

namespace kwb {
namespace {

constexpr std::size_t kPromptCacheLimit = 512; // distinct prompts kept; memory stays bounded

// Functions that append text return how many bytes were not UTF-8 (see ExportSummary).
std::size_t appendNullable(std::string& out, const std::string& s) {
    if (s.empty()) {
        out.append("null");
        return 0;
    }
    return appendJsonString(out, s);
}

void appendNumber(std::string& out, const std::optional<double>& v) {
    out.append(v ? nlohmann::json(*v).dump() : std::string("null"));
}

// The assistant's turn: the verified source, as a fenced CUDA block.
std::size_t appendAssistant(std::string& out, const std::string& source) {
    std::string text;
    text.reserve(source.size() + 16);
    text.append("```cuda\n").append(source);
    if (!source.empty() && source.back() != '\n')
        text.push_back('\n');
    text.append("```");
    out.append("{\"role\":\"assistant\",\"content\":");
    const std::size_t replaced = appendJsonString(out, text);
    out.push_back('}');
    return replaced;
}

void appendKey(std::string& out, const char* key) {
    out.push_back(',');
    out.push_back('"');
    out.append(key);
    out.append("\":");
}

// The fields every SFT and unpaired row ends with, so each row can be traced back: task, model,
// GPU, speedup, (verdict), sample id, verification id; closes the object.
void appendBool(std::string& out, const char* key, bool value) {
    appendKey(out, key);
    out.append(value ? "true" : "false");
}

const std::vector<std::string>& allGateClasses() {
    static const std::vector<std::string> all{
        kGateClean, kGateFlagged, kGateUnverified, kGateUnverifiedFlagged, kGateFailed, kGateHack};
    return all;
}

// The gate's provenance of a row's sample: "verified" (its latest verification passed on a
// GPU) and "flagged" (suspicious-timing, screening findings or not screened).
void appendGate(std::string& out, const std::string& gateClass, const char* prefix = "") {
    appendBool(out, (std::string(prefix) + "verified").c_str(), gateVerified(gateClass));
    appendBool(out, (std::string(prefix) + "flagged").c_str(), gateFlagged(gateClass));
}

std::size_t appendProvenance(std::string& out, const SampleSummary& row, bool withVerdict,
                             const std::string& gateClass) {
    appendKey(out, "task");
    std::size_t replaced = appendJsonString(out, row.taskId);
    appendKey(out, "model");
    replaced += appendNullable(out, row.model);
    appendKey(out, "gpu");
    replaced += appendNullable(out, row.status.gpu);
    appendKey(out, "speedup");
    appendNumber(out, row.status.speedup);
    if (withVerdict) {
        appendKey(out, "verdict");
        appendJsonString(out, toString(row.status.verdict));
    }
    appendGate(out, gateClass);
    appendKey(out, "sample_id");
    out.append(std::to_string(row.id));
    appendKey(out, "verification_id");
    replaced += appendNullable(out, row.status.verificationId);
    out.push_back('}');
    return replaced;
}

// Adds each rejected sample to the group of its prompt (class by class, so each is known);
// returns the ones that are suspected hacks.
template <typename Groups>
Result<std::set<std::int64_t>> addRejected(ProjectStore& store, SampleFilter negatives,
                                           Groups& groups) {
    std::set<std::int64_t> hacks;
    for (const auto& cls : allGateClasses()) {
        negatives.gateClasses = {cls};
        auto keys = store.sampleKeys(negatives);
        if (!keys)
            return keys.error();
        for (const auto& k : *keys) {
            if (auto it = groups.find({k.taskId, k.promptHash}); it != groups.end())
                it->second.rejected.push_back(k.id);
            if (cls == kGateHack)
                hacks.insert(k.id);
        }
    }
    return hacks;
}

} // namespace

std::string toString(ExportFormat f) {
    switch (f) {
    case ExportFormat::Sft:
        return "sft";
    case ExportFormat::Preferences:
        return "prefs";
    case ExportFormat::Unpaired:
        return "unpaired";
    }
    return "sft";
}

std::optional<ExportFormat> parseExportFormat(const std::string& s) {
    for (auto f : {ExportFormat::Sft, ExportFormat::Preferences, ExportFormat::Unpaired})
        if (toString(f) == s)
            return f;
    return std::nullopt;
}

std::vector<std::string> allowedGateClasses(const ExportOptions& options) {
    std::vector<std::string> classes{kGateClean};
    if (options.includeFlagged)
        classes.emplace_back(kGateFlagged);
    if (options.includeUnverified)
        classes.emplace_back(kGateUnverified);
    if (options.includeFlagged && options.includeUnverified)
        classes.emplace_back(kGateUnverifiedFlagged);
    return classes;
}

bool gateVerified(const std::string& gateClass) {
    return gateClass == kGateClean || gateClass == kGateFlagged;
}

bool gateFlagged(const std::string& gateClass) {
    return gateClass == kGateFlagged || gateClass == kGateUnverifiedFlagged ||
           gateClass == kGateHack;
}

std::vector<std::string> gateExclusionLines(const ExportSummary& summary) {
    static const std::vector<std::pair<std::string, std::string>> why{
        {kGateHack, "suspected hacks (tampering, impossible-timing, contract-violation, or a "
                    "failure with screening "
                    "findings); never exported as positives"},
        {kGateFailed, "their latest verification failed; never exported as positives"},
        {kGateUnverified,
         "not verified on a GPU (never verified, or compile-only not-run); --include-unverified "
         "lets them in"},
        {kGateFlagged,
         "passed on a GPU but flagged (suspicious-timing, screening findings, or a record without "
         "screening); --include-flagged lets them in"},
        {kGateUnverifiedFlagged,
         "not verified on a GPU and flagged or not screened; --include-unverified with "
         "--include-flagged lets them in"},
    };
    std::vector<std::string> lines;
    for (const auto& [cls, text] : why)
        if (auto it = summary.excludedByGateClass.find(cls);
            it != summary.excludedByGateClass.end() && it->second > 0)
            lines.push_back(std::to_string(it->second) +
                            " sample(s) left out by the gate: " + text);
    return lines;
}

std::int64_t ExportSummary::excludedTotal() const {
    std::int64_t n = 0;
    for (const auto& [cls, count] : excludedByGateClass)
        n += count;
    return n;
}

Status DatasetExporter::countExcluded(const SampleFilter& positives, ExportSummary& sum) {
    auto counts = m_store.gateClassCounts(positives);
    if (!counts)
        return counts.error();
    const auto allowed = allowedGateClasses(m_options);
    for (const auto& [cls, count] : *counts)
        if (std::find(allowed.begin(), allowed.end(), cls) == allowed.end())
            sum.excludedByGateClass[cls] += count;
    return okStatus();
}

std::string ExportOptions::defaultSystemPrompt() {
    return "You are an expert CUDA kernel engineer. Write correct, fast CUDA C++ kernels that "
           "follow the "
           "task's entry-point contract exactly. Reply with one complete .cu file.";
}

Result<const Task*> DatasetExporter::taskOf(std::int64_t specId) {
    auto it = m_specs.find(specId);
    if (it == m_specs.end()) {
        auto t = m_store.taskSpec(specId);
        if (!t)
            return t.error();
        it = m_specs.emplace(specId, std::move(*t)).first;
    }
    return &it->second;
}

Result<const DatasetExporter::PromptText*>
DatasetExporter::promptText(std::int64_t specId, const std::string& messagesJson) {
    auto key = std::make_pair(specId, messagesJson);
    if (auto it = m_prompts.find(key); it != m_prompts.end())
        return &it->second;
    auto task = taskOf(specId);
    if (!task)
        return task.error();
    Sample s;
    s.messages = nlohmann::json::parse(messagesJson, nullptr, false);
    if (!s.messages.is_array())
        s.messages = nlohmann::json::array();
    auto msgs = promptMessages(s, **task);
    PromptText prompt;
    std::string& text = prompt.json;
    std::size_t replaced = 0;
    if ((msgs.empty() || msgs[0].value("role", "") != "system") &&
        !m_options.systemPrompt.empty()) {
        text.append("{\"role\":\"system\",\"content\":");
        replaced += appendJsonString(text, m_options.systemPrompt);
        text.push_back('}');
    }
    for (const auto& m : msgs) {
        if (!text.empty())
            text.push_back(',');
        text.append("{\"role\":");
        replaced += appendJsonString(text, m["role"].get<std::string>());
        text.append(",\"content\":");
        replaced += appendJsonString(text, m["content"].get<std::string>());
        text.push_back('}');
    }
    prompt.notUtf8 = replaced > 0;
    if (m_prompts.size() >= kPromptCacheLimit)
        m_prompts.clear();
    return &m_prompts.emplace(std::move(key), std::move(prompt)).first->second;
}

SampleFilter DatasetExporter::baseFilter() const {
    SampleFilter f;
    f.ids = m_options.sampleIds;
    f.tasks = m_options.tasks;
    f.models = m_options.models;
    f.verifiedOnGpu = m_options.verifiedOnGpu;
    f.includeDuplicates = m_options.includeDuplicates;
    return f;
}

Status DatasetExporter::writeSplitRow(const RowFacts& facts, AtomicFile& train, AtomicFile* test,
                                      ExportSummary& sum) {
    const bool toTest = sum.split.test.count(facts.taskId) > 0;
    if (toTest && !test)
        return Error::make("export-failed", "a test split was asked for without a test output");
    m_line.push_back('\n');
    if (auto w = (toTest ? *test : train).write(m_line); !w)
        return w;
    SplitCounts& c = toTest ? sum.test : sum.train;
    ++c.rows;
    ++c.perTask[facts.taskId];
    ++c.perModel[facts.model];
    if (facts.speedup)
        c.speedupsByTask[facts.taskId].push_back(*facts.speedup);
    if (!facts.gpu.empty())
        c.gpus.insert(facts.gpu);
    return okStatus();
}

Status DatasetExporter::writeSft(AtomicFile& train, AtomicFile* test, ExportSummary& sum) {
    SampleFilter f = baseFilter();
    f.verdicts =
        m_options.verdicts.empty() ? std::vector<Verdict>{Verdict::Accepted} : m_options.verdicts;
    f.minSpeedup = m_options.minSpeedup;
    if (auto c = countExcluded(f, sum); !c)
        return c;
    // Every SFT row is a positive: one pass per allowed gate class, so each row knows its class.
    for (const auto& cls : allowedGateClasses(m_options)) {
        f.gateClasses = {cls};
        Status result = okStatus();
        auto s = m_store.forEachSampleContent(
            f, [&](const SampleSummary& row, const SampleContent& content) {
                auto prompt = promptText(content.taskSpecId, content.messagesJson);
                if (!prompt) {
                    result = prompt.error();
                    return false;
                }
                m_line.assign("{\"messages\":[").append((*prompt)->json).push_back(',');
                std::size_t replaced = appendAssistant(m_line, content.source);
                m_line.push_back(']');
                replaced += appendProvenance(m_line, row, true, cls);
                if (replaced || (*prompt)->notUtf8)
                    sum.notUtf8Samples.insert(row.id);
                result = writeSplitRow({row.taskId, row.model, row.status.speedup, row.status.gpu},
                                       train, test, sum);
                ++sum.rowsByGateClass[cls];
                return bool(result);
            });
        if (!s)
            return s;
        if (!result)
            return result;
    }
    return okStatus();
}

Status DatasetExporter::writeUnpaired(AtomicFile& train, AtomicFile* test, ExportSummary& sum) {
    SampleFilter positives = baseFilter();
    positives.verdicts = {Verdict::Accepted};
    positives.minSpeedup = m_options.minSpeedup;
    if (auto c = countExcluded(positives, sum); !c)
        return c;
    SampleFilter negatives = baseFilter();
    negatives.verdicts = {Verdict::Rejected};
    // Label true: the gate's allowed classes; label false: every rejected sample, of any class.
    // One pass per class, so each row knows its class.
    struct Pass {
        SampleFilter filter;
        bool good;
    };
    std::vector<Pass> passes;
    for (const auto& cls : allowedGateClasses(m_options)) {
        passes.push_back({positives, true});
        passes.back().filter.gateClasses = {cls};
    }
    for (const auto& cls : allGateClasses()) {
        passes.push_back({negatives, false});
        passes.back().filter.gateClasses = {cls};
    }
    for (const auto& pass : passes) {
        const std::string& cls = pass.filter.gateClasses.front();
        Status result = okStatus();
        auto s = m_store.forEachSampleContent(
            pass.filter, [&](const SampleSummary& row, const SampleContent& content) {
                auto prompt = promptText(content.taskSpecId, content.messagesJson);
                if (!prompt) {
                    result = prompt.error();
                    return false;
                }
                m_line.assign("{\"prompt\":[").append((*prompt)->json).append("],\"completion\":[");
                std::size_t replaced = appendAssistant(m_line, content.source);
                m_line.push_back(']');
                appendBool(m_line, "label", pass.good);
                const bool hack = !pass.good && cls == kGateHack;
                appendBool(m_line, "suspected_hack", hack);
                replaced += appendProvenance(m_line, row, false, cls);
                if (replaced || (*prompt)->notUtf8)
                    sum.notUtf8Samples.insert(row.id);
                result = writeSplitRow({row.taskId, row.model, row.status.speedup, row.status.gpu},
                                       train, test, sum);
                if (pass.good)
                    ++sum.rowsByGateClass[cls];
                sum.negativeSuspectedHacks += hack;
                return bool(result);
            });
        if (!s)
            return s;
        if (!result)
            return result;
    }
    return okStatus();
}

Status DatasetExporter::writePairs(AtomicFile& train, AtomicFile* test, ExportSummary& sum) {
    SampleFilter positives = baseFilter();
    positives.verdicts = {Verdict::Accepted};
    positives.minSpeedup = m_options.minSpeedup;
    if (auto c = countExcluded(positives, sum); !c)
        return c;
    // Pairs only within one prompt: chosen and rejected must answer the same question.
    struct Group {
        std::vector<std::int64_t> chosen, rejected;
    };
    std::map<std::pair<std::string, std::string>, Group> groups;
    std::map<std::int64_t, std::string> chosenClass; // the gate class of each chosen sample
    for (const auto& cls : allowedGateClasses(m_options)) {
        positives.gateClasses = {cls};
        auto keys = m_store.sampleKeys(positives);
        if (!keys)
            return keys.error();
        for (const auto& k : *keys) {
            groups[{k.taskId, k.promptHash}].chosen.push_back(k.id);
            chosenClass[k.id] = cls;
        }
    }
    SampleFilter negatives = baseFilter();
    negatives.verdicts = {Verdict::Rejected};
    auto rejectedHacks = addRejected(m_store, negatives, groups); // those that are suspected hacks
    if (!rejectedHacks)
        return rejectedHacks.error();
    for (auto& [key, g] : groups) { // id order, as one query gave it
        std::sort(g.chosen.begin(), g.chosen.end());
        std::sort(g.rejected.begin(), g.rejected.end());
    }
    std::mt19937_64 rng(m_options.seed);
    for (auto& [key, g] : groups) {
        if (g.chosen.empty() || g.rejected.empty())
            continue;
        for (std::size_t i = g.rejected.size(); i > 1; --i) // seeded, platform-independent shuffle
            std::swap(g.rejected[i - 1], g.rejected[std::size_t(rng() % i)]);
        std::size_t n = std::max(g.chosen.size(), g.rejected.size());
        if (m_options.maxPairsPerPrompt > 0)
            n = std::min(n, std::size_t(m_options.maxPairsPerPrompt));
        for (std::size_t i = 0; i < n; ++i) {
            auto chosen = m_store.sample(g.chosen[i % g.chosen.size()]);
            if (!chosen)
                return chosen.error();
            auto rejected = m_store.sample(g.rejected[i % g.rejected.size()]);
            if (!rejected)
                return rejected.error();
            auto prompt = promptText(chosen->taskSpecId, chosen->messages.dump());
            if (!prompt)
                return prompt.error();
            const Sample& c = *chosen;
            const Sample& r = *rejected;
            m_line.assign("{\"prompt\":[").append((*prompt)->json).append("],\"chosen\":[");
            std::size_t chosenReplaced = appendAssistant(m_line, c.source);
            m_line.append("],\"rejected\":[");
            std::size_t rejectedReplaced = appendAssistant(m_line, r.source);
            m_line.push_back(']');
            appendKey(m_line, "task");
            chosenReplaced += appendJsonString(m_line, c.taskId);
            appendKey(m_line, "chosen_model");
            chosenReplaced += appendNullable(m_line, c.model);
            appendKey(m_line, "rejected_model");
            rejectedReplaced += appendNullable(m_line, r.model);
            if (chosenReplaced || (*prompt)->notUtf8)
                sum.notUtf8Samples.insert(c.id);
            if (rejectedReplaced)
                sum.notUtf8Samples.insert(r.id);
            appendKey(m_line, "gpu");
            appendNullable(m_line, c.status.gpu);
            appendKey(m_line, "chosen_speedup");
            appendNumber(m_line, c.status.speedup);
            appendGate(m_line, chosenClass[c.id], "chosen_");
            const bool rejectedHack = rejectedHacks->count(r.id) > 0;
            appendBool(m_line, "rejected_suspected_hack", rejectedHack);
            sum.negativeSuspectedHacks += rejectedHack;
            appendKey(m_line, "chosen_sample_id");
            m_line.append(std::to_string(c.id));
            appendKey(m_line, "rejected_sample_id");
            m_line.append(std::to_string(r.id));
            appendKey(m_line, "chosen_verification_id");
            appendNullable(m_line, c.status.verificationId);
            appendKey(m_line, "rejected_verification_id");
            appendNullable(m_line, r.status.verificationId);
            m_line.push_back('}');
            if (auto s = writeSplitRow({c.taskId, c.model, c.status.speedup, c.status.gpu}, train,
                                       test, sum);
                !s)
                return s;
            ++sum.rowsByGateClass[chosenClass[c.id]];
        }
    }
    return okStatus();
}

Result<ExportSummary> DatasetExporter::write(AtomicFile& train, AtomicFile* test) {
    auto snapshot =
        m_store.beginRead(); // every row from one moment, whatever others write meanwhile
    if (!snapshot)
        return snapshot.error();
    ExportSummary sum;
    sum.format = m_options.format;
    std::vector<std::string> tasks;
    if (m_options.tasks.empty()) {
        auto all = m_store.taskIds();
        if (!all)
            return all.error();
        tasks = *all;
    } else {
        tasks = m_options.tasks;
    }
    sum.split = splitTasks(tasks, m_options.testFraction, m_options.seed);
    Status s = okStatus();
    switch (m_options.format) {
    case ExportFormat::Sft:
        s = writeSft(train, test, sum);
        break;
    case ExportFormat::Unpaired:
        s = writeUnpaired(train, test, sum);
        break;
    case ExportFormat::Preferences:
        s = writePairs(train, test, sum);
        break;
    }
    if (!s)
        return s.error();
    return sum;
}

Result<ExportSummary> DatasetExporter::exportJsonl(ProjectStore& store,
                                                   const ExportOptions& options,
                                                   const std::filesystem::path& out,
                                                   const std::filesystem::path& testOut,
                                                   const OutputPolicy& policy) {
    if (options.testFraction > 0 && testOut.empty())
        return Error::make("bad-export", "a test split needs a test output file");
    OutputPolicy checked = policy;
    checked.kind = OutputKind::ReplacedFile;
    checked.protectedFiles.push_back(store.path());
    if (auto s = checkOutput(out, checked); !s)
        return s.error();
    if (options.testFraction > 0) {
        if (auto s = checkOutput(testOut, checked); !s)
            return s.error();
        if (auto s = checkDistinctOutputs(testOut, out); !s)
            return s.error();
    }
    auto train = AtomicFile::create(out);
    if (!train)
        return train.error();
    std::optional<AtomicFile> test;
    if (options.testFraction > 0) {
        auto t = AtomicFile::create(testOut);
        if (!t)
            return t.error();
        test.emplace(std::move(*t));
    }
    DatasetExporter exporter(store, options);
    auto sum = exporter.write(*train, test ? &*test : nullptr);
    if (!sum)
        return sum.error();
    if (auto s = train->commit(); !s)
        return s.error();
    if (test)
        if (auto s = test->commit(); !s)
            return s.error();
    return sum;
}

} // namespace kwb
