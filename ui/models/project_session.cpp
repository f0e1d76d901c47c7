#include "ui/models/project_session.h"

#include <QDeadlineTimer>
#include <QThread>

#include "core/store/demo_project.h"
#include "core/store/project_store.h"

namespace kwb::ui {

namespace {
// A write waits this long for another process's write before it fails; the GUI never waits
// longer than this (and a little) for a store thread to end.
constexpr int kBusyTimeoutMs = 5000;

StoreOptions storeOptions() {
    StoreOptions options;
    options.busyTimeoutMs = kBusyTimeoutMs;
    return options;
}
} // namespace

// A store thread's end of the session: the only owner of that lane's ProjectStore.
struct ProjectSession::StoreHost final : QObject {
    std::unique_ptr<ProjectStore> store;
};

ProjectSession::ProjectSession(QObject* parent) : QObject(parent) {
    for (int lane = 0; lane < kLanes; ++lane) {
        m_threads[lane] = new QThread;
        m_threads[lane]->setObjectName(lane == 0 ? QStringLiteral("kwb-store")
                                                 : QStringLiteral("kwb-store-bg"));
        m_hosts[lane] = new StoreHost;
        m_hosts[lane]->moveToThread(m_threads[lane]);
        m_threads[lane]->start();
    }
}

ProjectSession::~ProjectSession() {
    for (int lane = 0; lane < kLanes; ++lane) {
        StoreHost* host = m_hosts[lane];
        QMetaObject::invokeMethod(
            host, [host] { host->store.reset(); }, Qt::QueuedConnection);
        m_threads[lane]->quit();
    }
    for (int lane = 0; lane < kLanes; ++lane) {
        QThread* thread = m_threads[lane];
        if (thread->wait(QDeadlineTimer(kBusyTimeoutMs + 2000))) {
            delete m_hosts[lane];
            delete thread;
            continue;
        }
        // A store call is stuck past the busy timeout: leave the thread to end on its own
        // rather than block the UI; it deletes itself and its host when it does.
        connect(thread, &QThread::finished, m_hosts[lane], &QObject::deleteLater);
        connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    }
}

QString ProjectSession::reviewerName() {
    for (const char* var : {"KWB_REVIEWER", "USER", "LOGNAME"}) {
        const QString value = qEnvironmentVariable(var);
        if (!value.isEmpty())
            return value;
    }
    return QStringLiteral("unknown");
}

Error ProjectSession::noProjectError() {
    return Error::make("no-project", "No project is open.");
}

void ProjectSession::post(Lane lane, std::function<void(ProjectStore*)> job) {
    StoreHost* host = m_hosts[lane == Lane::Interactive ? 0 : 1];
    QMetaObject::invokeMethod(
        host, [host, job = std::move(job)] { job(host->store.get()); }, Qt::QueuedConnection);
}

void ProjectSession::deliver(std::function<void()> call) {
    QMetaObject::invokeMethod(this, std::move(call), Qt::QueuedConnection);
}

void ProjectSession::open(const QString& path) {
    openWith(path, OpenMode::Open);
}

void ProjectSession::openAsCurrent(const QString& path) {
    openWith(path, OpenMode::OpenAsCurrent);
}

void ProjectSession::createAsCurrent(const QString& path) {
    openWith(path, OpenMode::CreateAsCurrent);
}

void ProjectSession::openWith(const QString& path, OpenMode mode) {
    const quint64 generation = ++m_openGeneration;
    m_open = false;
    StoreHost* interactive = m_hosts[0];
    StoreHost* background = m_hosts[1];
    QMetaObject::invokeMethod(
        background, [background] { background->store.reset(); }, Qt::QueuedConnection);
    const std::filesystem::path file =
        path.isEmpty() ? std::filesystem::path() : std::filesystem::path(path.toStdString());
    QMetaObject::invokeMethod(
        interactive,
        [this, interactive, background, file, generation, mode] {
            // Interactive lane: opens (or creates the default project), then has the
            // background lane open the same file before anyone hears that it is open.
            interactive->store.reset();
            auto result = file.empty() ? openCurrentProject(storeOptions())
                          : mode == OpenMode::CreateAsCurrent
                              ? ProjectStore::create(file, {}, storeOptions())
                              : ProjectStore::open(file, storeOptions());
            if (result && mode != OpenMode::Open) {
                // Not being the current project does not stop the window from working on it.
                (void)makeCurrentProject((*result)->path());
            }
            if (!result) {
                const Error error = result.error();
                deliver([this, generation, error] {
                    if (generation == m_openGeneration)
                        emit openFailed(QString::fromStdString(error.code),
                                        QString::fromStdString(error.message));
                });
                return;
            }
            interactive->store = std::move(*result);
            const std::filesystem::path where = interactive->store->path();
            auto info = interactive->store->info();
            const QString name = info ? QString::fromStdString(info->name) : QString();
            QMetaObject::invokeMethod(
                background,
                [background, where] {
                    auto second = ProjectStore::open(where, storeOptions());
                    if (second)
                        background->store = std::move(*second);
                },
                Qt::QueuedConnection);
            const QString whereText = QString::fromStdString(where.string());
            deliver([this, generation, whereText, name] {
                if (generation != m_openGeneration)
                    return;
                m_path = whereText;
                m_open = true;
                emit opened(whereText, name);
            });
        },
        Qt::QueuedConnection);
}

} // namespace kwb::ui
