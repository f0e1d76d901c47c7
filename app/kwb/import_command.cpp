// kwb import: a folder of .cu files for one task, or a JSONL file of samples, in one
// transaction (all of it or none).
#include <filesystem>
#include <iostream>

#include "app/kwb/commands.h"
#include "app/kwb/project_lookup.h"
#include "app/kwb/task_lookup.h"
#include "app/kwb/user_file.h"
#include "core/llm/llm_settings.h"
#include "core/llm/provider_config.h"
#include "core/llm/redaction.h"
#include "core/store/sample_importer.h"

namespace kwb::cli {
namespace {

// Imported files come from elsewhere (another pipeline's logs, a teacher's transcripts): every
// key this machine knows (the key variables of the environment, every api_key in the settings)
// is replaced wherever it appears before anything is stored.
void redactImport(SampleBatch& batch) {
    const std::vector<std::string> secrets = knownSecrets();
    auto text = [&](std::string& t) { t = redactForStorage(t, secrets); };
    auto json = [&](nlohmann::json& j) { redactForStorage(j, secrets); };
    text(batch.importOrigin);
    // Every free-text field (a key passed as a model name is as much a leak as one in a prompt);
    // task ids are left, as they name the task specs of the batch.
    for (Sample& s : batch.samples) {
        for (std::string* t :
             {&s.source, &s.rawResponse, &s.label, &s.model, &s.provider, &s.author, &s.createdAt})
            text(*t);
        json(s.messages);
        json(s.parameters);
    }
    for (GenerationRecord& g : batch.generations) {
        for (std::string* t : {&g.rawResponse, &g.model, &g.provider, &g.runId, &g.createdAt})
            text(*t);
        if (g.code)
            text(*g.code);
        for (nlohmann::json* j :
             {&g.messages, &g.parameters, &g.providerInfo, &g.response, &g.check})
            json(*j);
    }
}

} // namespace

Runner addImportCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "import",
        "Import samples: a folder of .cu files for one task (--task), or a JSONL file with one\n"
        "{\"task\", \"source\", \"model\", \"prompt\"} object a line. All of it or none is added. "
        "API keys\n"
        "this machine knows (environment, settings) are replaced by [redacted] in what is stored.");
    struct Opts {
        std::string project, path, task, model, author;
        bool json = false;
    };
    auto o = std::make_shared<Opts>();
    cmd->add_option("path", o->path, "A folder of .cu files, or a .jsonl file")
        ->required()
        ->check(readablePath());
    cmd->add_option("--task", o->task, "The task of a folder's kernels (id or .toml file)");
    cmd->add_option("--model", o->model, "The model that wrote a folder's kernels");
    cmd->add_option("--author", o->author, "Who imports (default: $KWB_REVIEWER, else $USER)");
    cmd->add_flag("--json", o->json, "Print the new sample ids as JSON");
    addProjectOption(cmd, o->project);

    return [=]() -> int {
        if (!cmd->parsed())
            return -1;
        SampleImporter importer([](const std::string& id) { return findTask(id); });
        const std::string author = reviewerName(o->author);
        Result<SampleBatch> batch = Error{};
        std::error_code ec;
        if (std::filesystem::is_directory(o->path, ec)) {
            if (o->task.empty()) {
                std::cerr << "kwb import: a folder of .cu files needs --task\n";
                return kExitUsage;
            }
            auto task = findTask(o->task);
            if (!task) {
                std::cerr << "kwb import: " << task.error().message << "\n";
                return 2;
            }
            const std::string taskId = task->id;
            SampleImporter one([t = *task](const std::string&) -> Result<Task> { return t; });
            batch = one.readCuFolder(o->path, taskId, o->model, author);
        } else if (const auto ext = std::filesystem::path(o->path).extension();
                   ext == ".cu" || ext == ".cuh" || ext == ".cpp" || ext == ".h") {
            // A kernel file, not a file of samples: say what import takes and what the file wants.
            std::cerr << "kwb import: " << o->path
                      << " is a source file; import takes a JSONL file of samples "
                         "(one {\"task\", \"source\", \"model\", \"prompt\"} object a line, or "
                         "`kwb generate` output) "
                         "or a folder of .cu files with --task TASK. To verify this file: kwb "
                         "verify TASK "
                      << o->path
                      << "; to add it to the project: put it in a folder and run kwb import FOLDER "
                         "--task TASK "
                         "(nothing was imported)\n";
            return kExitUsage;
        } else {
            batch = importer.readJsonl(o->path, author);
            if (batch && importer.skipped())
                std::cerr << "kwb import: skipped " << importer.skipped()
                          << " replies without code\n";
        }
        if (!batch) {
            std::cerr << "kwb import: " << batch.error().message << " (nothing was imported)\n";
            return 2;
        }
        redactImport(*batch);
        auto store = openProject(o->project);
        if (!store) {
            std::cerr << "kwb import: " << store.error().message << "\n";
            return 2;
        }
        auto ids = (*store)->addSamples(*batch);
        if (!ids) {
            std::cerr << "kwb import: " << ids.error().message << " (nothing was imported)\n";
            return 2;
        }
        if (o->json) {
            std::cout
                << nlohmann::json{{"project", (*store)->path().string()}, {"ids", *ids}}.dump()
                << "\n";
        } else {
            std::cout << "Imported " << ids->size() << " samples into "
                      << (*store)->path().string();
            if (!ids->empty())
                std::cout << " (#" << ids->front() << " to #" << ids->back() << ")";
            std::cout << "\n";
        }
        return 0;
    };
}

} // namespace kwb::cli
