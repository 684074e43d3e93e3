#pragma once

#include "proto/datamodel/portsample.h"

#include <QHash>
#include <QList>
#include <QString>

#include <array>
#include <optional>
#include <vector>

namespace roce::diagnosis {

/// The metrics the detectors read, copied for every port into one table each evaluation:
/// the detectors walk the ports several times, and reading each sample where it lives (11,000
/// of them, scattered over the heap) cost most of their time in cache misses.
inline constexpr std::array kDiagnosedMetrics {
    model::Metric::OutUtil,       model::Metric::InUtil,       model::Metric::Ecn,
    model::Metric::TxPause,       model::Metric::RxPause,      model::Metric::WatchdogDrops,
    model::Metric::RxDiscardsPhy, model::Metric::PrioDiscards, model::Metric::InErrors,
    model::Metric::RdmaOutBits,   model::Metric::MmuDrops,     model::Metric::LosslessOutBits,
    model::Metric::CnpSent,       model::Metric::CnpIgnored,   model::Metric::CnpHandled,
    model::Metric::OutOfSeq,      model::Metric::OutBits};

/// Where each metric is in a row of the table, -1 where the table does not carry it.
inline constexpr auto kDiagnosedSlots = [] {
    std::array<int, model::kMetricCount> table {};
    table.fill(-1);
    for (std::size_t k = 0; k < kDiagnosedMetrics.size(); ++k)
        table[std::size_t(kDiagnosedMetrics[k])] = int(k);
    return table;
}();
constexpr int diagnosedSlot(model::Metric m)
{
    return kDiagnosedSlots[std::size_t(m)];
}

/// The fabric as the diagnosis walks it: every fresh port by index, the ports of each
/// switch, the NICs of each host, and the cables between them from LLDP (what a switch port
/// announces), remembered while a link is down (a down port announces nothing), with the
/// inventory's placement for what LLDP cannot say (servers behind a hypervisor's uplink).
class FabricIndex
{
public:
    /// Rebuilds the index over @p ports when their set or their cabling changed since the
    /// last call (cheap otherwise: the pointers are refreshed). @p placement: server or NIC
    /// id -> "switch/port". @p shapeKey: the caller's key of all that (DiagnosisInput), else
    /// the index hashes every port's name and LLDP neighbour to tell.
    void update(const QList<const model::PortSample *> &ports,
                const QHash<QString, QString> &placement,
                std::optional<size_t> shapeKey = std::nullopt);

    qsizetype size() const { return m_ports.size(); }
    const model::PortSample &port(qsizetype i) const { return *m_ports.at(i); }
    /// Port @p i's value of @p m, absent when it has none: from the table where it is one of
    /// kDiagnosedMetrics, else from the sample.
    std::optional<double> value(qsizetype i, model::Metric m) const
    {
        const int slot = diagnosedSlot(m);
        if (slot < 0)
            return port(i).value(m);
        const double v = m_values[std::size_t(i) * kDiagnosedMetrics.size() + std::size_t(slot)];
        return v != v ? std::nullopt : std::optional<double>(v);  // NaN: absent
    }
    /// Index of @p key, -1 when it is not fresh.
    qsizetype indexOf(const QString &key) const { return m_index.value(key, -1); }
    /// The switch ports of the switch named @p name.
    const QList<qsizetype> &portsOfSwitch(const QString &name) const;
    QStringList switches() const { return m_switchPorts.keys(); }
    /// The NICs (RDMA ports) of server @p host.
    const QList<qsizetype> &nicsOfHost(const QString &host) const;
    const QStringList &hosts() const { return m_hosts; }

    /// The switch port a NIC is cabled to (-1: unknown).
    qsizetype switchPortOfNic(qsizetype nic) const
    {
        return nic >= 0 && std::size_t(nic) < m_nicSwitchPort.size()
            ? m_nicSwitchPort[std::size_t(nic)]
            : -1;
    }
    /// What is at the far end of a switch port: NICs (several behind a hypervisor), or one
    /// switch port.
    const QList<qsizetype> &farEnd(qsizetype switchPort) const;
    /// The far end's id even when it is not fresh (a down link's peer): "switch/port" or a NIC.
    const QStringList &farEndIds(qsizetype switchPort) const;
    /// Whether switch port @p i leads to another switch (an uplink or a spine's downlink).
    bool isInterSwitch(qsizetype i) const { return m_interSwitch.at(std::size_t(i)) != 0; }
    /// Changes whenever the index is rebuilt (what callers' per-index memory is keyed by).
    size_t signature() const { return m_signature; }

private:
    void rebuild(const QHash<QString, QString> &placement);

    QList<const model::PortSample *> m_ports;
    QHash<QString, qsizetype> m_index;
    QHash<QString, QList<qsizetype>> m_switchPorts;
    QHash<QString, QList<qsizetype>> m_hostNics;
    // By index, as the detectors ask for every port of every evaluation.
    std::vector<qsizetype> m_nicSwitchPort;
    std::vector<QList<qsizetype>> m_farEnd;
    std::vector<QStringList> m_farEndIds;
    std::vector<double> m_values;  ///< kDiagnosedMetrics of every port, row by row
    /// Switch port key -> its LLDP neighbour (system, port) last announced: a port that goes
    /// down stops announcing, and its cable must still be known.
    QHash<QString, std::pair<QString, QString>> m_lastPeer;
    QStringList m_hosts;
    std::vector<char> m_interSwitch;  ///< by index: leads to another switch
    size_t m_signature = 0;
};

}  // namespace roce::diagnosis
