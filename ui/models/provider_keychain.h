#pragma once
// Provider API keys in the system keychain (QtKeychain over the Secret Service: GNOME Keyring,
// KWallet) when this build has QtKeychain (optional: KWB_HAVE_KEYCHAIN) and a Secret Service
// answers on the session bus; otherwise the caller keeps keys in the LLM settings file, which is
// readable only by the user, and says so. The environment (ANTHROPIC_API_KEY, ...) still wins.
//
// UI thread. Each call but readLater waits for the Secret Service's answer in a local event loop
// with a deadline (kDeadlineMs): they serve the Settings dialog (opening it, an explicit Save),
// and a Secret Service that does not answer in time counts as unreachable. readLater does not
// wait: a generation or an evaluation run started from the window goes on when the answer comes.
#include <functional>
#include <optional>

#include <QString>

class QObject;

namespace kwb::ui {

class ProviderKeychain final {
public:
    static constexpr int kDeadlineMs = 5000;

    // Whether this build can use a keychain at all.
    static bool compiledIn();
    // Whether a Secret Service answers now; `why` says why not. Asked once per process and
    // remembered, unless `again`.
    static bool reachable(QString* why = nullptr, bool again = false);
    // The provider's key, or nothing (none stored, or no keychain; `error` says which failed).
    static std::optional<QString> read(const QString& provider, QString* error = nullptr);
    // The same, without waiting: `done` gets the key or nothing (and the error, empty where
    // none was stored) later, on this thread, unless `context` is destroyed first. Never called
    // before readLater returns. Where reachability is not known yet, its probe goes first.
    using ReadDone = std::function<void(std::optional<QString> key, const QString& error)>;
    static void readLater(const QString& provider, QObject* context, ReadDone done);
    // Stores (replaces) the provider's key; false with `error` when it could not.
    static bool write(const QString& provider, const QString& key, QString* error = nullptr);
    // Forgets the provider's key; true when there was none.
    static bool remove(const QString& provider, QString* error = nullptr);
    // The keychain's service name ("kernel-workbench"); entries are "provider/<name>".
    static QString service();
};

} // namespace kwb::ui
