#include "collect/pingmesh/fabricview.h"

#include <QSet>

namespace roce::pingmesh {

namespace {

/// "gpu0003.example.net" and "GPU0003" are one host.
QString shortName(const QString &name)
{
    return name.section(QLatin1Char('.'), 0, 0).toLower();
}

}  // namespace

void placeEndpoints(QList<Endpoint> &endpoints, const QStringList &netdevs,
                    const QList<model::PortSample> &latest,
                    const QHash<QString, QString> &placement)
{
    QHash<QString, QList<const model::PortSample *>> byHost;
    for (const model::PortSample &p : latest) {
        if (!p.nic() && !p.peer.isEmpty())
            byHost[shortName(p.peer)].append(&p);
    }
    for (qsizetype i = 0; i < endpoints.size(); ++i) {
        Endpoint &e = endpoints[i];
        if (!e.switchName.isEmpty())
            continue;
        const QList<const model::PortSample *> ports = byHost.value(shortName(e.host));
        const QString netdev = netdevs.value(i);
        const model::PortSample *found = nullptr;
        for (const model::PortSample *p : ports) {
            if (!netdev.isEmpty() && p->peerPort == netdev)
                found = p;
        }
        if (!found && ports.size() == 1)
            found = ports.first();
        if (found) {
            e.switchName = found->id.device();
            e.switchPort = found->id.port();
            continue;
        }
        const QString at = placement.value(e.id(), placement.value(e.host));
        if (at.contains(QLatin1Char('/'))) {
            e.switchName = at.section(QLatin1Char('/'), 0, 0);
            e.switchPort = at.section(QLatin1Char('/'), 1);
        }
    }
}

FabricPaths pathsFromLldp(const QList<model::PortSample> &latest)
{
    QSet<QString> switches;
    for (const model::PortSample &p : latest) {
        if (!p.nic())
            switches.insert(shortName(p.id.device()));
    }
    // The far end of a link: the neighbour's port that sees this switch on this port.
    auto key = [](const QString &sw, const QString &neighbour, const QString &port) -> QString {
        return sw + QLatin1Char('|') + neighbour + QLatin1Char('|') + port;
    };
    QHash<QString, QString> seenFrom;
    for (const model::PortSample &q : latest) {
        if (!q.nic() && switches.contains(shortName(q.peer)))
            seenFrom.insert(key(shortName(q.id.device()), shortName(q.peer), q.peerPort), q.name());
    }
    FabricPaths paths;
    for (const model::PortSample &p : latest) {
        if (p.nic() || !switches.contains(shortName(p.peer)))
            continue;
        paths.uplinks[p.id.device()].append(p.name());
        const QString far
            = seenFrom.value(key(shortName(p.peer), shortName(p.id.device()), p.id.port()));
        if (!far.isEmpty())
            paths.farEnd.insert(p.name(), far);
    }
    return paths;
}

QHash<QString, model::PortSample> switchPortsById(const QList<model::PortSample> &latest)
{
    QHash<QString, model::PortSample> out;
    for (const model::PortSample &p : latest) {
        if (!p.nic())
            out.insert(p.name(), p);
    }
    return out;
}

}  // namespace roce::pingmesh
