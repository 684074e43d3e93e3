#include "udpingmesh.h"

#include "replyhandles.h"

#include "proto/common/stats.h"

#include <QCoreApplication>
#include <QFile>
#include <QHash>
#include <QScopeGuard>

#include <infiniband/verbs.h>
#include <poll.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

namespace roce::agent {

namespace {

class UdPingmeshText
{
    Q_DECLARE_TR_FUNCTIONS(UdPingmeshText)
};

constexpr quint32 kQkey = 0x11111111;
constexpr quint32 kMagic = 0x52504d31;  // "RPM1"
constexpr int kGrh = 40;                // a UD receive buffer starts with the GRH
constexpr int kPayload = 64;
constexpr int kRecvSlots = 256;
constexpr int kSendSlots = 64;
constexpr quint64 kRecvTag = 1ull << 62;
constexpr std::size_t kMaxHeld = kSendSlots / 2;  ///< held replies go out in one burst: it must
                                                  ///< fit the send queue beside the probes

enum : quint8 { Probe = 1, Reply = 2 };

#pragma pack(push, 1)
struct Message {
    quint32 magic;
    quint8 type;
    quint8 pad[3];
    quint32 seq;
    quint32 peer;   ///< index of the probed peer in the prober's list
    quint32 nonce;  ///< the prober's: a reply that reaches another prober is told apart
    qint64 sentNs;
    /// The responder's: request taken to reply posted, in ns (0: a responder older than the
    /// field, which echoes the probe's zero). Lets the prober take the responder's own delay
    /// out of the round trip and keep it apart (R-Pingmesh).
    quint32 turnaroundNs;
};
#pragma pack(pop)
/// A message from an endpoint older than Message::turnaroundNs ends before it.
constexpr std::size_t kMessageV1Bytes = offsetof(Message, turnaroundNs);

qint64 nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

Error verbsError(const QString &call, int err)
{
    return makeError(
        ErrorCode::Internal,
        UdPingmeshText::tr("%1 failed: %2").arg(call, QString::fromLocal8Bit(strerror(err))));
}

/// The GID index of @p device's port whose GID is RoCE v2 and IPv4-mapped (::ffff:a.b.c.d),
/// from sysfs (the type is not in the verbs GID query of rdma-core 44).
int ipv4RoceV2Gid(const QString &device, int port)
{
    const QString base = QStringLiteral("/sys/class/infiniband/%1/ports/%2/").arg(device).arg(port);
    for (int i = 0; i < 256; ++i) {
        QFile type(base + QStringLiteral("gid_attrs/types/%1").arg(i));
        QFile gid(base + QStringLiteral("gids/%1").arg(i));
        if (!type.open(QIODevice::ReadOnly) || !gid.open(QIODevice::ReadOnly))
            continue;
        if (type.readAll().trimmed() == "RoCE v2"
            && gid.readAll().startsWith("0000:0000:0000:0000:0000:ffff:"))
            return i;
    }
    return -1;
}

}  // namespace

struct UdPingmesh::Impl {
    ibv_context *ctx = nullptr;
    ibv_comp_channel *channel = nullptr;  ///< completions wake the loop: no busy polling
    ibv_pd *pd = nullptr;
    ibv_cq *cq = nullptr;
    ibv_qp *qp = nullptr;
    ibv_mr *mr = nullptr;
    std::vector<char> buffer;  ///< receive slots, then send slots
    int port = 1;
    int gidIndex = 0;
    ibv_gid gid {};
    QString device;
    /// Made once the protection domain is, destroyed before it.
    std::unique_ptr<ReplyHandles> replies;
    /// A probe waiting for the handle to answer it through, by its prober's key.
    struct HeldProbe {
        QByteArray key;
        quint32 qpn;
        Message message;
        qint64 takenNs;  ///< when the probe was taken off the completion queue
    };
    std::vector<HeldProbe> held;
    QList<ibv_ah *> peerAh;
    int nextSend = 0;

    ~Impl()
    {
        replies.reset();
        for (ibv_ah *ah : std::as_const(peerAh)) {
            if (ah)
                ibv_destroy_ah(ah);
        }
        if (qp)
            ibv_destroy_qp(qp);
        if (mr)
            ibv_dereg_mr(mr);
        if (cq)
            ibv_destroy_cq(cq);
        if (pd)
            ibv_dealloc_pd(pd);
        if (channel)
            ibv_destroy_comp_channel(channel);
        if (ctx)
            ibv_close_device(ctx);
    }
    char *recvSlot(int i) { return buffer.data() + std::size_t(i) * (kGrh + kPayload); }
    char *sendSlot(int i)
    {
        return buffer.data() + std::size_t(kRecvSlots) * (kGrh + kPayload)
            + std::size_t(i) * kPayload;
    }
    int postRecv(int slot)
    {
        ibv_sge sge {quint64(quintptr(recvSlot(slot))), kGrh + kPayload, mr->lkey};
        ibv_recv_wr wr {};
        wr.wr_id = kRecvTag | quint64(slot);
        wr.sg_list = &sge;
        wr.num_sge = 1;
        ibv_recv_wr *bad = nullptr;
        return ibv_post_recv(qp, &wr, &bad);
    }
    int send(ibv_ah *ah, quint32 qpn, const Message &m)
    {
        const int slot = nextSend;
        nextSend = (nextSend + 1) % kSendSlots;
        std::memcpy(sendSlot(slot), &m, sizeof m);
        ibv_sge sge {quint64(quintptr(sendSlot(slot))), quint32(sizeof m), mr->lkey};
        ibv_send_wr wr {};
        wr.wr_id = quint64(slot);
        wr.sg_list = &sge;
        wr.num_sge = 1;
        wr.opcode = IBV_WR_SEND;
        wr.send_flags = IBV_SEND_SIGNALED;
        wr.wr.ud.ah = ah;
        wr.wr.ud.remote_qpn = qpn;
        wr.wr.ud.remote_qkey = kQkey;
        ibv_send_wr *bad = nullptr;
        return ibv_post_send(qp, &wr, &bad);
    }
    /// Answers the probe @p m that @p wc brought, through the handle to its prober; while that
    /// handle is being made, the probe waits (its round trip then holds the ARP, as it would
    /// with any responder), and one beyond kMaxHeld is dropped and counted.
    void answer(ibv_wc &wc, Message m, UdPingmesh::Stats &stats)
    {
        const qint64 takenNs = nowNs();
        ibv_ah_attr from {};
        const int slot = int(wc.wr_id & 0xffff);
        if (ibv_init_ah_from_wc(ctx, quint8(port), &wc, reinterpret_cast<ibv_grh *>(recvSlot(slot)),
                                &from)
            != 0) {
            stats.unanswered += 1;
            return;
        }
        // By the prober's GID and queue pair (queue pair numbers repeat across devices).
        QByteArray key(reinterpret_cast<const char *>(from.grh.dgid.raw), 16);
        key.append(reinterpret_cast<const char *>(&wc.src_qp), 4);
        m.type = Reply;
        if (ibv_ah *ah = replies->find(key, from)) {
            reply(ah, wc.src_qp, m, takenNs, stats);
        } else if (held.size() < kMaxHeld) {
            held.push_back({key, wc.src_qp, m, takenNs});
        } else {
            stats.unanswered += 1;
        }
    }
    /// Sends the held replies whose handle is now made; drops those whose making failed.
    void answerHeld(UdPingmesh::Stats &stats)
    {
        for (const auto &finished : replies->takeFinished()) {
            const QByteArray &key = finished.first;
            ibv_ah *ah = finished.second;
            std::erase_if(held, [&](const HeldProbe &h) {
                if (h.key != key)
                    return false;
                if (ah)
                    reply(ah, h.qpn, h.message, h.takenNs, stats);
                else
                    stats.unanswered += 1;
                return true;
            });
        }
    }
    void reply(ibv_ah *ah, quint32 qpn, Message m, qint64 takenNs, UdPingmesh::Stats &stats)
    {
        // Software timestamps: what this loop adds between taking the probe and posting the
        // reply (a held probe's wait for its address handle included), at least 1 ns so that
        // the prober tells it from an older responder's zero.
        m.turnaroundNs = quint32(std::clamp<qint64>(nowNs() - takenNs, 1, 0xffffffff));
        if (send(ah, qpn, m) != 0)
            stats.sendErrors += 1;
        else
            stats.answered += 1;
    }
};

UdPingmesh::UdPingmesh() : d(std::make_unique<Impl>())
{ }

UdPingmesh::~UdPingmesh() = default;

Result<std::unique_ptr<UdPingmesh>> UdPingmesh::open(const QString &device, int port, int gidIndex)
{
    auto self = std::unique_ptr<UdPingmesh>(new UdPingmesh);
    Impl &d = *self->d;
    d.device = device;
    d.port = port;
    int count = 0;
    ibv_device **list = ibv_get_device_list(&count);
    if (!list)
        return makeError(ErrorCode::NotFound,
                         UdPingmeshText::tr("no RDMA device '%1': libibverbs finds none here (%2)")
                             .arg(device, QString::fromLocal8Bit(strerror(errno))));
    QStringList names;
    for (int i = 0; i < count; ++i) {
        names.append(QString::fromLatin1(ibv_get_device_name(list[i])));
        if (names.last() == device)
            d.ctx = ibv_open_device(list[i]);
    }
    ibv_free_device_list(list);
    if (!d.ctx)
        return makeError(ErrorCode::NotFound,
                         UdPingmeshText::tr("no RDMA device '%1' (there are: %2)")
                             .arg(device,
                                  names.isEmpty() ? UdPingmeshText::tr("none")
                                                  : names.join(QStringLiteral(", "))));
    ibv_port_attr pa {};
    if (const int e = ibv_query_port(d.ctx, quint8(port), &pa); e != 0)
        return verbsError(QStringLiteral("ibv_query_port(%1)").arg(port), e);
    if (pa.state != IBV_PORT_ACTIVE)
        return makeError(ErrorCode::Unreachable,
                         UdPingmeshText::tr("port %1 of %2 is not active").arg(port).arg(device));
    d.gidIndex = gidIndex >= 0 ? gidIndex : ipv4RoceV2Gid(device, port);
    if (d.gidIndex < 0)
        return makeError(ErrorCode::NotFound,
                         UdPingmeshText::tr("%1 port %2 has no IPv4 RoCE v2 GID (is an address "
                                            "configured on its netdev?)")
                             .arg(device)
                             .arg(port));
    if (const int e = ibv_query_gid(d.ctx, quint8(port), d.gidIndex, &d.gid); e != 0)
        return verbsError(QStringLiteral("ibv_query_gid(%1)").arg(d.gidIndex), e);
    d.pd = ibv_alloc_pd(d.ctx);
    if (!d.pd)
        return verbsError(QStringLiteral("ibv_alloc_pd"), errno);
    d.replies = std::make_unique<ReplyHandles>(d.pd);
    d.channel = ibv_create_comp_channel(d.ctx);
    if (!d.channel)
        return verbsError(QStringLiteral("ibv_create_comp_channel"), errno);
    d.cq = ibv_create_cq(d.ctx, 2 * (kRecvSlots + kSendSlots), nullptr, d.channel, 0);
    if (!d.cq)
        return verbsError(QStringLiteral("ibv_create_cq"), errno);
    if (const int e = ibv_req_notify_cq(d.cq, 0); e != 0)
        return verbsError(QStringLiteral("ibv_req_notify_cq"), e);
    d.buffer.assign(
        std::size_t(kRecvSlots) * (kGrh + kPayload) + std::size_t(kSendSlots) * kPayload, 0);
    // As an int: verbs.h's ibv_reg_mr macro ANDs the flags with another enum's value.
    d.mr = ibv_reg_mr(d.pd, d.buffer.data(), d.buffer.size(), int(IBV_ACCESS_LOCAL_WRITE));
    if (!d.mr)
        return verbsError(QStringLiteral("ibv_reg_mr"), errno);
    ibv_qp_init_attr init {};
    init.send_cq = d.cq;
    init.recv_cq = d.cq;
    init.qp_type = IBV_QPT_UD;
    init.cap.max_send_wr = kSendSlots;
    init.cap.max_recv_wr = kRecvSlots;
    init.cap.max_send_sge = 1;
    init.cap.max_recv_sge = 1;
    d.qp = ibv_create_qp(d.pd, &init);
    if (!d.qp)
        return verbsError(QStringLiteral("ibv_create_qp(UD)"), errno);
    ibv_qp_attr attr {};
    attr.qp_state = IBV_QPS_INIT;
    attr.pkey_index = 0;
    attr.port_num = quint8(port);
    attr.qkey = kQkey;
    if (const int e
        = ibv_modify_qp(d.qp, &attr, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_QKEY);
        e != 0)
        return verbsError(QStringLiteral("ibv_modify_qp(INIT)"), e);
    attr = {};
    attr.qp_state = IBV_QPS_RTR;
    if (const int e = ibv_modify_qp(d.qp, &attr, IBV_QP_STATE); e != 0)
        return verbsError(QStringLiteral("ibv_modify_qp(RTR)"), e);
    attr = {};
    attr.qp_state = IBV_QPS_RTS;
    attr.sq_psn = 0;
    if (const int e = ibv_modify_qp(d.qp, &attr, IBV_QP_STATE | IBV_QP_SQ_PSN); e != 0)
        return verbsError(QStringLiteral("ibv_modify_qp(RTS)"), e);
    for (int i = 0; i < kRecvSlots; ++i) {
        if (const int e = d.postRecv(i); e != 0)
            return verbsError(QStringLiteral("ibv_post_recv"), e);
    }
    return self;
}

UdAddress UdPingmesh::address() const
{
    return {d->device, QByteArray(reinterpret_cast<const char *>(d->gid.raw), 16), d->qp->qp_num};
}

int UdPingmesh::gidIndex() const
{
    return d->gidIndex;
}

QString UdPingmesh::netdev() const
{
    QFile f(QStringLiteral("/sys/class/infiniband/%1/ports/%2/gid_attrs/ndevs/%3")
                .arg(d->device)
                .arg(d->port)
                .arg(d->gidIndex));
    return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.readAll().trimmed()) : QString();
}

namespace {

/// The address handles a run probes its peers through, one per peer and flow label. A handle
/// needs the peer's MAC (ARP or ND by the kernel), which a lossy link can make time out: each
/// is tried a few times, then that peer's probes count lost with the reason. They are made on
/// a thread of their own while the run already answers the peers' probes: a creation blocked
/// on ARP must not leave the probes of the others unanswered. A peer is probed once its first
/// handle is there; the sweep's others join as they come.
class PeerHandles
{
public:
    enum State : int { Resolving, Ready, Failed };

    PeerHandles(ibv_pd *pd, ibv_ah_attr base, const QList<UdAddress> &peers, QList<quint32> labels)
        : m_pd(pd),
          m_base(base),
          m_peers(peers),
          m_labels(std::move(labels)),
          m_handles(new std::atomic<ibv_ah *>[std::size_t(peers.size() * m_labels.size())]),
          m_state(new std::atomic<int>[std::size_t(peers.size())]),
          m_errors(peers.size())
    {
        for (qsizetype i = 0; i < peers.size() * m_labels.size(); ++i)
            m_handles[std::size_t(i)].store(nullptr);
        for (qsizetype p = 0; p < peers.size(); ++p)
            m_state[std::size_t(p)].store(Resolving);
        m_maker = std::jthread([this](const std::stop_token &stop) { make(stop); });
    }
    ~PeerHandles() { stop(); }
    PeerHandles(const PeerHandles &) = delete;
    PeerHandles &operator=(const PeerHandles &) = delete;

    State state(int peer) const { return State(m_state[std::size_t(peer)].load()); }
    /// The handle of @p peer's @p round-th probe: its source port's, or the first while that
    /// one is still to come.
    ibv_ah *handle(int peer, int round) const
    {
        const auto first = std::size_t(peer) * std::size_t(m_labels.size());
        ibv_ah *ah = m_handles[first + std::size_t(round % m_labels.size())].load();
        return ah ? ah : m_handles[first].load();
    }
    /// Why no handle to @p peer could be made (read once its state is Failed, or after stop()).
    QString error(int peer) const { return m_errors[peer]; }
    /// Stops the maker after the creation under way.
    void stop()
    {
        m_maker.request_stop();
        if (m_maker.joinable())
            m_maker.join();
    }
    /// Stops the maker and hands every handle made to its owner.
    QList<ibv_ah *> release()
    {
        stop();
        QList<ibv_ah *> out;
        for (qsizetype i = 0; i < m_peers.size() * m_labels.size(); ++i)
            out.append(m_handles[std::size_t(i)].exchange(nullptr));
        return out;
    }

private:
    void make(const std::stop_token &stop)
    {
        for (qsizetype k = 0; k < m_labels.size(); ++k) {
            for (qsizetype p = 0; p < m_peers.size() && !stop.stop_requested(); ++p) {
                if (m_state[std::size_t(p)].load() == Failed)
                    continue;
                ibv_ah_attr ah = m_base;
                std::memcpy(ah.grh.dgid.raw, m_peers[p].gid.constData(), 16);
                ah.grh.flow_label = m_labels[k];
                ibv_ah *handle = nullptr;
                int error = 0;
                for (int attempt = 0; attempt < 5 && !handle && !stop.stop_requested(); ++attempt) {
                    handle = ibv_create_ah(m_pd, &ah);
                    error = errno;
                    if (!handle)
                        ::poll(nullptr, 0, 200);
                }
                m_handles[std::size_t(p * m_labels.size() + k)].store(handle);
                if (handle && k == 0) {
                    m_state[std::size_t(p)].store(Ready);
                } else if (!handle && k == 0) {
                    m_errors[p] = UdPingmeshText::tr("ibv_create_ah failed: %1")
                                      .arg(QString::fromLocal8Bit(strerror(error)));
                    m_state[std::size_t(p)].store(Failed);  // after its error is written
                }
            }
        }
    }

    ibv_pd *m_pd;
    ibv_ah_attr m_base;
    const QList<UdAddress> &m_peers;
    const QList<quint32> m_labels;
    std::unique_ptr<std::atomic<ibv_ah *>[]> m_handles;  ///< [peer * labels + label]
    std::unique_ptr<std::atomic<int>[]> m_state;         ///< State per peer
    QList<QString> m_errors;
    std::jthread m_maker;  ///< last: started once the members above are
};

}  // namespace

/// One run: the probes in flight, what came back, and what each peer gave.
struct UdPingmesh::Run {
    Run(UdPingmesh &mesh, const QList<UdAddress> &toProbe, const RunOptions &runOptions,
        PeerHandles &peerHandles)
        : d(*mesh.d),
          stats(mesh.m_stats),
          peers(toProbe),
          options(runOptions),
          handles(peerHandles),
          rtts(std::size_t(peers.size())),
          sent(peers.size(), 0),
          lost(peers.size(), 0),
          round(peers.size(), 0),
          interval(std::size_t(peers.size())),
          start(nowNs()),
          probeEnd(start + qint64(options.seconds * 1e9)),
          end(probeEnd + std::max<qint64>(options.timeoutMs, options.lingerMs) * 1000000),
          probeGap(peers.isEmpty() ? 0 : qint64(1e9 / std::max(0.1, options.ratePerSecond))),
          nextFlush(start + 1000000000),
          nextProbe(start),
          nonce(quint32(quint64(start) ^ (quint64(start) >> 32) ^ d.qp->qp_num
                        ^ quint32(d.gid.raw[15]) << 24))
    {
        for (int p = 0; p < peers.size(); ++p)
            interval[std::size_t(p)].peer = p;
    }

    struct Pending {
        qint64 sentNs;
        int peer;
    };

    Impl &d;
    Stats &stats;
    const QList<UdAddress> &peers;
    const RunOptions &options;
    PeerHandles &handles;
    QHash<quint32, Pending> pending;
    std::vector<std::vector<double>> rtts;
    QList<int> sent, lost, round;
    std::vector<UdInterval> interval;
    const qint64 start, probeEnd, end, probeGap;
    qint64 nextFlush, nextProbe;
    const quint32 nonce;  ///< a reply that reaches another prober is told apart
    quint32 seq = 0;
    int nextPeer = 0;

    void lose(int peer)
    {
        lost[peer] += 1;
        interval[std::size_t(peer)].lost += 1;
    }

    /// Sends the probe that is due, to the next peer whose handle is there (a peer whose address
    /// is still being resolved is passed over, not counted).
    Result<void> probe(qint64 now)
    {
        if (peers.isEmpty() || now < nextProbe || now >= probeEnd)
            return {};
        if (handles.state(nextPeer) != PeerHandles::Resolving) {
            const Message m {kMagic, Probe, {0, 0, 0}, ++seq, quint32(nextPeer), nonce, now, 0};
            ibv_ah *ah = handles.handle(nextPeer, round[nextPeer]++);
            if (!ah)
                lose(nextPeer);  // no address handle: the probe cannot leave
            else if (const int e = d.send(ah, peers[nextPeer].qpn, m); e != 0)
                return verbsError(QStringLiteral("ibv_post_send"), e);
            else
                pending.insert(seq, {now, nextPeer});
            sent[nextPeer] += 1;
            interval[std::size_t(nextPeer)].sent += 1;
        }
        nextPeer = (nextPeer + 1) % int(peers.size());
        nextProbe += probeGap;
        return {};
    }

    /// Takes what completed: answers probes, times replies, and posts the receive slots again.
    Result<int> complete()
    {
        ibv_wc wc[32];
        const int n = ibv_poll_cq(d.cq, 32, wc);
        if (n < 0)
            return verbsError(QStringLiteral("ibv_poll_cq"), EIO);
        for (int i = 0; i < n; ++i) {
            if (!(wc[i].wr_id & kRecvTag)) {
                if (wc[i].status != IBV_WC_SUCCESS)
                    stats.sendErrors += 1;  // the probe shows as lost too
                continue;
            }
            if (wc[i].status != IBV_WC_SUCCESS)
                stats.receiveErrors += 1;
            const int slot = int(wc[i].wr_id & 0xffff);
            if (wc[i].status == IBV_WC_SUCCESS && wc[i].byte_len >= kGrh + kMessageV1Bytes)
                received(wc[i], slot);
            if (const int e = d.postRecv(slot); e != 0)
                return verbsError(QStringLiteral("ibv_post_recv"), e);
        }
        return n;
    }

    void received(ibv_wc &wc, int slot)
    {
        Message m {};
        std::memcpy(&m, d.recvSlot(slot) + kGrh,
                    std::min<std::size_t>(sizeof m, wc.byte_len - kGrh));
        if (m.magic != kMagic)
            return;
        if (m.type == Probe) {
            d.answer(wc, m, stats);
        } else if (m.type == Reply && m.nonce != nonce) {
            stats.strayReplies += 1;
        } else if (m.type == Reply) {
            const auto it = pending.find(m.seq);
            if (it != pending.end()) {
                // The responder's own turnaround is its host's, not the network's: it is taken
                // out of the round trip and kept beside it.
                const double turnaround = m.turnaroundNs > 0 ? m.turnaroundNs / 1000.0 : -1.0;
                const double rtt
                    = double(nowNs() - it->sentNs) / 1000.0 - std::max(0.0, turnaround);
                rtts[std::size_t(it->peer)].push_back(rtt);
                interval[std::size_t(it->peer)].rttUs.push_back(rtt);
                interval[std::size_t(it->peer)].turnaroundUs.push_back(turnaround);
                pending.erase(it);
            }
        }
    }

    /// Probes past their timeout are lost.
    void expire(qint64 now)
    {
        for (auto it = pending.begin(); it != pending.end();) {
            if (now - it->sentNs > qint64(options.timeoutMs) * 1000000) {
                lose(it->peer);
                it = pending.erase(it);
            } else {
                ++it;
            }
        }
    }

    /// Hands each peer's probes since the last call to onInterval, about once a second.
    void flush(qint64 now)
    {
        if (!options.onInterval)
            return;
        std::vector<UdInterval> due;
        for (UdInterval &i : interval) {
            if (i.sent > 0 || i.lost > 0 || !i.rttUs.empty())
                due.push_back(std::exchange(i, UdInterval {i.peer, 0, 0, {}, {}}));
        }
        if (!due.empty())
            options.onInterval((now - start) / 1000000, due);
    }

    /// Sleeps until the next probe is due or a completion arrives.
    void wait(qint64 now)
    {
        const qint64 untilProbe = now < probeEnd ? nextProbe - now : 10000000;
        pollfd fd {d.channel->fd, POLLIN, 0};
        const int waitMs = int(std::clamp<qint64>(untilProbe / 1000000, 0, 10));
        if (::poll(&fd, 1, waitMs) > 0) {
            ibv_cq *cq = nullptr;
            void *context = nullptr;
            if (ibv_get_cq_event(d.channel, &cq, &context) == 0) {
                ibv_ack_cq_events(cq, 1);
                ibv_req_notify_cq(cq, 0);
            }
        }
    }

    QList<UdPeerResult> results()
    {
        QList<UdPeerResult> out;
        for (int p = 0; p < peers.size(); ++p) {
            out.append({peers[p].name, sent[p], lost[p], quantile(rtts[std::size_t(p)], 0.5),
                        quantile(rtts[std::size_t(p)], 0.99), handles.error(p)});
        }
        return out;
    }
};

Result<QList<UdPeerResult>> UdPingmesh::run(const QList<UdAddress> &peers,
                                            const RunOptions &options)
{
    const QList<quint32> labels = pingmesh::sweepFlowLabels(options.sourcePorts);
    m_sourcePorts.clear();
    for (quint32 label : labels) {
        if (labels.size() > 1)
            m_sourcePorts.append(pingmesh::udpSourcePortOf(label));
    }
    ibv_ah_attr base {};
    base.is_global = 1;
    base.grh.sgid_index = quint8(d->gidIndex);
    base.grh.hop_limit = 64;
    base.port_num = quint8(d->port);
    PeerHandles handles(d->pd, base, peers, labels);
    // Whatever the way out, the maker stops and its handles are destroyed with the endpoint.
    const auto keepHandles = qScopeGuard([&] { d->peerAh.append(handles.release()); });
    Run r(*this, peers, options, handles);
    for (qint64 now = nowNs(); now < r.end; now = nowNs()) {
        if (const Result<void> sent = r.probe(now); !sent)
            return sent.error();
        const Result<int> completed = r.complete();
        if (!completed)
            return completed.error();
        d->answerHeld(m_stats);
        r.expire(now);
        if (now >= r.nextFlush) {
            r.flush(now);
            r.nextFlush += 1000000000;
        }
        if (*completed == 0)
            r.wait(now);
    }
    for (const Run::Pending &p : std::as_const(r.pending))
        r.lose(p.peer);
    r.flush(nowNs());
    handles.stop();
    return r.results();
}

}  // namespace roce::agent
