// kwb: the Kernel Workbench command line. Thin: parses arguments and calls core.
#include <iostream>
#include <vector>

#include "app/kwb/commands.h"
#include "kwb/version.h"

int main(int argc, char** argv) {
    CLI::App app{std::string(kwb::kProductName) +
                     ": verify, benchmark and curate machine-written CUDA kernels",
                 "kwb"};
    app.set_version_flag("--version",
                         std::string("kwb ") + kwb::kVersion + " (" + kwb::kProductName + ")");
    app.require_subcommand(0, 1);
    app.footer("Run `kwb <command> --help` for a command's options.\n"
               "Exit codes: 0 success, 1 a check failed, 2 an error, 64 usage error.");

    std::vector<kwb::cli::Runner> commands;
    commands.push_back(kwb::cli::addDoctorCommand(app));
    commands.push_back(kwb::cli::addVerifyCommand(app));
    commands.push_back(kwb::cli::addTasksCommand(app));
    commands.push_back(kwb::cli::addSuiteCommand(app));
    commands.push_back(kwb::cli::addGenerateCommand(app));
    commands.push_back(kwb::cli::addProjectCommand(app));
    commands.push_back(kwb::cli::addSamplesCommand(app));
    commands.push_back(kwb::cli::addSamplesNoCodeCommand(app));
    commands.push_back(kwb::cli::addSamplesProfileCommand(app));
    commands.push_back(kwb::cli::addReviewCommand(app));
    commands.push_back(kwb::cli::addImportCommand(app));
    commands.push_back(kwb::cli::addExportCommand(app));
    commands.push_back(kwb::cli::addEvalCommand(app));
    commands.push_back(kwb::cli::addSkillCommand(app));
    commands.push_back(kwb::cli::addProfileCommand(app));
    commands.push_back(kwb::cli::addBatchCommand(app));

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kwb::cli::kExitUsage;
    }
    for (auto& run : commands) {
        int code = run();
        if (code >= 0)
            return code;
    }
    std::cout << app.help();
    return 0;
}
