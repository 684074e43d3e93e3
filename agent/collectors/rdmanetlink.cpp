#include "collectors/rdmanetlink.h"

#include <QCoreApplication>

#include <cerrno>
#include <cstring>
#include <linux/netlink.h>
#include <optional>
#include <rdma/rdma_netlink.h>
#include <string_view>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

namespace roce::agent {

namespace {

class RdmaNetlinkText
{
    Q_DECLARE_TR_FUNCTIONS(RdmaNetlinkText)
};

constexpr quint16 kStatGetType = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_STAT_GET);
constexpr quint16 kDeviceGetType = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_GET);
// Replies wait in the socket's receive queue until read; each takes a few kilobytes of it
// (the default queue is ~200 KB). Eight ports a send stays well inside.
constexpr std::size_t kBatch = 8;
// A dump's datagram holds up to 32 KB of messages; a port's reply is one or two kilobytes.
constexpr std::size_t kReceiveBuffer = 32 * 1024;

constexpr std::size_t align4(std::size_t n)
{
    return (n + 3) & ~std::size_t(3);
}

void appendU16(QByteArray &out, quint16 v)
{
    out.append(reinterpret_cast<const char *>(&v), sizeof v);
}

void appendU32(QByteArray &out, quint32 v)
{
    out.append(reinterpret_cast<const char *>(&v), sizeof v);
}

void appendHeader(QByteArray &out, quint32 length, quint16 type, quint16 flags, quint32 seq)
{
    appendU32(out, length);
    appendU16(out, type);
    appendU16(out, flags);
    appendU32(out, seq);
    appendU32(out, 0);  // pid: the kernel
}

void appendU32Attribute(QByteArray &out, quint16 type, quint32 value)
{
    appendU16(out, quint16(NLA_HDRLEN + sizeof value));
    appendU16(out, type);
    appendU32(out, value);
}

template <typename T> T load(const char *p)
{
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

/// Walks the attributes in [data, data+size): @p visit(type, payload, payloadSize) for each.
/// False when an attribute's length is shorter than its header or runs past the end.
template <typename Visit> bool forEachAttribute(const char *data, std::size_t size, Visit visit)
{
    std::size_t at = 0;
    while (at + NLA_HDRLEN <= size) {
        const auto length = load<quint16>(data + at);
        const auto type = quint16(load<quint16>(data + at + 2) & NLA_TYPE_MASK);
        if (length < NLA_HDRLEN || at + length > size)
            return false;
        if (!visit(type, data + at + NLA_HDRLEN, std::size_t(length - NLA_HDRLEN)))
            return false;
        at += align4(length);
    }
    // Trailing bytes shorter than a header are padding only when they are none at all.
    return at >= size;
}

/// A u32 attribute into @p out, @p seen set; false when its payload cannot hold one.
bool takeU32(const char *payload, std::size_t size, quint32 &out, bool &seen)
{
    if (size < sizeof(quint32))
        return false;
    out = load<quint32>(payload);
    seen = true;
    return true;
}

/// A NUL-terminated netlink string attribute, without its terminator.
std::string_view stringOf(const char *payload, std::size_t size)
{
    const auto *end = static_cast<const char *>(std::memchr(payload, 0, size));
    return {payload, end ? std::size_t(end - payload) : size};
}

Error malformed(const QString &what)
{
    return makeError(ErrorCode::Protocol,
                     RdmaNetlinkText::tr("malformed RDMA netlink reply: %1").arg(what));
}

}  // namespace

namespace rdmanl {

void appendStatGet(QByteArray &out, quint32 seq, quint32 device, quint32 port)
{
    constexpr quint32 length = NLMSG_HDRLEN + 2 * NLA_ALIGN(NLA_HDRLEN + sizeof(quint32));
    appendHeader(out, length, kStatGetType, NLM_F_REQUEST, seq);
    appendU32Attribute(out, RDMA_NLDEV_ATTR_DEV_INDEX, device);
    appendU32Attribute(out, RDMA_NLDEV_ATTR_PORT_INDEX, port);
}

QByteArray deviceDump(quint32 seq)
{
    QByteArray out;
    appendHeader(out, NLMSG_HDRLEN, kDeviceGetType, NLM_F_REQUEST | NLM_F_DUMP, seq);
    return out;
}

Result<std::vector<Message>> splitMessages(const char *data, std::size_t size)
{
    std::vector<Message> messages;
    if (auto split = splitMessages(data, size, messages); !split.ok())
        return split.error();
    return messages;
}

Result<void> splitMessages(const char *data, std::size_t size, std::vector<Message> &messages)
{
    messages.clear();
    std::size_t at = 0;
    while (at < size) {
        if (size - at < NLMSG_HDRLEN)
            return malformed(RdmaNetlinkText::tr("%n trailing byte(s)", nullptr, int(size - at)));
        const auto length = load<quint32>(data + at);
        if (length < NLMSG_HDRLEN || length > size - at)
            return malformed(RdmaNetlinkText::tr("message length %1 at offset %2 of %3")
                                 .arg(length)
                                 .arg(at)
                                 .arg(size));
        Message m;
        const auto type = load<quint16>(data + at + 4);
        m.seq = load<quint32>(data + at + 8);
        m.payload = data + at + NLMSG_HDRLEN;
        m.payloadSize = length - NLMSG_HDRLEN;
        if (type == kStatGetType) {
            m.kind = MessageKind::StatReply;
        } else if (type == kDeviceGetType) {
            m.kind = MessageKind::DeviceReply;
        } else if (type == NLMSG_DONE) {
            m.kind = MessageKind::Done;
        } else if (type == NLMSG_ERROR) {
            if (m.payloadSize < sizeof(int))
                return malformed(RdmaNetlinkText::tr("error message without its code"));
            m.kind = MessageKind::Error;
            m.error = load<int>(m.payload);
        }
        messages.push_back(m);
        at += std::min<std::size_t>(NLMSG_ALIGN(length), size - at);
    }
    return {};
}

Result<void> parseStatReply(const Message &message, NetlinkPortStats &out)
{
    bool haveDevice = false, havePort = false, haveTable = false;
    out.count = 0;
    QString entryError;
    const bool ok = forEachAttribute(
        message.payload, message.payloadSize,
        [&](quint16 type, const char *payload, std::size_t size) {
            switch (type) {
            case RDMA_NLDEV_ATTR_DEV_INDEX:
                return takeU32(payload, size, out.device, haveDevice);
            case RDMA_NLDEV_ATTR_DEV_NAME: {
                const std::string_view name = stringOf(payload, size);
                if (out.deviceName.size() != qsizetype(name.size())
                    || out.deviceName != QLatin1String(name.data(), qsizetype(name.size())))
                    out.deviceName = QString::fromUtf8(name.data(), qsizetype(name.size()));
                return true;
            }
            case RDMA_NLDEV_ATTR_PORT_INDEX:
                return takeU32(payload, size, out.port, havePort);
            case RDMA_NLDEV_ATTR_STAT_HWCOUNTERS:
                haveTable = true;
                return forEachAttribute(
                    payload, size,
                    [&](quint16 entryType, const char *entry, std::size_t entrySize) {
                        if (entryType != RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY)
                            return true;  // a newer kernel's addition: not ours to judge
                        std::string_view name;
                        bool haveName = false, haveValue = false;
                        quint64 value = 0;
                        const bool entryOk = forEachAttribute(
                            entry, entrySize, [&](quint16 t, const char *p, std::size_t s) {
                                if (t == RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME) {
                                    name = stringOf(p, s);
                                    haveName = true;
                                } else if (t == RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE) {
                                    if (s < sizeof(quint64))
                                        return false;
                                    value = load<quint64>(p);
                                    haveValue = true;
                                }
                                return true;  // RDMA_NLDEV_ATTR_PAD aligns the value
                            });
                        if (!entryOk || !haveName || !haveValue || name.empty()) {
                            entryError = RdmaNetlinkText::tr("counter %1 without a name or value")
                                             .arg(out.count);
                            return false;
                        }
                        if (out.count == out.counters.size())
                            out.counters.emplace_back();
                        auto &slot = out.counters[out.count++];
                        if (slot.first != name)
                            slot.first.assign(name);
                        slot.second = value;
                        return true;
                    });
            default:
                return true;
            }
        });
    if (!entryError.isEmpty())
        return malformed(entryError);
    if (!ok)
        return malformed(RdmaNetlinkText::tr("an attribute runs past the message"));
    if (!haveDevice || !havePort || !haveTable)
        return malformed(RdmaNetlinkText::tr("no device, port or counter table"));
    return {};
}

Result<std::pair<quint32, QString>> parseDeviceReply(const Message &message)
{
    quint32 index = 0;
    bool haveIndex = false;
    QString name;
    auto visit = [&](quint16 type, const char *payload, std::size_t size) {
        if (type == RDMA_NLDEV_ATTR_DEV_INDEX)
            return takeU32(payload, size, index, haveIndex);
        if (type == RDMA_NLDEV_ATTR_DEV_NAME) {
            const std::string_view n = stringOf(payload, size);
            name = QString::fromUtf8(n.data(), qsizetype(n.size()));
        }
        return true;
    };
    if (!forEachAttribute(message.payload, message.payloadSize, visit))
        return malformed(RdmaNetlinkText::tr("an attribute runs past the message"));
    if (!haveIndex || name.isEmpty())
        return malformed(RdmaNetlinkText::tr("a device without index or name"));
    return std::pair {index, name};
}

}  // namespace rdmanl

Result<std::unique_ptr<RdmaNetlink>> RdmaNetlink::open()
{
    const int fd = ::socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_RDMA);
    if (fd < 0)
        return makeError(ErrorCode::Unsupported,
                         RdmaNetlinkText::tr("no RDMA netlink in this kernel: %1")
                             .arg(QString::fromLocal8Bit(std::strerror(errno))));
    sockaddr_nl local {};
    local.nl_family = AF_NETLINK;
    sockaddr_nl kernel {};
    kernel.nl_family = AF_NETLINK;
    // A reply the kernel cannot queue is lost, not delayed: never wait on it forever.
    timeval timeout {2, 0};
    if (::bind(fd, reinterpret_cast<sockaddr *>(&local), sizeof local) != 0
        || ::connect(fd, reinterpret_cast<sockaddr *>(&kernel), sizeof kernel) != 0
        || ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout) != 0) {
        const int error = errno;
        ::close(fd);
        return makeError(ErrorCode::Io,
                         RdmaNetlinkText::tr("RDMA netlink socket: %1")
                             .arg(QString::fromLocal8Bit(std::strerror(error))));
    }
    // Errors come back without the request they answer.
    const int one = 1;
    ::setsockopt(fd, SOL_NETLINK, NETLINK_CAP_ACK, &one, sizeof one);
    return std::unique_ptr<RdmaNetlink>(new RdmaNetlink(fd));
}

RdmaNetlink::RdmaNetlink(int fd) : m_fd(fd), m_buffer(kBatch * kReceiveBuffer)
{ }

RdmaNetlink::~RdmaNetlink()
{
    ::close(m_fd);
}

std::unique_ptr<RdmaNetlink> RdmaNetlink::adopt(int fd)
{
    return std::unique_ptr<RdmaNetlink>(new RdmaNetlink(fd));
}

Result<void> RdmaNetlink::sendAll(const QByteArray &bytes)
{
    // Connected to the kernel at open(): a plain send.
    const ssize_t sent = ::send(m_fd, bytes.constData(), std::size_t(bytes.size()), 0);
    if (sent != bytes.size())
        return makeError(ErrorCode::Io,
                         RdmaNetlinkText::tr("RDMA netlink send: %1")
                             .arg(QString::fromLocal8Bit(std::strerror(errno))));
    return {};
}

Result<QHash<QString, quint32>> RdmaNetlink::devices()
{
    const quint32 seq = m_seq++;
    if (auto sent = sendAll(rdmanl::deviceDump(seq)); !sent.ok())
        return sent.error();
    QHash<QString, quint32> devices;
    for (;;) {
        // MSG_TRUNC: the datagram's real length, to tell a cut one from a whole one.
        const ssize_t n = ::recv(m_fd, m_buffer.data(), kReceiveBuffer, MSG_TRUNC);
        if (n < 0)
            return makeError(ErrorCode::Io,
                             RdmaNetlinkText::tr("RDMA netlink device list: %1")
                                 .arg(QString::fromLocal8Bit(std::strerror(errno))));
        if (std::size_t(n) > kReceiveBuffer)
            return makeError(
                ErrorCode::Protocol,
                RdmaNetlinkText::tr("RDMA netlink device list: a reply of %1 bytes").arg(n));
        auto messages = rdmanl::splitMessages(m_buffer.data(), std::size_t(n));
        if (!messages.ok())
            return messages.error();
        for (const rdmanl::Message &m : *messages) {
            if (m.seq != seq)
                continue;  // a late answer to an earlier request
            if (m.kind == rdmanl::MessageKind::Done)
                return devices;
            if (m.kind == rdmanl::MessageKind::Error)
                return makeError(ErrorCode::Io,
                                 RdmaNetlinkText::tr("RDMA netlink device list: %1")
                                     .arg(QString::fromLocal8Bit(std::strerror(-m.error))));
            if (m.kind == rdmanl::MessageKind::DeviceReply) {
                auto device = rdmanl::parseDeviceReply(m);
                if (!device.ok())
                    return device.error();
                devices.insert(device->second, device->first);
            }
        }
    }
}

void RdmaNetlink::statGet(std::vector<Query> &queries)
{
    mmsghdr headers[kBatch] = {};
    iovec vectors[kBatch] = {};
    for (std::size_t i = 0; i < kBatch; ++i) {
        vectors[i] = {m_buffer.data() + i * kReceiveBuffer, kReceiveBuffer};
        headers[i].msg_hdr.msg_iov = &vectors[i];
        headers[i].msg_hdr.msg_iovlen = 1;
    }
    for (std::size_t first = 0; first < queries.size(); first += kBatch) {
        const std::size_t last = std::min(queries.size(), first + kBatch);
        const quint32 firstSeq = m_seq;
        m_seq += quint32(last - first);
        m_request.clear();
        for (std::size_t i = first; i < last; ++i) {
            queries[i].answered = false;
            queries[i].error.clear();
            queries[i].errorCode = 0;
            rdmanl::appendStatGet(m_request, firstSeq + quint32(i - first), queries[i].device,
                                  queries[i].port);
        }
        std::size_t pending = last - first;
        auto failRest = [&](const QString &why) {
            for (std::size_t i = first; i < last; ++i) {
                if (!queries[i].answered && queries[i].error.isEmpty())
                    queries[i].error = why;
            }
        };
        if (auto sent = sendAll(m_request); !sent.ok()) {
            failRest(sent.error().message);
            continue;
        }
        // The kernel answers each request with its reply or an error, in order, before the
        // send returns: one receive call takes them all.
        while (pending > 0) {
            const int got = ::recvmmsg(m_fd, headers, unsigned(pending), MSG_WAITFORONE, nullptr);
            if (got <= 0) {
                failRest(RdmaNetlinkText::tr("RDMA netlink receive: %1")
                             .arg(QString::fromLocal8Bit(std::strerror(errno))));
                break;
            }
            bool broken = false;
            for (int r = 0; r < got && !broken; ++r) {
                const char *datagram = m_buffer.data() + std::size_t(r) * kReceiveBuffer;
                if (headers[r].msg_hdr.msg_flags & MSG_TRUNC) {
                    failRest(RdmaNetlinkText::tr("RDMA netlink reply larger than %1 bytes")
                                 .arg(kReceiveBuffer));
                    broken = true;
                    break;
                }
                auto split = rdmanl::splitMessages(datagram, headers[r].msg_len, m_messages);
                if (!split.ok()) {
                    failRest(split.error().message);
                    broken = true;
                    break;
                }
                for (const rdmanl::Message &m : m_messages) {
                    if (m.seq < firstSeq || m.seq >= firstSeq + quint32(last - first))
                        continue;  // an earlier batch's late answer
                    Query &q = queries[first + (m.seq - firstSeq)];
                    if (q.answered || !q.error.isEmpty())
                        continue;
                    if (m.kind == rdmanl::MessageKind::StatReply) {
                        if (auto parsed = rdmanl::parseStatReply(m, q.stats); parsed.ok())
                            q.answered = true;
                        else
                            q.error = parsed.error().message;
                    } else if (m.kind == rdmanl::MessageKind::Error && m.error != 0) {
                        q.error = QString::fromLocal8Bit(std::strerror(-m.error));
                        q.errorCode = m.error;
                    } else {
                        continue;
                    }
                    --pending;
                }
            }
            if (broken)
                break;
        }
    }
}

}  // namespace roce::agent
