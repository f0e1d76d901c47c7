#include <iostream>

#include "app/kwb/commands.h"
#include "core/verify/doctor.h"

namespace kwb::cli {

Runner addDoctorCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "doctor",
        "Check nvcc, NVRTC, the driver, each GPU, cuBLAS, cuDNN and the data folder.\n"
        "Exit code: 0 ready, 1 compile-only (no driver or GPU), 2 something required missing.");
    auto json = std::make_shared<bool>(false);
    cmd->add_flag("--json", *json, "Print the report as JSON");
    return [cmd, json]() -> int {
        if (!cmd->parsed())
            return -1;
        DoctorReport report = runDoctor();
        if (*json) {
            nlohmann::json j;
            j["exit_code"] = report.exitCode();
            for (const auto& c : report.checks) {
                static const char* levels[] = {"ok", "warning", "missing"};
                j["checks"].push_back({{"name", c.name},
                                       {"level", levels[static_cast<int>(c.level)]},
                                       {"detail", c.detail},
                                       {"fix", c.fix},
                                       {"required", c.required}});
            }
            if (report.device)
                j["device"] = *report.device;
            std::cout << j.dump(2) << "\n";
        } else {
            std::cout << formatDoctorReport(report);
        }
        return report.exitCode();
    };
}

} // namespace kwb::cli
