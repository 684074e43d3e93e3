#include "replyhandles.h"

namespace roce::agent {

ReplyHandles::ReplyHandles(ibv_pd *pd)
    : m_pd(pd), m_maker([this](const std::stop_token &stop) { make(stop); })
{ }

ReplyHandles::~ReplyHandles()
{
    m_maker.request_stop();
    m_wake.notify_all();
    if (m_maker.joinable())
        m_maker.join();
    for (ibv_ah *ah : std::as_const(m_ready))
        ibv_destroy_ah(ah);
    for (const auto &[key, ah] : m_finished) {
        if (ah)
            ibv_destroy_ah(ah);
    }
}

ibv_ah *ReplyHandles::find(const QByteArray &key, const ibv_ah_attr &attr)
{
    if (ibv_ah *ah = m_ready.value(key))
        return ah;
    if (!m_inFlight.contains(key)) {
        m_inFlight.insert(key, true);
        {
            const std::lock_guard lock(m_mutex);
            m_asked.emplace_back(key, attr);
        }
        m_wake.notify_one();
    }
    return nullptr;
}

std::vector<std::pair<QByteArray, ibv_ah *>> ReplyHandles::takeFinished()
{
    std::vector<std::pair<QByteArray, ibv_ah *>> done;
    {
        const std::lock_guard lock(m_mutex);
        done.swap(m_finished);
    }
    for (const auto &[key, ah] : done) {
        m_inFlight.remove(key);
        if (ah)
            m_ready.insert(key, ah);
    }
    return done;
}

void ReplyHandles::make(const std::stop_token &stop)
{
    std::unique_lock lock(m_mutex);
    while (!stop.stop_requested()) {
        if (!m_wake.wait(lock, stop, [this] { return !m_asked.empty(); }))
            return;
        auto [key, attr] = std::move(m_asked.front());
        m_asked.pop_front();
        lock.unlock();
        ibv_ah *ah = ibv_create_ah(m_pd, &attr);
        lock.lock();
        m_finished.emplace_back(std::move(key), ah);
    }
}

}  // namespace roce::agent
