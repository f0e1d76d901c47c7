#include "core/generate/prompt_builder.h"

#include <fstream>
#include <sstream>

namespace kwb {

namespace {

const char* const kSystem =
    "You are an expert CUDA kernel engineer. You write correct, fast CUDA C++ for NVIDIA GPUs and "
    "reply with one complete .cu file in a ```cuda code block.\n"
    "{{#skill}}\nFollow this guidance from earlier accepted work:\n\n{{skill}}\n{{/skill}}";

const char* const kUser =
    "{{task_prompt}}{{^task_prompt}}Write a fast CUDA kernel for this task: "
    "{{title}}.\n\n{{description}}{{/task_prompt}}\n"
    "\n"
    "{{#gpu}}Target GPU: {{gpu}}{{#compute_capability}} (compute capability "
    "{{compute_capability}}, "
    "built with nvcc -O3 -arch={{arch}} -shared){{/compute_capability}}.\n\n{{/gpu}}"
    "The harness calls exactly this entry point:\n"
    "\n"
    "    {{entry_signature}}\n"
    "\n"
    "Parameters:\n{{parameters}}\n"
    "\n"
    "It is checked and timed on these shapes:\n{{shapes}}\n"
    "\n"
    "Rules:\n{{rules}}\n"
    "{{#examples}}\nAccepted kernels for other tasks, as examples of code that "
    "passed:\n\n{{examples}}\n{{/examples}}"
    "{{#task_examples}}\nAccepted kernels for this task, written earlier; write your own, at least "
    "as correct and "
    "faster if you can:\n\n{{task_examples}}\n{{/task_examples}}"
    "\nReply with the complete .cu file in one ```cuda code block.";

std::string readFile(const std::filesystem::path& p, bool& ok) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    ok = bool(in) || in.eof();
    return ss.str();
}

std::string archOf(const std::string& cc) {
    std::string digits;
    for (char c : cc)
        if (c >= '0' && c <= '9')
            digits += c;
    return digits.empty() ? "" : "sm_" + digits;
}

} // namespace

PromptTemplates PromptTemplates::defaults() {
    return {kSystem, kUser};
}

Result<PromptTemplates> PromptTemplates::load(const std::filesystem::path& systemFile,
                                              const std::filesystem::path& userFile) {
    PromptTemplates t = defaults();
    for (auto [path, dst] : {std::pair{&systemFile, &t.system}, std::pair{&userFile, &t.user}}) {
        if (path->empty())
            continue;
        bool ok = false;
        std::string text = readFile(*path, ok);
        if (!ok || text.empty())
            return Error::make("bad-template", "cannot read the prompt template " + path->string());
        *dst = std::move(text);
    }
    return t;
}

std::string contractRules(const Task& task) {
    std::string r;
    r += "- Define `" + task.entryName +
         "` with C linkage and exactly the signature above, in one .cu file.\n";
    r += "- Every pointer is a device buffer owned by the harness; do not free or reallocate it.\n";
    r += "- Launch kernels only on `stream`. Do not create streams, synchronise the device, or "
         "allocate memory.\n";
    r += "- Keep no state between calls: no caches, no static buffers reused across calls.\n";
    r += "- No host threads, no file or network I/O, no printing.\n";
    if (task.allowedLibraries.empty()) {
        r += "- No library calls (no cuBLAS, cuDNN, CUB, Thrust).\n";
    } else {
        std::string libs;
        for (const auto& l : task.allowedLibraries)
            libs += (libs.empty() ? "" : ", ") + l;
        r += "- Library calls only from: " + libs + ".\n";
    }
    std::string outs, ins;
    for (const auto& p : task.parameters) {
        if (p.kind == ParamKind::Output)
            outs += (outs.empty() ? "" : ", ") + p.name;
        else if (p.kind == ParamKind::Input)
            ins += (ins.empty() ? "" : ", ") + p.name;
    }
    r += "- Write only the outputs (" + outs + ")" +
         (ins.empty() ? "" : "; never modify the inputs (" + ins + ")") + ".\n";
    r += "- Correct for every shape, including sizes that are not multiples of any tile size.\n";
    for (const auto& [name, t] : task.tolerances) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "- %s is checked with rtol %g, atol %g (%s).\n",
                      name.c_str(), t.rtol, t.atol, toString(t.mode).c_str());
        r += buf;
    }
    if (!r.empty())
        r.pop_back();
    return r;
}

PromptVariables promptVariables(const Task& task, const PromptContext& context) {
    PromptVariables v;
    v["task_id"] = task.id;
    v["title"] = task.title;
    v["description"] = task.description;
    v["task_prompt"] = task.prompt;
    v["entry_name"] = task.entryName;
    v["entry_signature"] = task.entrySignature;
    std::string params, dtypes;
    for (const auto& p : task.parameters) {
        std::string line = "- " + p.name + ": " + toString(p.kind);
        if (p.isBuffer()) {
            std::string shape;
            for (const auto& d : p.shape)
                shape += (shape.empty() ? "" : ", ") + d;
            line += ", " + cTypeName(p.dtype) + " (" + toString(p.dtype) + ") [" + shape + "]";
            if (dtypes.find(toString(p.dtype)) == std::string::npos)
                dtypes += (dtypes.empty() ? "" : ", ") + toString(p.dtype);
        }
        params += line + "\n";
    }
    if (!params.empty())
        params.pop_back();
    v["parameters"] = params;
    v["dtypes"] = dtypes;
    std::string shapes;
    for (const auto& s : task.shapes) {
        std::string line = "- " + s.name + ":";
        for (const auto& [d, n] : s.dims)
            line += " " + d + "=" + std::to_string(n);
        for (const auto& [k, x] : s.scalars) {
            char buf[64];
            std::snprintf(buf, sizeof buf, " %s=%g", k.c_str(), x);
            line += buf;
        }
        shapes += line + "\n";
    }
    if (!shapes.empty())
        shapes.pop_back();
    v["shapes"] = shapes;
    v["rules"] = contractRules(task);
    std::string libs;
    for (const auto& l : task.allowedLibraries)
        libs += (libs.empty() ? "" : ", ") + l;
    v["allowed_libraries"] = libs;
    v["baseline"] = task.baseline.label;
    v["gpu"] = context.gpuName;
    v["compute_capability"] = context.computeCapability;
    v["arch"] = archOf(context.computeCapability);
    std::string examples;
    for (const auto& e : context.examples)
        if (e.taskId != task.id) // never show a task its own answer
            examples += "Task " + e.taskId + (e.title.empty() ? "" : " (" + e.title + ")") +
                        ":\n```cuda\n" + e.code + (e.code.ends_with("\n") ? "" : "\n") + "```\n\n";
    while (examples.ends_with("\n"))
        examples.pop_back();
    v["examples"] = examples;
    std::string own;
    if (auto it = context.taskExamples.find(task.id); it != context.taskExamples.end())
        for (const auto& e : it->second)
            own += (e.title.empty() ? "" : e.title + ":\n") + "```cuda\n" + e.code +
                   (e.code.ends_with("\n") ? "" : "\n") + "```\n\n";
    while (own.ends_with("\n"))
        own.pop_back();
    v["task_examples"] = own;
    v["skill"] = context.skill;
    return v;
}

Result<PromptMessages> buildPrompt(const Task& task, const PromptContext& context,
                                   const PromptTemplates& templates) {
    PromptVariables vars = promptVariables(task, context);
    auto system = renderPromptTemplate(templates.system, vars);
    if (!system)
        return Error::make(system.error().code, "system template: " + system.error().message);
    auto user = renderPromptTemplate(templates.user, vars);
    if (!user)
        return Error::make(user.error().code, "user template: " + user.error().message);
    if (user->empty())
        return Error::make("bad-template",
                           "the user template renders to nothing for task " + task.id);
    PromptMessages m;
    m.system = std::move(*system);
    m.messages.push_back({"user", std::move(*user)});
    return m;
}

std::string repairMessage(const Task& task, const std::string& feedback) {
    return feedback + "\n\nFix it and reply with the complete corrected .cu file (defining `" +
           task.entryName + "` with the same signature) in one ```cuda code block.";
}

Result<SeedConversation> conversationFromMessages(const nlohmann::json& messages) {
    SeedConversation c;
    if (!messages.is_array())
        return Error::make("bad-prompt", "the messages are not a list");
    for (const auto& m : messages) {
        const std::string role = m.is_object() ? m.value("role", std::string()) : std::string();
        const std::string content =
            m.is_object() && m.contains("content") && m["content"].is_string()
                ? m["content"].get<std::string>()
                : std::string();
        if (role == "system" && c.messages.empty())
            c.system = content;
        else if (role == "user" || role == "assistant")
            c.messages.push_back({role, content});
        else
            return Error::make("bad-prompt", "a message has the role \"" + role +
                                                 "\"; only system (first), user and assistant");
    }
    if (c.messages.empty() || c.messages.back().role != "user")
        return Error::make("bad-prompt", "the conversation does not end with a user message");
    return c;
}

Result<SeedConversation> noteRepairConversation(const Task& task, const PromptContext& context,
                                                const PromptTemplates& templates,
                                                const nlohmann::json& messages,
                                                const std::string& reply, const std::string& note) {
    if (note.find_first_not_of(" \t\r\n") == std::string::npos)
        return Error::make("bad-prompt", "the note is empty: write what the kernel should change");
    SeedConversation c;
    if (messages.is_array() && !messages.empty()) {
        auto asked = conversationFromMessages(messages);
        if (!asked)
            return asked.error();
        c = std::move(*asked);
    } else {
        auto prompt = buildPrompt(task, context, templates);
        if (!prompt)
            return prompt.error();
        c.system = prompt->system;
        c.messages = prompt->messages;
    }
    c.messages.push_back({"assistant", reply});
    c.messages.push_back(
        {"user", repairMessage(task, "A reviewer's note on your kernel:\n\n" + note)});
    return c;
}

std::string promptTranscript(const nlohmann::json& messages) {
    std::string out;
    if (!messages.is_array())
        return out;
    for (const auto& m : messages) {
        if (!m.is_object())
            continue;
        const auto content = m.find("content");
        out += "## " + m.value("role", std::string()) + "\n\n" +
               (content != m.end() && content->is_string() ? content->get<std::string>() : "") +
               "\n\n";
    }
    return out;
}

Result<SeedConversation> parsePromptTranscript(const std::string& text) {
    nlohmann::json messages = nlohmann::json::array();
    std::string role, content;
    auto flush = [&] {
        // promptTranscript()'s blank line after the role line and after the content are not
        // part of it (a content's own trailing newlines are).
        if (content.starts_with('\n'))
            content.erase(0, 1);
        for (int i = 0; i < 2 && content.ends_with('\n'); ++i)
            content.pop_back();
        if (!role.empty() || !content.empty())
            messages.push_back({{"role", role.empty() ? "user" : role}, {"content", content}});
        content.clear();
    };
    std::istringstream in(text);
    std::string line;
    bool any = false;
    while (std::getline(in, line)) {
        std::string bare = line;
        if (!bare.empty() && bare.back() == '\r')
            bare.pop_back();
        if (bare == "## system" || bare == "## user" || bare == "## assistant") {
            if (any || !content.empty())
                flush();
            role = bare.substr(3);
            any = true;
            continue;
        }
        content += line + "\n";
    }
    flush();
    return conversationFromMessages(messages);
}

} // namespace kwb
