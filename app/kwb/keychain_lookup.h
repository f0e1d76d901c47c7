#pragma once
// Provider keys the window saved in the system keychain, for the command line. The window stores
// them through QtKeychain, which keeps them in the Secret Service (libsecret) with the
// attributes server=kernel-workbench and user=provider/NAME; this reads them back with
// `secret-tool` (Debian: libsecret-tools), so the command line needs neither Qt nor libsecret.
#include <string>

namespace kwb::cli {

// The key stored for provider NAME; empty when there is no session bus, no secret-tool, no such
// entry, or the Secret Service does not answer within a few seconds.
std::string keychainApiKey(const std::string& provider);

} // namespace kwb::cli
