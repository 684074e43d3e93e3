#pragma once

#include "proto/common/result.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace roce::parsers {

/// The counters of one RDMA port as `rdma statistic show` prints them.
struct RdmaLinkCounters {
    QString device;  ///< the RDMA device ("mlx5_0"), not the netdev
    int port = 1;
    QMap<QString, quint64> counters;
    /// What `rdma statistic qp show` prints beside the counters of a QP counter
    /// ("cntn", "qp-type", "pid", "comm", "LQPN").
    QMap<QString, QString> attributes;
};

/// One line of `rdma link show`: RDMA port -> netdev and state.
struct RdmaLinkInfo {
    QString device;
    int port = 1;
    QString state;          ///< "ACTIVE", "DOWN", ...
    QString physicalState;  ///< "LINK_UP", "POLLING", ...
    QString netdev;         ///< empty when the port has none (InfiniBand)
};

/// Parses the text of `rdma statistic show` in every form iproute2 prints: one line per link
/// (<= 6.6), one indented line per counter with trailing spaces (>= 6.7), and `-o` with "\"
/// joining the lines. Parsed by tokens, never by line. A negative value (the 32-bit "%d"
/// truncation of iproute2 < 5.17) is an error, not a wrapped number.
/// Text saved before the first "link" (a prompt, the command) and "....." lines where a
/// capture was cut are not output: they are skipped and, with @p skipped, listed.
Result<QList<RdmaLinkCounters>> parseRdmaStatistic(const QString &text,
                                                   QStringList *skipped = nullptr);
/// Parses `rdma -j statistic show`: an array of {"ifname", "port", counter: value...}.
Result<QList<RdmaLinkCounters>> parseRdmaStatisticJson(const QByteArray &json);
/// Parses `rdma link show` text ("link mlx5_0/1 state ACTIVE physical_state LINK_UP netdev
/// ens1f0np0", same token forms as above).
Result<QList<RdmaLinkInfo>> parseRdmaLink(const QString &text, QStringList *skipped = nullptr);
/// Parses `rdma -j link show`.
Result<QList<RdmaLinkInfo>> parseRdmaLinkJson(const QByteArray &json);

}  // namespace roce::parsers
