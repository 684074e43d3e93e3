#include "proto/datamodel/portid.h"

namespace roce::model {

PortId::PortId(const QString &device, const QString &port, Kind kind)
    : m_device(device), m_port(port), m_key(device + QLatin1Char('/') + port), m_kind(kind)
{ }

PortId PortId::switchPort(const QString &switchName, const QString &port)
{
    return PortId(switchName, port, Kind::Switch);
}

PortId PortId::nicPort(const QString &host, const QString &device)
{
    return PortId(host, device, Kind::Nic);
}

PortId PortId::fromKey(const QString &key, Kind kind)
{
    const qsizetype slash = key.indexOf(QLatin1Char('/'));
    if (slash > 0)
        return PortId(key.left(slash), key.mid(slash + 1), kind);
    PortId bare;  // a name without a device (an unqualified legacy key): kept as it is
    bare.m_port = bare.m_key = key;
    bare.m_kind = kind;
    return bare;
}

QLatin1String PortId::kindName() const
{
    return m_kind == Kind::Nic ? QLatin1String("nic") : QLatin1String("switch");
}

}  // namespace roce::model
