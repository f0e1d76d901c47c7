#include "core/eval/eval_run.h"

#include <algorithm>
#include <cstdio>
#include <set>

#include "core/generate/code_extractor.h"
#include "core/generate/project_examples.h"
#include "core/generate/project_sample_sink.h"
#include "core/llm/redaction.h"
#include "core/store/project_store.h"
#include "core/sys/sha256.h"

namespace kwb {

namespace v = verification;

EvalRun::EvalRun(ProjectStore& store, LlmClient& client, EvalPlan plan, std::vector<Task> tasks,
                 std::vector<std::string> skills, EvalRunRecord run)
    : m_store(store), m_client(client), m_plan(std::move(plan)), m_tasks(std::move(tasks)),
      m_skills(std::move(skills)), m_run(std::move(run)) {}

EvalRun::~EvalRun() {
    stopCheckers();
}

void EvalRun::setCheckers(std::vector<std::unique_ptr<SampleChecker>> checkers) {
    m_checkers = std::move(checkers);
}

void EvalRun::addSecrets(const std::vector<std::string>& secrets) {
    m_secrets.insert(m_secrets.end(), secrets.begin(), secrets.end());
}

void EvalRun::log(const std::string& line) {
    if (m_log)
        m_log(redactForStorage(line, m_secrets));
}

void EvalRun::report() {
    m_totals.inFlight = int(m_inFlight.size());
    m_totals.checking = m_checking;
    m_totals.elapsedS =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - m_started).count();
    const int left = m_totals.cells - m_totals.already - m_totals.done;
    m_totals.etaS = m_totals.done > 0 ? m_totals.elapsedS / m_totals.done * left : -1.0;
    if (m_progress)
        m_progress(m_totals);
}

// The prompt of every condition and task: the condition's skill in the system prompt, its K
// accepted samples of the task from the project as earlier answers.
Status EvalRun::prepare() {
    if (m_skills.size() != m_plan.conditions.size())
        return Error::make("bad-plan", "one skill text per condition is needed");
    for (const auto& m : m_models)
        if (!m_client.provider(m.config.name))
            return Error::make("llm-unknown-provider",
                               "model \"" + m.config.name + "\" has no provider in the client");
    for (const auto& m : m_models)
        for (const auto& s : urlUserinfoSecrets(m.config.baseUrl))
            m_secrets.push_back(s);
    for (const auto& m : m_models)
        m_secrets.push_back(m.config.apiKey);
    for (std::size_t c = 0; c < m_plan.conditions.size(); ++c) {
        for (std::size_t t = 0; t < m_tasks.size(); ++t) {
            PromptContext context = m_base;
            context.skill = m_skills[c];
            const int k = m_plan.conditions[c].examples;
            auto ex = acceptedExamples(m_store, m_tasks[t].id, k);
            if (!ex)
                return ex.error();
            if (k > 0)
                log("condition " + m_plan.conditions[c].label + ", task " + m_tasks[t].id + ": " +
                    std::to_string(ex->size()) + " of " + std::to_string(k) +
                    " accepted samples as examples");
            if (!ex->empty())
                context.taskExamples[m_tasks[t].id] = std::move(*ex);
            auto prompt = buildPrompt(m_tasks[t], context, PromptTemplates::defaults());
            if (!prompt)
                return Error::make(prompt.error().code,
                                   "task " + m_tasks[t].id + ": " + prompt.error().message);
            m_prompts[{c, t}] = std::move(*prompt);
        }
    }
    return planCells();
}

// Every cell of the plan, sample index outermost so that all groups advance together; the ones
// the project holds already are counted and left out.
Status EvalRun::planCells() {
    std::set<EvalCellKey> finished;
    if (Status st = m_store.forEachEvalCell(
            m_run.id, [&](const EvalCellRow& row) { finished.insert(row.key); });
        !st)
        return st;
    for (int i = 0; i < m_plan.samples; ++i)
        for (std::size_t t = 0; t < m_tasks.size(); ++t)
            for (std::size_t c = 0; c < m_plan.conditions.size(); ++c)
                for (std::size_t m = 0; m < m_models.size(); ++m) {
                    Cell cell{
                        {m_models[m].model.name, m_plan.conditions[c].label, m_tasks[t].id, i},
                        m,
                        c,
                        t};
                    ++m_totals.cells;
                    if (finished.count(cell.key)) {
                        ++m_totals.already;
                        continue;
                    }
                    const PromptMessages& p = m_prompts[{c, t}];
                    Chain chain;
                    chain.cell = m_cells.size();
                    chain.system = p.system;
                    chain.messages = p.messages;
                    m_cells.push_back(std::move(cell));
                    m_pending.push_back(std::move(chain));
                }
    return okStatus();
}

Status EvalRun::run(const std::atomic<bool>* interrupt) {
    m_started = std::chrono::steady_clock::now();
    if (m_checkers.empty())
        return Error::make("no-checker", "an evaluation verifies every answer: no checker given");
    if (Status st = prepare(); !st)
        return st;
    for (auto& c : m_checkers)
        m_checkerThreads.emplace_back([this, p = c.get()] { checkerLoop(p); });
    std::size_t window = 0;
    for (const auto& m : m_models)
        window += std::size_t(std::max(1, m.config.maxConcurrency)) * 2;
    report();
    while (!m_fatal) {
        if (interrupt && interrupt->load()) {
            m_totals.interrupted = true;
            break;
        }
        // The client keeps each model's provider within its concurrency; a few more than that
        // wait in its queues, so that no model waits for another's turn, and the prompts of a
        // large plan are not all held at once.
        while (m_inFlight.size() < window && !m_pending.empty()) {
            Chain chain = std::move(m_pending.front());
            m_pending.pop_front();
            submit(std::move(chain));
        }
        drainChecked();
        if (m_pending.empty() && m_inFlight.empty() && m_checking == 0)
            break;
        m_client.poll(std::chrono::milliseconds(100));
        report();
    }
    if (m_totals.interrupted || m_fatal) {
        m_client.cancelAll();
        m_client.poll(std::chrono::milliseconds(0));
        m_cancelChecks = true;
        stopCheckers();
        drainChecked();
        storeUnchecked();
    }
    stopCheckers();
    report();
    if (m_fatal)
        return *m_fatal;
    return okStatus();
}

void EvalRun::submit(Chain chain) {
    const Cell& cell = m_cells[chain.cell];
    const EvalModel& model = m_models[cell.model].model;
    ChatRequest req;
    req.model = model.model;
    req.system = chain.system;
    req.messages = chain.messages;
    req.maxTokens = model.maxTokens;
    req.temperature = model.temperature;
    req.topP = model.topP;
    StreamHandlers h;
    const std::string label = cell.key.model + " / " + cell.key.condition + " / " +
                              cell.key.taskId + " #" + std::to_string(cell.key.sampleIndex);
    h.onRetry = [this, label](int attempt, double delay, const Error& why) {
        char b[32];
        std::snprintf(b, sizeof b, "%.1f", delay);
        log(label + ": attempt " + std::to_string(attempt) + " in " + b +
            " s after: " + describe(why));
    };
    auto idSlot = std::make_shared<RequestId>(0);
    h.onFinished = [this, idSlot](Result<Completion> r) {
        auto it = m_inFlight.find(*idSlot);
        if (it == m_inFlight.end())
            return;
        Chain done = std::move(it->second);
        m_inFlight.erase(it);
        onAnswer(std::move(done), std::move(r));
    };
    auto id = m_client.submit(m_models[cell.model].config.name, req, std::move(h));
    if (!id) {
        ++m_totals.failed;
        log(label + ": " + describe(id.error()));
        return;
    }
    *idSlot = *id;
    m_inFlight.emplace(*id, std::move(chain));
}

GeneratedSample EvalRun::answerOf(const Chain& chain, Completion c) const {
    const Cell& cell = m_cells[chain.cell];
    const EvalModelProvider& mp = m_models[cell.model];
    const Task& task = m_tasks[cell.task];
    GeneratedSample s;
    s.id = newSampleId();
    s.runId = m_run.runId;
    s.parentId = chain.lastGenerationId;
    s.turn = chain.turn;
    s.taskId = task.id;
    s.entryName = task.entryName;
    s.createdAt = utcTimestamp();
    s.provider = mp.model.provider;
    s.providerInfo = mp.config.publicJson();
    s.model = mp.model.model;
    s.parameters = {{"max_tokens", mp.model.maxTokens},
                    {"eval_run", m_run.runId},
                    {"eval_condition", cell.key.condition},
                    {"eval_sample_index", cell.key.sampleIndex}};
    if (mp.model.temperature)
        s.parameters["temperature"] = *mp.model.temperature;
    if (mp.model.topP)
        s.parameters["top_p"] = *mp.model.topP;
    s.system = chain.system;
    s.messages = chain.messages;
    s.rawResponse = std::move(c.text);
    c.text.clear();
    s.code = extractEntrySource(s.rawResponse, task.entryName);
    if (m_prices) {
        s.costUsd = m_prices->cost(c.model.empty() ? mp.model.model : c.model, c.usage);
        if (!s.costUsd)
            s.costUsd = m_prices->cost(mp.model.model, c.usage);
    }
    s.completion = std::move(c);
    redactGeneratedSample(s, m_secrets);
    return s;
}

void EvalRun::onAnswer(Chain chain, Result<Completion> result) {
    if (!result) {
        if (result.error().code != "cancelled") {
            ++m_totals.failed;
            const Cell& cell = m_cells[chain.cell];
            log(cell.key.model + " / " + cell.key.condition + " / " + cell.key.taskId + " #" +
                std::to_string(cell.key.sampleIndex) + ": no answer: " + describe(result.error()));
        }
        return;
    }
    m_totals.usage.inputTokens += result->usage.inputTokens;
    m_totals.usage.outputTokens += result->usage.outputTokens;
    chain.latencyMs += result->totalSeconds * 1000.0;
    GeneratedSample s = answerOf(chain, std::move(*result));
    chain.promptTokens += s.completion.usage.inputTokens;
    chain.completionTokens += s.completion.usage.outputTokens;
    if (chain.costUsd && s.costUsd)
        *chain.costUsd += *s.costUsd;
    else
        chain.costUsd.reset();
    if (!s.code) {
        finish(std::move(s), std::move(chain), std::nullopt);
        return;
    }
    std::lock_guard lock(m_mutex);
    m_toCheck.push_back(CheckItem{std::move(s), std::move(chain), std::nullopt});
    ++m_checking;
    m_cv.notify_one();
}

// Stores the answer; a repair turn follows when the plan allows one and the answer failed in a
// way the model can act on, else the answer ends its chain and its cell is stored with it.
void EvalRun::finish(GeneratedSample sample, Chain chain,
                     const std::optional<CheckOutcome>& outcome) {
    const Cell& cell = m_cells[chain.cell];
    const Task& task = m_tasks[cell.task];
    if (outcome) {
        sample.verification = outcome->summary;
        sample.verificationRecord = outcome->record;
        redactGeneratedSample(sample, m_secrets);
    }
    std::string feedback;
    if (!sample.code)
        feedback = "Your reply contains no complete ```cuda code block that defines `" +
                   task.entryName + "`.";
    else if (outcome && outcome->repairable)
        feedback = outcome->feedback;
    const bool repair = chain.turn < m_plan.repair && !feedback.empty() && !m_totals.interrupted;
    if (chain.turn == 0)
        chain.firstGenerationId = sample.id;
    std::optional<EvalCellRecord> rec;
    const auto& record = sample.verificationRecord;
    const bool compiled =
        record &&
        (record->build ? record->build->ok : record->verdict.value != v::Verdict::CompileError);
    if (!repair)
        rec = EvalCellRecord{cell.key,      chain.firstGenerationId, chain.turn + 1,
                             compiled,      chain.promptTokens,      chain.completionTokens,
                             chain.costUsd, chain.latencyMs};
    std::optional<v::VerificationRecordData> stored;
    if (sample.code && record)
        stored = record;
    auto st =
        m_store.addEvalAnswer(m_run.id, task, ProjectSampleSink::toRecord(sample), stored, rec);
    if (!st) {
        m_fatal = Error::make(st.error().code,
                              "cannot store an answer in the project: " + st.error().message);
        return;
    }
    const std::string verdict = outcome ? outcome->verdict.text() : sample.status();
    log(cell.key.model + " / " + cell.key.condition + " / " + cell.key.taskId + " #" +
        std::to_string(cell.key.sampleIndex) +
        (chain.turn ? " (repair turn " + std::to_string(chain.turn) + ")" : "") + ": " + verdict);
    if (repair) {
        chain.lastGenerationId = sample.id;
        chain.messages.push_back({"assistant", sample.rawResponse});
        chain.messages.push_back({"user", repairMessage(task, feedback)});
        ++chain.turn;
        m_pending.push_front(std::move(chain));
        return;
    }
    ++m_totals.done;
    m_totals.answered += sample.code.has_value();
    m_totals.compiled += compiled;
    m_totals.correct += outcome && outcome->verdict.value == v::Verdict::Pass;
    m_totals.compileOnly += outcome && outcome->verdict.value == v::Verdict::NotRun;
}

void EvalRun::drainChecked() {
    std::deque<CheckItem> done;
    {
        std::lock_guard lock(m_mutex);
        done.swap(m_checked);
    }
    for (auto& item : done) {
        --m_checking;
        if (m_fatal)
            continue;
        if (!item.outcome) { // cut by an interrupt: kept, without a cell
            std::lock_guard lock(m_mutex);
            m_toCheck.push_back(std::move(item));
            continue;
        }
        if (!*item.outcome) {
            const Error& e = item.outcome->error();
            log("answer " + item.sample.id + " could not be checked: " + describe(e));
            item.sample.verification = {{"verdict", v::toString(v::Verdict::CheckError)},
                                        {"detail", redactSecrets(describe(e), m_secrets)}};
            finish(std::move(item.sample), std::move(item.chain), std::nullopt);
            continue;
        }
        CheckOutcome outcome = std::move(**item.outcome);
        finish(std::move(item.sample), std::move(item.chain), outcome);
    }
}

// Answers paid for but not checked when the run stopped: stored, so the transcript is kept,
// but without a cell, so the rerun asks for that cell again.
void EvalRun::storeUnchecked() {
    std::deque<CheckItem> left;
    {
        std::lock_guard lock(m_mutex);
        left.swap(m_toCheck);
    }
    for (auto& item : left) {
        if (m_fatal)
            return;
        const Cell& cell = m_cells[item.chain.cell];
        item.sample.verification = {{"verdict", v::toString(v::Verdict::NotRun)},
                                    {"detail", "the run was interrupted before the check"}};
        auto st = m_store.addEvalAnswer(m_run.id, m_tasks[cell.task],
                                        ProjectSampleSink::toRecord(item.sample), std::nullopt,
                                        std::nullopt);
        if (!st)
            m_fatal = st.error();
    }
    m_checking = 0;
}

void EvalRun::checkerLoop(SampleChecker* checker) {
    for (;;) {
        CheckItem item;
        {
            std::unique_lock lock(m_mutex);
            m_cv.wait(lock, [this] { return m_stopCheckers || !m_toCheck.empty(); });
            if (m_stopCheckers)
                return;
            item = std::move(m_toCheck.front());
            m_toCheck.pop_front();
        }
        const Task& task = m_tasks[m_cells[item.chain.cell].task];
        // The build cache keys on the file name too (it is in the #line of the build): a name
        // from the source, not the answer's id, lets students' identical answers build once.
        const std::string name = task.id + "-" + sha256Hex(*item.sample.code).substr(0, 16);
        item.outcome = checker->check(task, *item.sample.code, name, &m_cancelChecks);
        {
            std::lock_guard lock(m_mutex);
            if (m_cancelChecks && !(*item.outcome))
                item.outcome.reset();
            m_checked.push_back(std::move(item));
        }
        m_client.wakeup();
    }
}

void EvalRun::stopCheckers() {
    {
        std::lock_guard lock(m_mutex);
        m_stopCheckers = true;
    }
    m_cv.notify_all();
    for (auto& t : m_checkerThreads)
        if (t.joinable())
            t.join();
    m_checkerThreads.clear();
}

} // namespace kwb
