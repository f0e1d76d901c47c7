#pragma once
// The GUI's connection to one project file. A ProjectStore is one SQLite connection for one
// thread, so the session keeps its stores on threads of their own and the UI thread never
// touches them: run() carries a piece of work to a store thread and its result back.
//
// Two lanes, each a thread with its own ProjectStore on the same file (WAL: readers never
// block): the interactive lane for what the reviewer waits on (a sample, a page of the list,
// verdicts: milliseconds each, and every write, in order), and the background lane for slow
// reads (statistics over the whole project, dataset pages, export previews: hundreds of
// milliseconds on 100,000 samples), so that showing the next sample never queues behind them.
//
// Threads: construct, call and destroy on the UI thread. Work runs on the lane's thread, in
// order; results come back through the UI thread's event loop, and are dropped when the guard
// object passed to run() is gone by then. Other threads (a generation run) open their own
// ProjectStore on path().
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>

#include <QObject>
#include <QPointer>
#include <QString>

#include "core/model/error.h"

class QThread;

namespace kwb {
class ProjectStore;
}

namespace kwb::ui {

class ProjectSession final : public QObject {
    Q_OBJECT

public:
    explicit ProjectSession(QObject* parent = nullptr);
    // Closes the store on its thread and ends the thread (waiting at most a few seconds: a
    // store call never runs longer than the store's busy timeout).
    ~ProjectSession() override;

    // Opens a project on the store thread; an empty path means the current project
    // ($KWB_PROJECT, else the one `kwb project new|open` chose, else the default project in the
    // user's data folder, created with the demo samples on first use). Ends in opened() or
    // openFailed(). A session opened before is closed first.
    void open(const QString& path = {});
    // As open(), for a project the user chose in the window (Open, Recent): once open it is
    // also the current project, which kwb and the next start of the window use.
    void openAsCurrent(const QString& path);
    // Creates an empty project at `path` (New project), opens it and makes it current.
    void createAsCurrent(const QString& path);
    bool isOpen() const { return m_open; }
    QString path() const { return m_path; }
    // Who signs verdicts: $KWB_REVIEWER, else $USER, else "unknown" (as in kwb review).
    static QString reviewerName();

    // Runs work(store) on the store thread, then done(result) on the UI thread, if `guard`
    // still exists. `Result` must be constructible from kwb::Error: without an open project,
    // work does not run and done gets the error "no-project".
    enum class Lane { Interactive, Background };

    template <typename Work, typename Done> void run(QObject* guard, Work work, Done done) {
        run(Lane::Interactive, guard, std::move(work), std::move(done));
    }
    template <typename Work, typename Done>
    void runBackground(QObject* guard, Work work, Done done) {
        run(Lane::Background, guard, std::move(work), std::move(done));
    }
    template <typename Work, typename Done>
    void run(Lane lane, QObject* guard, Work work, Done done) {
        using R = std::invoke_result_t<Work, ProjectStore&>;
        post(lane, [work = std::move(work), done = std::move(done),
                    guard = QPointer<QObject>(guard), self = this](ProjectStore* store) mutable {
            auto result = std::make_shared<R>(store ? R(work(*store)) : R(noProjectError()));
            self->deliver([guard, done = std::move(done), result]() mutable {
                if (guard)
                    done(*result);
            });
        });
    }

    // A write through this session changed the project: views that show counts refresh.
    void announceChange() { emit projectChanged(); }

signals:
    void opened(const QString& path, const QString& name);
    void openFailed(const QString& code, const QString& message);
    void projectChanged();

private:
    struct StoreHost; // lives on the store thread; holds the store
    static Error noProjectError();
    enum class OpenMode { Open, OpenAsCurrent, CreateAsCurrent };
    void openWith(const QString& path, OpenMode mode);
    void post(Lane lane, std::function<void(ProjectStore*)> job);
    // Queues `call` to run on the UI thread (from the store thread).
    void deliver(std::function<void()> call);

    static constexpr int kLanes = 2;
    QThread* m_threads[kLanes] = {};
    StoreHost* m_hosts[kLanes] = {}; // each moved to its thread
    QString m_path;
    bool m_open = false;
    quint64 m_openGeneration = 0;
};

} // namespace kwb::ui
