// Prompt templates and the prompt built for real tasks from the shipped suite.
#include "core/generate/prompt_builder.h"
#include "core/tasks/task_loader.h"
#include "tests/llm/suites.h"
#include "tests/support/check.h"

namespace kwbtest {

namespace {

// The Prompt tab's text and back, and the conversations the window continues.
void conversationTests(const kwb::Task& task, const kwb::PromptMessages& built) {
    using namespace kwb;
    const nlohmann::json stored = {
        {{"role", "system"}, {"content", built.system}},
        {{"role", "user"}, {"content", "## Shapes\nlarge\n\n## user manual\nnot a role line"}},
        {{"role", "assistant"}, {"content", "```cuda\nint x;\n```"}},
        {{"role", "user"}, {"content", "It does not compile."}}};
    const std::string text = promptTranscript(stored);
    CHECK(text.starts_with("## system\n\n" + built.system));
    auto back = parsePromptTranscript(text);
    CHECK(back.ok());
    if (back) {
        CHECK(back->system == built.system);
        CHECK(back->messages.size() == 3);
        CHECK(back->messages[0].content == stored[1]["content"].get<std::string>());
        CHECK(back->messages[1].role == "assistant" && back->messages[2].role == "user");
    }
    // A text without a role line is one user message; leading and trailing blank lines go.
    auto plain = parsePromptTranscript("\nWrite a faster kernel.\n\n");
    CHECK(plain && plain->system.empty() && plain->messages.size() == 1 &&
          plain->messages[0].role == "user" &&
          plain->messages[0].content == "Write a faster kernel.");
    // Errors: nothing to answer, a conversation ending on the model's turn, an unknown role.
    CHECK(!parsePromptTranscript(""));
    CHECK(!parsePromptTranscript("## user\n\nhi\n\n## assistant\n\nhello\n"));
    CHECK(!conversationFromMessages(nlohmann::json::array({{{"role", "tool"}, {"content", "x"}}})));
    CHECK(!conversationFromMessages(nlohmann::json::array(
        {{{"role", "user"}, {"content", "x"}}, {{"role", "system"}, {"content", "late"}}})));

    // A reviewer's note on a stored answer: its messages, its reply, then the note.
    auto note = noteRepairConversation(task, {}, PromptTemplates::defaults(),
                                       nlohmann::json::array({stored[0], stored[1]}), "my reply",
                                       "Use float4 loads.");
    CHECK(note.ok());
    if (note) {
        CHECK(note->system == built.system && note->messages.size() == 3);
        CHECK(note->messages[1].role == "assistant" && note->messages[1].content == "my reply");
        CHECK(note->messages[2].content.starts_with(
            "A reviewer's note on your kernel:\n\nUse float4 loads."));
        CHECK(note->messages[2].content.find(task.entryName) != std::string::npos);
    }
    // An imported sample (no messages): the task's prompt is what it answered.
    auto imported =
        noteRepairConversation(task, {}, PromptTemplates::defaults(), nlohmann::json::array(),
                               "```cuda\nint y;\n```", "Handle n = 0.");
    auto bare = buildPrompt(task, {}, PromptTemplates::defaults());
    CHECK(imported && bare && imported->system == bare->system && imported->messages.size() == 3 &&
          imported->messages[0] == bare->messages[0]);
    CHECK(!noteRepairConversation(task, {}, PromptTemplates::defaults(), stored, "r", " \n"));
}

} // namespace

void promptTests() {
    using namespace kwb;
    PromptVariables vars = {{"a", "A"}, {"empty", ""}, {"list", "x\ny"}};
    CHECK(renderPromptTemplate("<{{a}}|{{ a }}>", vars).value() == "<A|A>");
    CHECK(renderPromptTemplate(
              "{{#a}}has {{a}}{{/a}}{{#empty}}never{{/empty}}{{^empty}}none{{/empty}}", vars)
              .value() == "has Anone");
    CHECK(renderPromptTemplate("no tags at all", vars).value() == "no tags at all");
    auto unknown = renderPromptTemplate("{{tpyo}}", vars);
    CHECK(!unknown && unknown.error().message.find("tpyo") != std::string::npos);
    CHECK(!renderPromptTemplate("{{a", vars));
    CHECK(!renderPromptTemplate("{{#a}}open", vars));
    CHECK(!renderPromptTemplate("{{/a}}", vars));

    auto task = loadTaskFile(std::string(KWB_TASK_SOURCE_DIR) + "/reduce-sum-f32.toml");
    CHECK(task.ok());
    if (!task)
        return;
    PromptContext ctx;
    ctx.gpuName = "NVIDIA H200";
    ctx.computeCapability = "9.0";
    ctx.examples = {{"sgemm-f32", "SGEMM", "extern \"C\" void kwb_sgemm() {}"},
                    {"reduce-sum-f32", "own", "extern \"C\" void kwb_reduce_sum_OWN() {}"}};
    ctx.skill = "Prefer warp shuffles for reductions.";
    auto p = buildPrompt(*task, ctx, PromptTemplates::defaults());
    CHECK(p.ok());
    if (!p)
        return;
    CHECK(p->messages.size() == 1 && p->messages[0].role == "user");
    const std::string& u = p->messages[0].content;
    CHECK(u.find(task->entrySignature) != std::string::npos);
    CHECK(u.find(task->prompt.substr(0, 40)) != std::string::npos);
    CHECK(u.find("NVIDIA H200") != std::string::npos &&
          u.find("compute capability 9.0") != std::string::npos &&
          u.find("-arch=sm_90") != std::string::npos);
    for (const auto& s : task->shapes)
        CHECK_MSG(u.find("- " + s.name + ":") != std::string::npos, s.name);
    CHECK(u.find("Launch kernels only on `stream`") != std::string::npos);
    CHECK(u.find("kwb_sgemm") != std::string::npos);          // another task's example is shown
    CHECK(u.find("kwb_reduce_sum_OWN") == std::string::npos); // its own never
    CHECK(p->system.find("Prefer warp shuffles") != std::string::npos);

    // A task's own accepted samples (from the project) are shown to that task only.
    PromptContext own;
    own.taskExamples["reduce-sum-f32"] = {
        {"reduce-sum-f32", "Sample #7", "extern \"C\" void kwb_reduce_sum_V7() {}"}};
    own.taskExamples["sgemm-f32"] = {
        {"sgemm-f32", "Sample #8", "extern \"C\" void kwb_sgemm_V8() {}"}};
    auto withOwn = buildPrompt(*task, own, PromptTemplates::defaults());
    CHECK(withOwn &&
          withOwn->messages[0].content.find("Accepted kernels for this task") != std::string::npos);
    CHECK(withOwn && withOwn->messages[0].content.find(
                         "Sample #7:\n```cuda\nextern \"C\" void kwb_reduce_sum_V7() {}\n```") !=
                         std::string::npos);
    CHECK(withOwn && withOwn->messages[0].content.find("kwb_sgemm_V8") == std::string::npos);
    PromptTemplates ownOnly{"", "{{task_examples}}"};
    auto t = buildPrompt(*task, own, ownOnly);
    CHECK(t && t->messages[0].content ==
                   "Sample #7:\n```cuda\nextern \"C\" void kwb_reduce_sum_V7() {}\n```");

    // Without GPU, examples or skill, those parts vanish rather than print empty.
    auto bare = buildPrompt(*task, PromptContext{}, PromptTemplates::defaults());
    CHECK(bare && bare->messages[0].content.find("Target GPU") == std::string::npos);
    CHECK(bare && bare->messages[0].content.find("Accepted kernels") == std::string::npos);
    CHECK(bare && bare->system.find("guidance") == std::string::npos);

    // A custom template with every variable the documentation lists.
    PromptTemplates custom{
        "sys {{task_id}}",
        "{{title}}|{{description}}|{{entry_name}}|{{entry_signature}}|{{parameters}}|{{dtypes}}|"
        "{{shapes}}|{{rules}}|{{allowed_libraries}}|{{baseline}}|{{gpu}}|{{compute_capability}}|"
        "{{arch}}|{{examples}}|{{skill}}|{{task_prompt}}|{{task_examples}}"};
    auto c = buildPrompt(*task, ctx, custom);
    CHECK(c && c->system == "sys reduce-sum-f32" &&
          c->messages[0].content.find("|f32|") != std::string::npos);

    std::string repair = repairMessage(*task, "Your kernel does not compile.");
    CHECK(repair.starts_with("Your kernel does not compile.") &&
          repair.find("kwb_reduce_sum") != std::string::npos);
    conversationTests(*task, *p);
}

} // namespace kwbtest
