#include "ui/models/job_tracker.h"

namespace kwb::ui {

void JobChannel::detach() {
    std::lock_guard lock(m_mutex);
    m_owner = nullptr;
}

void JobChannel::post(quint64 generation, std::function<void(QObject&)> call) {
    // Posting under the mutex: the owner cannot be destroyed between the check and the post,
    // and once it is destroyed Qt discards the calls still queued for it.
    std::lock_guard lock(m_mutex);
    QObject* owner = m_owner;
    if (!owner)
        return;
    QMetaObject::invokeMethod(
        owner,
        [channel = shared_from_this(), generation, call = std::move(call), owner] {
            // Owner's thread: the owner is alive (Qt drops calls queued for a destroyed context).
            if (generation == channel->current())
                call(*owner);
        },
        Qt::QueuedConnection);
}

} // namespace kwb::ui
