#pragma once
// The state a long job thread shares with the UI-thread object that started it (a batch
// verification, an evaluation run): the cancel flag, what changed since the UI thread last
// drained it, and the run's end. The job thread changes it through publish(), which wakes the
// UI thread at most once per drain; the UI thread drains it under the mutex. The job's own
// fields live in a struct derived from this one.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>

#include <QString>

#include "core/sys/child_process.h"

namespace kwb::ui {

struct BackgroundRun {
    std::atomic<bool> cancel{false};
    std::mutex mutex; // guards everything below, and the derived struct's fields
    std::condition_variable ended;
    bool drainPosted = false;
    bool over = false; // the job thread and every process it started are gone
    QString message;   // why the run ended early; empty when it ran to its end
};

// Wakes the UI thread to drain the run (JobTracker's post of the owner's drain).
using Wake = std::function<void()>;

// The job thread's side: changes the shared state and wakes the UI thread, once per drain.
template <class Run, class Change> void publish(Run& run, const Wake& wake, Change change) {
    bool post = false;
    {
        std::lock_guard lock(run.mutex);
        change(run);
        post = !run.drainPosted;
        run.drainPosted = true;
    }
    if (post)
        wake();
}

// The UI thread's side of the drain: takes what changed (`take`, under the mutex) and says
// whether the run is over.
template <class Run, class Take> bool takeDrain(Run& run, Take take) {
    std::lock_guard lock(run.mutex);
    take(run);
    run.drainPosted = false;
    return run.over;
}

// Runs `work(run)` on a detached thread named `name`. An exception ends the run with its
// message, never the program; the run is then over, waiters are told and the UI thread
// drains it once more. `finish(run)` (under the mutex) marks what else the end changes.
template <class Run, class Work, class Finish>
void startBackground(const char* name, std::shared_ptr<Run> run, Wake wake, Work work,
                     Finish finish) {
    std::thread([name, run = std::move(run), wake = std::move(wake), work = std::move(work),
                 finish = std::move(finish)]() mutable {
        nameThisThread(name);
        QString error;
        try {
            work(*run);
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        {
            std::lock_guard lock(run->mutex);
            run->over = true;
            if (!error.isEmpty())
                run->message = error;
            finish(*run);
        }
        run->ended.notify_all();
        wake(); // the last drain reports the end
    }).detach();
}

// The owner's destructor: cancels the run and waits for its end, at most `limit` (killing the
// workers takes milliseconds; one that does not answer is not waited for longer).
inline void cancelAndWait(BackgroundRun& run, std::chrono::seconds limit) {
    run.cancel = true;
    std::unique_lock lock(run.mutex);
    run.ended.wait_for(lock, limit, [&run] { return run.over; });
}

} // namespace kwb::ui
