#include "verbsdevices.h"

#include <QCoreApplication>

#include <infiniband/verbs.h>

#include <cerrno>
#include <cstring>
#include <endian.h>
#include <memory>

namespace roce::agent {

namespace {
class VerbsText
{
    Q_DECLARE_TR_FUNCTIONS(VerbsText)
};

struct DeviceListDeleter {
    void operator()(ibv_device **list) const { ibv_free_device_list(list); }
};
struct ContextDeleter {
    void operator()(ibv_context *ctx) const { ibv_close_device(ctx); }
};

QString formatGuid(__be64 guidBigEndian)
{
    const quint64 guid = be64toh(guidBigEndian);
    return QStringLiteral("%1:%2:%3:%4")
        .arg((guid >> 48) & 0xffff, 4, 16, QLatin1Char('0'))
        .arg((guid >> 32) & 0xffff, 4, 16, QLatin1Char('0'))
        .arg((guid >> 16) & 0xffff, 4, 16, QLatin1Char('0'))
        .arg(guid & 0xffff, 4, 16, QLatin1Char('0'));
}
}  // namespace

Result<QList<VerbsDevice>> listVerbsDevices()
{
    int count = 0;
    errno = 0;
    std::unique_ptr<ibv_device *, DeviceListDeleter> list(ibv_get_device_list(&count));
    if (!list) {
        // ENOSYS: the kernel has no uverbs support at all; that is "no devices", not a failure.
        if (errno == ENOSYS)
            return QList<VerbsDevice> {};
        return makeError(ErrorCode::Io,
                         VerbsText::tr("ibv_get_device_list failed: %1")
                             .arg(QString::fromLocal8Bit(std::strerror(errno))));
    }
    QList<VerbsDevice> devices;
    for (int i = 0; i < count; ++i) {
        ibv_device *dev = list.get()[i];
        VerbsDevice d;
        d.name = QString::fromLatin1(ibv_get_device_name(dev));
        d.nodeGuid = formatGuid(ibv_get_device_guid(dev));
        std::unique_ptr<ibv_context, ContextDeleter> ctx(ibv_open_device(dev));
        if (ctx) {
            ibv_device_attr attr {};
            if (ibv_query_device(ctx.get(), &attr) == 0)
                d.portCount = attr.phys_port_cnt;
            for (int port = 1; port <= d.portCount; ++port) {
                ibv_port_attr pa {};
                if (ibv_query_port(ctx.get(), quint8(port), &pa) != 0)
                    continue;
                VerbsPort vp;
                vp.port = port;
                vp.state = QString::fromLatin1(ibv_port_state_str(pa.state))
                               .remove(QStringLiteral("PORT_"));
                vp.activeMtu = pa.active_mtu >= IBV_MTU_256 && pa.active_mtu <= IBV_MTU_4096
                    ? 128 << pa.active_mtu
                    : 0;
                vp.linkLayer = pa.link_layer == IBV_LINK_LAYER_ETHERNET
                    ? QStringLiteral("Ethernet")
                    : QStringLiteral("InfiniBand");
                d.ports.append(vp);
            }
        }
        devices.append(d);
    }
    return devices;
}

}  // namespace roce::agent
