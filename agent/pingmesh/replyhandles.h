#pragma once

#include <QByteArray>
#include <QHash>

#include <infiniband/verbs.h>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace roce::agent {

/// The address handles a pingmesh endpoint answers its probers through, made on a thread of
/// their own. Making one waits while the kernel resolves the prober's MAC
/// (rdma_addr_find_l2_eth_by_grh: up to a second, and it fails when the ARP over a lossy link
/// is lost). Made on the probing thread, one lossy prober held every other prober's replies
/// past their timeout, and a healthy peer looked lossy.
class ReplyHandles
{
public:
    explicit ReplyHandles(ibv_pd *pd);
    /// Stops the maker (after the creation under way, if any) and destroys every handle.
    ~ReplyHandles();
    ReplyHandles(const ReplyHandles &) = delete;
    ReplyHandles &operator=(const ReplyHandles &) = delete;

    /// The handle to answer @p key (the prober's GID and queue pair) through, or nullptr while
    /// it is being made; the first call for a key asks for it with @p attr.
    ibv_ah *find(const QByteArray &key, const ibv_ah_attr &attr);
    /// The keys whose making ended since the last call, with their handle (nullptr: it failed,
    /// and the next find() asks again).
    std::vector<std::pair<QByteArray, ibv_ah *>> takeFinished();

private:
    void make(const std::stop_token &stop);

    ibv_pd *m_pd;
    QHash<QByteArray, ibv_ah *> m_ready;  ///< probing thread only
    std::mutex m_mutex;
    std::condition_variable_any m_wake;
    std::deque<std::pair<QByteArray, ibv_ah_attr>> m_asked;   ///< under m_mutex
    std::vector<std::pair<QByteArray, ibv_ah *>> m_finished;  ///< under m_mutex
    QHash<QByteArray, bool> m_inFlight;                       ///< probing thread only
    std::jthread m_maker;  ///< last: it stops and joins before the members above go
};

}  // namespace roce::agent
