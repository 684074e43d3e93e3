#pragma once

#include "collect/monitor/sshcollectormonitor.h"
#include "live/inventory/experimenthost.h"
#include "live/inventory/inventory.h"
#include "live/maplayout/fabriclayout.h"
#include "nxapi/client/nxapiclient.h"
#include "nxapi/parse/snapshot.h"

#include <QHash>
#include <QStringList>

namespace roce::inventory {

/// One switch to poll: its NX-API login joined with its password, and how the inventory
/// describes it.
struct SwitchEndpoint {
    QString name;  ///< the inventory's name, unique; ports are "name/port"
    SwitchRole role = SwitchRole::Leaf;
    int pollIntervalMs = kDefaultPollIntervalMs;
    nxapi::NxapiEndpoint endpoint;
};

/// What the monitors connect to, once the inventory is joined with its secrets.
struct FabricEndpoints {
    /// One per inventory switch, in inventory order.
    QList<SwitchEndpoint> switches;
    QList<experiments::ExperimentHost> hosts;  ///< servers with an agent
    /// Servers without an agent, read over SSH (known_hosts checked, ~/.ssh keys).
    QList<monitor::SshCollectedHost> sshHosts;
    /// Secrets the keychain did not have, one sentence each; those peers are still listed and
    /// will fail authentication visibly.
    QStringList problems;
};

/// The keychain keys an inventory needs.
QStringList secretKeys(const Inventory &inventory);

FabricEndpoints endpointsFor(const Inventory &inventory, const QHash<QString, QString> &secrets);

/// The map's layout for a real fabric: each server on the switch port LLDP (or, failing that,
/// the inventory's typed port, without its switch part) places it on; unplaced servers are
/// left out of the drawing, not guessed. @p switchName defaults to the first switch's.
models::FabricLayout layoutFor(const Inventory &inventory, const QString &switchName,
                               const QHash<QString, QString> &placedPorts = {});

/// Where the switch's LLDP places the inventory's servers: server name -> switch port, from
/// the peers of a poll's rows (system name, domain stripped, any case). Unplaced servers are
/// left out.
QHash<QString, QString> placementsFromPeers(const Inventory &inventory,
                                            const model::SourceFrame &update);

/// What LLDP discovery found: servers the inventory does not have yet, and neighbours it
/// did not propose, each with the reason (for people).
struct Discovery {
    QList<ServerEntry> servers;
    QStringList skipped;
};

/// Servers the switch sees over LLDP that the inventory does not have yet: one per system
/// name (domain stripped), with its management address (else its name) and the first switch
/// port it is seen on, written "switchName/port" when @p switchName is given. Other network devices
/// (a network OS in the system description) and hypervisors (no agent runs there: their virtual
/// servers are added by hand) are skipped and listed. Capabilities are not used: Linux lldpd
/// announces "R" when forwarding is on.
Discovery discoverServers(const nxapi::SwitchSnapshot &snapshot, const Inventory &existing,
                          const QString &switchName = {});

}  // namespace roce::inventory

Q_DECLARE_METATYPE(roce::inventory::Discovery)
