#pragma once

#include "proto/common/result.h"

#include <QByteArray>
#include <QHash>
#include <QString>

#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace roce::agent {

/// One port's default hardware counters as RDMA_NLDEV_CMD_STAT_GET returns them: what
/// `rdma statistic show link DEV/PORT` prints, and the same values as sysfs `hw_counters/`
/// (both add the bound counters' values to the port's own, REFERENCE-FORMATS §1).
struct NetlinkPortStats {
    quint32 device = 0;  ///< the kernel's device index
    quint32 port = 0;
    QString deviceName;
    /// In the driver's order. Names are reused between replies: parsing allocates only when a
    /// name is longer than any before it in its slot.
    std::vector<std::pair<std::string, quint64>> counters;
    std::size_t count = 0;  ///< entries of counters that this reply filled
};

/// The RDMA netlink wire format (NETLINK_RDMA, client RDMA_NL_NLDEV), kept apart from the
/// socket so that tests feed it bytes laid out exactly as the kernel lays them out.
namespace rdmanl {

/// A STAT_GET request for one port, sequence number @p seq, appended to @p out.
void appendStatGet(QByteArray &out, quint32 seq, quint32 device, quint32 port);
/// A dump request for every device (RDMA_NLDEV_CMD_GET, NLM_F_DUMP).
QByteArray deviceDump(quint32 seq);

/// What one netlink message is.
enum class MessageKind { StatReply, DeviceReply, Done, Error, Other };

struct Message {
    MessageKind kind = MessageKind::Other;
    quint32 seq = 0;
    int error = 0;                  ///< negative errno of an NLMSG_ERROR (0: an acknowledgement)
    const char *payload = nullptr;  ///< after the nlmsghdr
    std::size_t payloadSize = 0;
};

/// Splits a datagram into messages. An error when a header's length runs past the datagram
/// or is shorter than a header: the datagram is not trusted further.
Result<std::vector<Message>> splitMessages(const char *data, std::size_t size);
/// The same into @p messages (cleared first), for the sampling loop: no allocation once warm.
Result<void> splitMessages(const char *data, std::size_t size, std::vector<Message> &messages);
/// Parses a StatReply's attributes into @p out. An error for a truncated or malformed
/// attribute, or a reply without device, port or counter table.
Result<void> parseStatReply(const Message &message, NetlinkPortStats &out);
/// A DeviceReply's index and name.
Result<std::pair<quint32, QString>> parseDeviceReply(const Message &message);

}  // namespace rdmanl

/// A NETLINK_RDMA socket that asks the kernel for ports' hardware counters: one message per
/// port where sysfs takes one file read per counter. Needs no privilege (STAT_GET is not an
/// admin command). Not thread-safe: one per sampler.
class RdmaNetlink
{
public:
    /// An error when the kernel has no RDMA netlink (no ib_core loaded, or built without it).
    static Result<std::unique_ptr<RdmaNetlink>> open();
    /// Talks over @p fd instead (owned from now on), a connected datagram socket whose other
    /// end stands in for the kernel: tests.
    static std::unique_ptr<RdmaNetlink> adopt(int fd);
    ~RdmaNetlink();
    RdmaNetlink(const RdmaNetlink &) = delete;
    RdmaNetlink &operator=(const RdmaNetlink &) = delete;

    /// Every RDMA device the kernel lists to this network namespace: name -> index.
    Result<QHash<QString, quint32>> devices();

    /// One port to ask about, and what came back.
    struct Query {
        quint32 device = 0;
        quint32 port = 0;
        NetlinkPortStats stats;
        bool answered = false;
        QString error;      ///< when not answered, why
        int errorCode = 0;  ///< the kernel's refusal (a negative errno), 0 for any other failure
    };
    /// Asks about every query's port: requests go out in batches (one send each), the replies
    /// are matched to queries by sequence number. A query the kernel refused carries its
    /// error; a transport failure fails every query still unanswered.
    void statGet(std::vector<Query> &queries);

private:
    explicit RdmaNetlink(int fd);
    Result<void> sendAll(const QByteArray &bytes);
    int m_fd = -1;
    quint32 m_seq = 1;
    std::vector<char> m_buffer;  ///< one receive buffer a reply of a batch
    QByteArray m_request;
    std::vector<rdmanl::Message> m_messages;
};

}  // namespace roce::agent
