#pragma once
// The worker's side of the protocol: one line in, zero or more lines out. Single-threaded:
// kwb-runner's main loop owns it. Knows nothing about where the lines come from.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace kwb::gpu {

class WorkerSession {
public:
    WorkerSession();

    std::vector<nlohmann::json> handleLine(const std::string& line);
    bool finished() const { return m_finished; }
    int exitCode() const { return m_exitCode; }

private:
    nlohmann::json handleHello(const nlohmann::json& msg);
    nlohmann::json handleRequest(const nlohmann::json& msg);

    bool m_greeted = false;
    bool m_finished = false;
    int m_exitCode = 0;
};

} // namespace kwb::gpu
