#pragma once

#include <QHash>
#include <QList>
#include <QMetaType>
#include <QString>

namespace roce::models {

/// A leaf/spine fabric as the large map draws it: spines on top, leaves grouped (a rail, a
/// pod), and under each leaf the servers' NIC ports cabled to it. Rates are looked up in the
/// port table by row name: a switch port is "<switch>/<port>" (e.g. "rail1-leaf3/Ethernet1/7"),
/// a NIC "<host>/<rdma device>".
struct LeafSpineFabric {
    struct Switch {
        QString name;
        QString group;  ///< leaves: "rail 1", "pod 2", ...; spines: empty
    };
    struct Uplink {
        int leaf = -1;
        int spine = -1;
        QString leafPortRow;   ///< the leaf's port towards the spine
        QString spinePortRow;  ///< the spine's port towards the leaf
    };
    /// A server NIC on a leaf downlink.
    struct Nic {
        int host = -1;
        int leaf = -1;
        QString nicRow;       ///< "<host>/<rdma device>"
        QString leafPortRow;  ///< the leaf port it is cabled to
    };
    QString name;
    QList<Switch> spines;
    QList<Switch> leaves;
    QList<Uplink> uplinks;
    QStringList hosts;
    QList<Nic> nics;  ///< grouped by leaf, in port order

    bool isEmpty() const { return leaves.isEmpty(); }
    int nicsOnLeaf(int leaf) const;
};

}  // namespace roce::models

Q_DECLARE_METATYPE(roce::models::LeafSpineFabric)
