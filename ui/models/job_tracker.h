#pragma once
// Discards the results of superseded background jobs (as Hotspot's JobTracker does).
//
// An owner (a QObject living on one thread, usually the UI thread) keeps one JobTracker. Each
// begin() or start() opens a new generation; every job of an older one becomes stale. A job
// thread hands results back with Ticket::post(): the call runs on the owner's thread, and only
// if the owner still exists and no newer job began by then. Destroying the tracker (with its
// owner) never waits for a job: a job still running finds no owner and its posts are dropped.
// The job thread never holds the owner's address; only the owner's thread dereferences it.
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>

#include <QObject>

namespace kwb::ui {

// The state shared by a tracker and its job threads: the owner while it lives and the newest
// generation. Not used directly; JobTracker wraps it.
class JobChannel final : public std::enable_shared_from_this<JobChannel> {
public:
    explicit JobChannel(QObject* owner) : m_owner(owner) {}
    // Opens a new generation and returns it. Owner's thread only.
    quint64 advance() { return ++m_current; }
    // The newest generation. Any thread.
    quint64 current() const { return m_current.load(); }
    // Forgets the owner: later posts are dropped. Owner's thread only, before it is destroyed.
    void detach();
    // Queues `call(owner)` onto the owner's thread; it runs only if `generation` is still the
    // newest then. Dropped at once when the owner is gone. Any thread.
    void post(quint64 generation, std::function<void(QObject&)> call);

private:
    std::mutex m_mutex; // guards m_owner against the owner's destruction
    QObject* m_owner;
    std::atomic<quint64> m_current{0};
};

template <class Owner> class JobTracker final {
public:
    // What a job carries to its thread: its generation and the way back to the owner.
    class Ticket {
    public:
        quint64 generation() const { return m_generation; }
        // True once a newer job began (or the owner superseded this one). Any thread.
        bool superseded() const { return m_channel->current() != m_generation; }
        // Runs `call(Owner&)` on the owner's thread if this job is still the newest by then.
        // Calls posted by one thread run in the order they were posted. Any thread.
        template <class Call> void post(Call call) const {
            m_channel->post(m_generation, [call = std::move(call)](QObject& owner) mutable {
                call(static_cast<Owner&>(owner));
            });
        }

    private:
        friend class JobTracker;
        Ticket(std::shared_ptr<JobChannel> channel, quint64 generation)
            : m_channel(std::move(channel)), m_generation(generation) {}
        std::shared_ptr<JobChannel> m_channel;
        quint64 m_generation;
    };

    explicit JobTracker(Owner* owner) : m_channel(std::make_shared<JobChannel>(owner)) {}
    ~JobTracker() { m_channel->detach(); }
    JobTracker(const JobTracker&) = delete;
    JobTracker& operator=(const JobTracker&) = delete;

    // Opens a new generation (older jobs become stale) and returns its ticket. Owner's thread.
    Ticket begin() { return Ticket(m_channel, m_channel->advance()); }
    // Runs `work(ticket)` on a new detached thread as the newest job; returns its generation.
    // The work must end by its own deadline or cancel flag: nothing joins it. Owner's thread.
    template <class Work> quint64 start(Work work) {
        Ticket ticket = begin();
        std::thread([ticket, work = std::move(work)]() mutable { work(ticket); }).detach();
        return ticket.generation();
    }
    // Makes every running job stale without starting a new one. Owner's thread only.
    void supersede() { m_channel->advance(); }
    // The newest generation (0 before the first job).
    quint64 generation() const { return m_channel->current(); }
    bool isCurrent(quint64 generation) const { return generation == m_channel->current(); }

private:
    std::shared_ptr<JobChannel> m_channel;
};

} // namespace kwb::ui
