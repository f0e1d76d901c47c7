#include "app/kwb/keychain_lookup.h"

#include <chrono>
#include <cstdlib>

#include "core/sys/child_process.h"

namespace kwb::cli {

std::string keychainApiKey(const std::string& provider) {
    const char* bus = std::getenv("DBUS_SESSION_BUS_ADDRESS");
    if (!bus || !*bus || provider.empty())
        return {}; // without a session bus libsecret could only fail (or try to start one)
    const std::string tool = findInPath("secret-tool");
    if (tool.empty())
        return {};
    ProcessSpec spec;
    spec.program = tool;
    spec.args = {"lookup", "server", "kernel-workbench", "user", "provider/" + provider};
    auto out = runProcess(spec, {}, std::chrono::seconds(5));
    if (!out || out->exit.kind != ProcessExit::Kind::Exited || out->exit.code != 0)
        return {};
    std::string key = out->out;
    while (!key.empty() && (key.back() == '\n' || key.back() == '\r'))
        key.pop_back();
    return key;
}

} // namespace kwb::cli
