#pragma once

#include "proto/common/result.h"

#include <QHash>
#include <QList>
#include <QPair>
#include <QString>

namespace roce::agent {

using EthtoolStats = QList<QPair<QString, quint64>>;

/// Source of `ethtool -S` statistics for a netdev. The real one asks the kernel; the
/// fixture one reads saved `ethtool -S` text, so tests run without a NIC.
class EthtoolSource
{
public:
    virtual ~EthtoolSource();
    virtual QString kind() const = 0;  ///< "ioctl" or "fixture"
    virtual Result<EthtoolStats> read(const QString &ifname) = 0;
};

/// SIOCETHTOOL: ETHTOOL_GSSET_INFO for the count, ETHTOOL_GSTRINGS for the names (re-read
/// whenever the count changes: mlx5 adds or removes per-priority PFC counters when PFC is
/// reconfigured), ETHTOOL_GSTATS for the values (retried if the count changed meanwhile).
class IoctlEthtoolSource final : public EthtoolSource
{
public:
    IoctlEthtoolSource();
    ~IoctlEthtoolSource() override;
    QString kind() const override { return QStringLiteral("ioctl"); }
    Result<EthtoolStats> read(const QString &ifname) override;

private:
    Result<QStringList> names(const QString &ifname, quint32 count);
    int m_socket = -1;
    QHash<QString, QStringList> m_names;  ///< per netdev, valid while the count matches
};

/// Reads `<dir>/<ifname>` files holding `ethtool -S <ifname>` output.
class FixtureEthtoolSource final : public EthtoolSource
{
public:
    explicit FixtureEthtoolSource(QString dir);
    QString kind() const override { return QStringLiteral("fixture"); }
    Result<EthtoolStats> read(const QString &ifname) override;

private:
    QString m_dir;
};

}  // namespace roce::agent
