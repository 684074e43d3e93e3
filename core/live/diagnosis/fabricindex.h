#pragma once

#include "proto/datamodel/portsample.h"

#include <QHash>
#include <QList>
#include <QString>

#include <optional>
#include <vector>

namespace roce::diagnosis {

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
    /// Index of @p key, -1 when it is not fresh.
    qsizetype indexOf(const QString &key) const { return m_index.value(key, -1); }
    /// The switch ports of the switch named @p name.
    const QList<qsizetype> &portsOfSwitch(const QString &name) const;
    QStringList switches() const { return m_switchPorts.keys(); }
    /// The NICs (RDMA ports) of server @p host.
    const QList<qsizetype> &nicsOfHost(const QString &host) const;
    const QStringList &hosts() const { return m_hosts; }

    /// The switch port a NIC is cabled to (-1: unknown).
    qsizetype switchPortOfNic(qsizetype nic) const { return m_nicSwitchPort.value(nic, -1); }
    /// What is at the far end of a switch port: NICs (several behind a hypervisor), or one
    /// switch port.
    const QList<qsizetype> &farEnd(qsizetype switchPort) const;
    /// The far end's id even when it is not fresh (a down link's peer): "switch/port" or a NIC.
    QStringList farEndIds(qsizetype switchPort) const;
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
    QHash<qsizetype, qsizetype> m_nicSwitchPort;
    QHash<qsizetype, QList<qsizetype>> m_farEnd;
    QHash<qsizetype, QStringList> m_farEndIds;
    /// Switch port key -> its LLDP neighbour (system, port) last announced: a port that goes
    /// down stops announcing, and its cable must still be known.
    QHash<QString, std::pair<QString, QString>> m_lastPeer;
    QStringList m_hosts;
    std::vector<char> m_interSwitch;  ///< by index: leads to another switch
    size_t m_signature = 0;
};

}  // namespace roce::diagnosis
