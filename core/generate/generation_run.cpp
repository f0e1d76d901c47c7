#include "core/generate/generation_run.h"

#include <algorithm>

#include <cstdio>

#include "core/generate/code_extractor.h"
#include "core/llm/redaction.h"
#include "core/record/record_identity.h"

namespace kwb {

namespace {
// The summary stored with an answer whose check gave no record.
nlohmann::json checkSummary(verification::Verdict verdict, const std::string& detail) {
    return {{"verdict", verification::toString(verdict)}, {"detail", detail}};
}

std::string money(double usd) {
    char b[32];
    std::snprintf(b, sizeof b, "$%.4f", usd);
    return b;
}
} // namespace

GenerationRun::GenerationRun(LlmClient& client, SampleSink& sink, GenerationOptions options)
    : m_client(client), m_sink(sink), m_options(std::move(options)) {
    if (m_options.runId.empty())
        m_options.runId = newSampleId().substr(0, 16);
}

GenerationRun::~GenerationRun() {
    stopChecker();
}

void GenerationRun::setPrompt(PromptTemplates templates, PromptContext context) {
    m_templates = std::move(templates);
    m_context = std::move(context);
}

void GenerationRun::addSecrets(const std::vector<std::string>& secrets) {
    m_extraSecrets.insert(m_extraSecrets.end(), secrets.begin(), secrets.end());
}

void GenerationRun::log(const std::string& line) {
    if (m_log)
        m_log(redactForStorage(line, m_secrets));
}

void GenerationRun::report() {
    m_totals.inFlight = int(m_inFlight.size()) + m_checking;
    if (m_progress)
        m_progress(m_totals);
}

Status GenerationRun::run(const std::vector<Task>& tasks, const std::atomic<bool>* interrupt) {
    const ProviderConfig* provider = m_client.provider(m_options.provider);
    if (!provider)
        return Error::make("llm-unknown-provider",
                           "no provider named \"" + m_options.provider + "\" is configured");
    if (m_options.model.empty())
        return Error::make("llm-no-model", "no model given");
    m_secrets = urlUserinfoSecrets(provider->baseUrl);
    m_secrets.push_back(provider->apiKey);
    m_secrets.insert(m_secrets.end(), m_extraSecrets.begin(), m_extraSecrets.end());
    m_tasks = &tasks;
    if (Status planned = plan(tasks); !planned)
        return planned;
    if (m_checker)
        for (int i = 0; i < std::max(1, m_options.checkThreads); ++i)
            m_checkerThreads.emplace_back([this] { checkerLoop(); });
    const std::size_t window = std::size_t(std::max(1, provider->maxConcurrency));
    report();
    while (!m_fatal) {
        if (interrupt && interrupt->load()) {
            m_totals.interrupted = true;
            break;
        }
        while (m_inFlight.size() < window && !m_pending.empty()) {
            Job job = std::move(m_pending.front());
            m_pending.pop_front();
            submit(std::move(job));
        }
        drainChecked();
        if (m_pending.empty() && m_inFlight.empty() && m_checking == 0)
            break;
        m_client.poll(m_options.pollInterval);
    }
    if (m_totals.interrupted || m_fatal) {
        m_client.cancelAll();
        m_client.poll(std::chrono::milliseconds(0)); // "cancelled" callbacks, ignored
        m_cancelChecks = true;
        stopChecker();
        drainChecked(); // checks that finished keep their verdict; cut ones are stored unchecked
        // Answers already paid for are kept, unchecked, so a resumed run does not ask again.
        std::deque<CheckItem> left;
        {
            std::lock_guard lock(m_mutex);
            left.swap(m_toCheck);
        }
        for (auto& item : left) {
            if (m_fatal)
                break;
            item.sample.verification = checkSummary(verification::Verdict::NotRun,
                                                    "the run was interrupted before the check");
            finalize(std::move(item.sample), item.job, std::nullopt);
        }
        m_pending.clear();
        m_checking = 0;
    }
    stopChecker();
    report();
    if (m_fatal)
        return *m_fatal;
    return okStatus();
}

Status GenerationRun::plan(const std::vector<Task>& tasks) {
    if (const auto& seed = m_options.conversation) {
        if (tasks.size() != 1)
            return Error::make("bad-request", "a conversation is continued for one task, not " +
                                                  std::to_string(tasks.size()));
        if (seed->messages.empty() || seed->messages.back().role != "user")
            return Error::make("bad-prompt", "the conversation does not end with a user message");
        m_totals.wanted = std::max(0, m_options.samplesPerTask);
        for (int k = 0; k < m_totals.wanted; ++k)
            m_pending.push_back(Job{0, seed->turn, seed->parentId, seed->system, seed->messages, k,
                                    m_options.repairTurns, true});
        return okStatus();
    }
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        auto have = m_options.resume
                        ? m_sink.countExisting(tasks[i].id, m_options.provider, m_options.model)
                        : Result<int>(0);
        if (!have)
            return have.error();
        int need = std::max(0, m_options.samplesPerTask - *have);
        m_totals.alreadyStored += std::min(*have, m_options.samplesPerTask);
        m_totals.wanted += need;
        if (need == 0)
            continue;
        auto prompt = buildPrompt(tasks[i], m_context, m_templates);
        if (!prompt)
            return Error::make(prompt.error().code,
                               "task " + tasks[i].id + ": " + prompt.error().message);
        for (int k = 0; k < need; ++k)
            m_pending.push_back(Job{i,
                                    0,
                                    {},
                                    prompt->system,
                                    prompt->messages,
                                    int(m_pending.size()),
                                    m_options.repairTurns,
                                    true});
    }
    return okStatus();
}

void GenerationRun::submit(Job job) {
    const Task& task = (*m_tasks)[job.task];
    ChatRequest req;
    req.model = m_options.model;
    req.system = job.system;
    req.messages = job.messages;
    req.maxTokens = m_options.maxTokens;
    req.temperature = m_options.temperature;
    req.topP = m_options.topP;
    StreamHandlers h;
    std::string label =
        "task " + task.id + (job.turn ? " (repair turn " + std::to_string(job.turn) + ")" : "");
    if (m_text)
        h.onText = [this, chain = job.chain, turn = job.turn](std::string_view delta) {
            m_text(chain, turn, delta, false);
        };
    h.onRetry = [this, label, chain = job.chain, turn = job.turn](int attempt, double delay,
                                                                  const Error& why) {
        if (m_text)
            m_text(chain, turn, {}, true);
        char b[32];
        std::snprintf(b, sizeof b, "%.1f", delay);
        log(label + ": attempt " + std::to_string(attempt) + " in " + b +
            " s after: " + describe(why));
    };
    // Callbacks fire only inside poll(), never inside submit(): the id is known by then.
    auto idSlot = std::make_shared<RequestId>(0);
    h.onFinished = [this, idSlot](Result<Completion> r) {
        auto it = m_inFlight.find(*idSlot);
        if (it == m_inFlight.end())
            return;
        Job done = std::move(it->second);
        m_inFlight.erase(it);
        onFinished(done, std::move(r));
    };
    auto id = m_client.submit(m_options.provider, req, std::move(h));
    if (!id) {
        ++m_totals.failed;
        log(label + ": " + describe(id.error()));
        return;
    }
    *idSlot = *id;
    m_inFlight.emplace(*id, std::move(job));
    report();
}

void GenerationRun::onFinished(const Job& job, Result<Completion> result) {
    const Task& task = (*m_tasks)[job.task];
    if (!result) {
        if (result.error().code != "cancelled") {
            ++m_totals.failed;
            log("task " + task.id + ": no sample: " + describe(result.error()));
        }
        report();
        return;
    }
    Completion c = std::move(*result);
    GeneratedSample s;
    s.id = newSampleId();
    s.runId = m_options.runId;
    s.parentId = job.parentId;
    s.turn = job.turn;
    s.taskId = task.id;
    s.entryName = task.entryName;
    s.createdAt = utcTimestamp();
    s.provider = m_options.provider;
    if (const ProviderConfig* p = m_client.provider(m_options.provider))
        s.providerInfo = p->publicJson();
    s.model = m_options.model;
    s.parameters = {{"max_tokens", m_options.maxTokens}};
    if (m_options.temperature)
        s.parameters["temperature"] = *m_options.temperature;
    if (m_options.topP)
        s.parameters["top_p"] = *m_options.topP;
    s.system = redactSecrets(job.system, m_secrets);
    s.messages = job.messages;
    for (auto& m : s.messages)
        m.content = redactSecrets(m.content, m_secrets);
    s.rawResponse = redactSecrets(c.text, m_secrets);
    c.text.clear();
    // The server's own words (stored as metadata) are as untrusted as its text.
    for (std::string* field : {&c.model, &c.responseId, &c.stopReason})
        *field = redactSecrets(*field, m_secrets);
    s.code = extractEntrySource(s.rawResponse, task.entryName);
    s.completion = c;
    if (m_prices)
        s.costUsd = m_prices->cost(c.model.empty() ? m_options.model : c.model, c.usage);
    if (!s.costUsd && m_prices)
        s.costUsd = m_prices->cost(m_options.model, c.usage);
    m_totals.usage.inputTokens += c.usage.inputTokens;
    m_totals.usage.outputTokens += c.usage.outputTokens;
    m_totals.usage.cacheReadTokens += c.usage.cacheReadTokens;
    m_totals.usage.cacheWriteTokens += c.usage.cacheWriteTokens;
    if (s.costUsd)
        m_totals.costUsd += *s.costUsd;
    else
        m_totals.costKnown = false;
    if (m_checker && s.code) {
        std::lock_guard lock(m_mutex);
        m_toCheck.push_back(CheckItem{std::move(s), job, task, std::nullopt});
        ++m_checking;
        m_cv.notify_one();
    } else {
        finalize(std::move(s), job, std::nullopt);
    }
    report();
}

void GenerationRun::finalize(GeneratedSample sample, const Job& job,
                             const std::optional<CheckOutcome>& outcome) {
    const Task& task = (*m_tasks)[job.task];
    if (outcome) {
        sample.verification = outcome->summary;
        redactSecrets(sample.verification, m_secrets);
        sample.verificationRecord = outcome->record;
    }
    redactGeneratedSample(sample, m_secrets);
    if (Status st = m_sink.store(sample); !st) {
        m_fatal = Error::make(st.error().code, "cannot store a sample in " + m_sink.description() +
                                                   ": " + st.error().message);
        return;
    }
    ++m_totals.stored;
    if (job.first)
        ++m_totals.firstDone;
    ++(sample.code ? m_totals.withCode : m_totals.noCode);
    if (outcome && outcome->verdict.value == verification::Verdict::Pass)
        ++m_totals.passed;
    std::string line = "task " + task.id + ": sample " + sample.id +
                       (job.turn ? " (repair turn " + std::to_string(job.turn) + ")" : "") + ": " +
                       sample.status() + ", " +
                       std::to_string(sample.completion.usage.inputTokens) + "+" +
                       std::to_string(sample.completion.usage.outputTokens) + " tokens" +
                       (sample.costUsd ? ", " + money(*sample.costUsd) : std::string()) +
                       (outcome ? ", " + outcome->verdict.text() : std::string());
    log(line);
    if (job.repairsLeft <= 0 || m_totals.interrupted)
        return;
    std::string feedback;
    if (!sample.code)
        feedback = "Your reply contains no complete ```cuda code block that defines `" +
                   task.entryName + "`.";
    else if (outcome && outcome->repairable)
        feedback = outcome->feedback;
    if (feedback.empty())
        return;
    Job next{job.task,        job.turn + 1, sample.id,           job.system,
             sample.messages, job.chain,    job.repairsLeft - 1, false};
    next.messages.push_back({"assistant", sample.rawResponse});
    next.messages.push_back({"user", repairMessage(task, feedback)});
    ++m_totals.repairs;
    m_pending.push_front(std::move(next)); // finish chains before starting new ones
}

void GenerationRun::drainChecked() {
    std::deque<CheckItem> done;
    {
        std::lock_guard lock(m_mutex);
        done.swap(m_checked);
    }
    for (auto& item : done) {
        --m_checking;
        std::optional<CheckOutcome> outcome;
        if (!item.outcome) {
            item.sample.verification = checkSummary(verification::Verdict::NotRun,
                                                    "the run was interrupted during the check");
        } else if (*item.outcome) {
            outcome = std::move(**item.outcome);
        } else {
            const Error& e = item.outcome->error();
            log("task " + item.task.id + ": sample " + item.sample.id +
                " could not be checked: " + describe(e));
            item.sample.verification = checkSummary(verification::Verdict::CheckError,
                                                    redactSecrets(describe(e), m_secrets));
        }
        finalize(std::move(item.sample), item.job, outcome);
        if (m_fatal)
            return;
    }
    if (!done.empty())
        report();
}

void GenerationRun::checkerLoop() {
    for (;;) {
        CheckItem item;
        {
            std::unique_lock lock(m_mutex);
            m_cv.wait(lock, [this] { return m_stopChecker || !m_toCheck.empty(); });
            if (m_stopChecker)
                return;
            item = std::move(m_toCheck.front());
            m_toCheck.pop_front();
        }
        auto r = m_checker->check(item.task, *item.sample.code, item.sample.id, &m_cancelChecks);
        item.outcome = std::move(r);
        {
            std::lock_guard lock(m_mutex);
            if (m_cancelChecks &&
                !(item.outcome && *item.outcome)) // cancelled mid-check: store unchecked
                item.outcome.reset();
            m_checked.push_back(std::move(item));
        }
        m_client.wakeup();
    }
}

void GenerationRun::stopChecker() {
    {
        std::lock_guard lock(m_mutex);
        m_stopChecker = true;
    }
    m_cv.notify_all();
    for (auto& t : m_checkerThreads)
        if (t.joinable())
            t.join();
}

} // namespace kwb
