#pragma once

#include <QHash>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace roce::models {

/// What the topology map draws: a switch and, per connected port, what hangs off it: a
/// hypervisor with its virtual servers, or a bare-metal server. Built from the inventory
/// (the simulated fabric's own in demo mode) and joined to LLDP by the caller.
struct FabricLayout {
    struct Server {
        QString name;
        QString rdmaDevice;  ///< joins the port table's NIC row "name/rdmaDevice"
    };
    struct Attachment {
        QString switchPort;  ///< long NX-OS name
        QString hypervisor;  ///< empty for bare metal
        QList<Server> servers;
    };
    QString switchName;
    QList<Attachment> attachments;

    int serverCount() const;
    /// Which switch port each server hangs behind (its name -> portKey()): what a live model's
    /// placement is when LLDP names only a hypervisor.
    QHash<QString, QString> placement() const;
    /// The port table's key of @p a's switch port ("nexus-a/Ethernet1/2/2").
    QString portKey(const Attachment &a) const
    {
        return switchName + QLatin1Char('/') + a.switchPort;
    }
};

}  // namespace roce::models

Q_DECLARE_METATYPE(roce::models::FabricLayout)
