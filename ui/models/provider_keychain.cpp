#include "ui/models/provider_keychain.h"

#include <QEventLoop>
#include <QTimer>

#ifdef KWB_HAVE_KEYCHAIN
#include <qt6keychain/keychain.h>
#endif

namespace kwb::ui {

namespace {

QString entryName(const QString& provider) {
    return QStringLiteral("provider/") + provider;
}

#ifdef KWB_HAVE_KEYCHAIN
// Runs the job and waits for it, at most kDeadlineMs; false when the deadline passed (the job
// is then left to finish and delete itself).
bool runJob(QKeychain::Job* job) {
    job->setAutoDelete(false);
    job->setInsecureFallback(false); // the fallback is ours: the 0600 file, said so to the user
    QEventLoop loop;
    bool done = false;
    QObject::connect(job, &QKeychain::Job::finished, &loop, [&] {
        done = true;
        loop.quit();
    });
    QTimer::singleShot(ProviderKeychain::kDeadlineMs, &loop, &QEventLoop::quit);
    job->start();
    if (!done)
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    if (!done) {
        job->setAutoDelete(true);
        return false;
    }
    return true;
}

QString timedOut() {
    return QStringLiteral("the Secret Service did not answer within %1 s")
        .arg(ProviderKeychain::kDeadlineMs / 1000);
}
#endif

} // namespace

QString ProviderKeychain::service() {
    return QStringLiteral("kernel-workbench");
}

bool ProviderKeychain::compiledIn() {
#ifdef KWB_HAVE_KEYCHAIN
    return true;
#else
    return false;
#endif
}

bool ProviderKeychain::reachable(QString* why, bool again) {
#ifdef KWB_HAVE_KEYCHAIN
    static std::optional<bool> known;
    static QString reason;
    if (!known || again) {
        // A read of an entry that is not there: "not found" means a Secret Service answered.
        // On the heap, as every job: one past its deadline is left to finish and delete itself,
        // since the Secret Service's answer (or D-Bus's failure to start one) still reaches it.
        auto* job = new QKeychain::ReadPasswordJob(service());
        job->setKey(QStringLiteral("probe"));
        if (!runJob(job)) {
            known = false;
            reason = timedOut();
        } else {
            known = job->error() == QKeychain::NoError || job->error() == QKeychain::EntryNotFound;
            reason = *known ? QString() : job->errorString();
            delete job;
        }
    }
    if (why)
        *why = reason;
    return *known;
#else
    if (why)
        *why = QStringLiteral("this build has no keychain support (QtKeychain)");
    return false;
#endif
}

std::optional<QString> ProviderKeychain::read(const QString& provider, QString* error) {
#ifdef KWB_HAVE_KEYCHAIN
    if (!reachable(error))
        return std::nullopt;
    auto* job = new QKeychain::ReadPasswordJob(service());
    job->setKey(entryName(provider));
    if (!runJob(job)) {
        if (error)
            *error = timedOut();
        return std::nullopt;
    }
    std::optional<QString> out;
    if (job->error() == QKeychain::NoError)
        out = job->textData();
    else if (error && job->error() != QKeychain::EntryNotFound)
        *error = job->errorString();
    delete job;
    return out;
#else
    (void)provider;
    reachable(error);
    return std::nullopt;
#endif
}

bool ProviderKeychain::write(const QString& provider, const QString& key, QString* error) {
#ifdef KWB_HAVE_KEYCHAIN
    if (!reachable(error))
        return false;
    auto* job = new QKeychain::WritePasswordJob(service());
    job->setKey(entryName(provider));
    job->setTextData(key);
    if (!runJob(job)) {
        if (error)
            *error = timedOut();
        return false;
    }
    const bool ok = job->error() == QKeychain::NoError;
    if (!ok && error)
        *error = job->errorString();
    delete job;
    return ok;
#else
    (void)provider;
    (void)key;
    reachable(error);
    return false;
#endif
}

bool ProviderKeychain::remove(const QString& provider, QString* error) {
#ifdef KWB_HAVE_KEYCHAIN
    if (!reachable(error))
        return false;
    auto* job = new QKeychain::DeletePasswordJob(service());
    job->setKey(entryName(provider));
    if (!runJob(job)) {
        if (error)
            *error = timedOut();
        return false;
    }
    const bool ok = job->error() == QKeychain::NoError || job->error() == QKeychain::EntryNotFound;
    if (!ok && error)
        *error = job->errorString();
    delete job;
    return ok;
#else
    (void)provider;
    reachable(error);
    return false;
#endif
}

} // namespace kwb::ui
