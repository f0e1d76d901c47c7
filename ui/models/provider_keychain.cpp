#include "ui/models/provider_keychain.h"

#include <memory>
#include <utility>

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

// Whether a Secret Service answered the probe (reachable(), readLater()); none yet: not asked.
std::optional<bool> g_reachable;
QString g_unreachableWhy;

void noteProbe(QKeychain::Job* probe) {
    g_reachable = probe && (probe->error() == QKeychain::NoError ||
                            probe->error() == QKeychain::EntryNotFound);
    g_unreachableWhy = !probe ? timedOut() : *g_reachable ? QString() : probe->errorString();
}

// A read of an entry that is not there: "not found" means a Secret Service answered.
QKeychain::Job* probeJob() {
    auto* job = new QKeychain::ReadPasswordJob(ProviderKeychain::service());
    job->setKey(QStringLiteral("probe"));
    return job;
}

// Starts the job without waiting: `then` runs once, on the context's thread, with the finished
// job, or with nullptr where the deadline came first. The job deletes itself once finished, also
// past its deadline or after the context is gone (the Secret Service's answer, or D-Bus's failure
// to start one, still reaches it).
void startJob(QKeychain::Job* job, QObject* context, std::function<void(QKeychain::Job*)> then) {
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    // Whichever comes first takes `then`; the other finds it empty.
    auto once = std::make_shared<std::function<void(QKeychain::Job*)>>(std::move(then));
    QObject::connect(job, &QKeychain::Job::finished, context, [job, once] {
        if (auto f = std::exchange(*once, nullptr))
            f(job);
    });
    QTimer::singleShot(ProviderKeychain::kDeadlineMs, context, [once] {
        if (auto f = std::exchange(*once, nullptr))
            f(nullptr);
    });
    job->start();
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
    if (!g_reachable || again) {
        // On the heap, as every job: one past its deadline is left to finish and delete itself.
        auto* job = probeJob();
        if (!runJob(job)) {
            noteProbe(nullptr);
        } else {
            noteProbe(job);
            delete job;
        }
    }
    if (why)
        *why = g_unreachableWhy;
    return *g_reachable;
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

void ProviderKeychain::readLater(const QString& provider, QObject* context, ReadDone done) {
#ifdef KWB_HAVE_KEYCHAIN
    auto read = [provider, context, done] {
        if (!*g_reachable) {
            done(std::nullopt, g_unreachableWhy);
            return;
        }
        auto* job = new QKeychain::ReadPasswordJob(service());
        job->setKey(entryName(provider));
        startJob(job, context, [done](QKeychain::Job* finished) {
            if (!finished)
                done(std::nullopt, timedOut());
            else if (finished->error() == QKeychain::NoError)
                done(static_cast<QKeychain::ReadPasswordJob*>(finished)->textData(), QString());
            else
                done(std::nullopt, finished->error() == QKeychain::EntryNotFound
                                       ? QString()
                                       : finished->errorString());
        });
    };
    if (g_reachable) {
        QTimer::singleShot(0, context, read); // never before readLater returns
        return;
    }
    startJob(probeJob(), context, [read](QKeychain::Job* probe) {
        noteProbe(probe);
        read();
    });
#else
    (void)provider;
    QTimer::singleShot(0, context, [done] {
        QString why;
        reachable(&why);
        done(std::nullopt, why);
    });
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
