#pragma once

#include <QHashFunctions>
#include <QMetaType>
#include <QString>

namespace roce::model {

/// Which port of the fabric a row, a series, an alert or a selection is about. Switch ports are
/// always qualified by their switch ("leaf3/Ethernet1/7"), NIC ports by their host and RDMA
/// device ("gpu017/mlx5_3"), so that many switches and hosts never collide. The qualified key
/// is built once: it is what every map is keyed by.
class PortId
{
public:
    enum class Kind : quint8 { Switch, Nic };

    PortId() = default;
    static PortId switchPort(const QString &switchName, const QString &port);
    static PortId nicPort(const QString &host, const QString &device);
    /// Reads a qualified key back ("leaf3/Ethernet1/7": the device is everything before the
    /// first '/', which switch and host names never contain).
    static PortId fromKey(const QString &key, Kind kind);

    const QString &device() const { return m_device; }  ///< switch or host name
    const QString &port() const { return m_port; }      ///< "Ethernet1/7", "mlx5_3"
    const QString &key() const { return m_key; }        ///< "device/port"
    Kind kind() const { return m_kind; }
    bool isNic() const { return m_kind == Kind::Nic; }
    bool isValid() const { return !m_key.isEmpty(); }
    /// "switch" or "nic": the `kind` of frames and exports.
    QLatin1String kindName() const;

    bool operator==(const PortId &o) const { return m_key == o.m_key && m_kind == o.m_kind; }

private:
    PortId(const QString &device, const QString &port, Kind kind);

    QString m_device, m_port, m_key;
    Kind m_kind = Kind::Switch;
};

inline size_t qHash(const PortId &id, size_t seed = 0)
{
    return qHash(id.key(), seed);
}

}  // namespace roce::model

Q_DECLARE_METATYPE(roce::model::PortId)
