#pragma once

#include "proto/common/result.h"

#include <QJsonObject>
#include <QMap>
#include <QString>

namespace roce::sim {

class Fabric;

/// A simulated NIC's congestion control as mlx5 exposes it under
/// /sys/class/net/<netdev>/ecn/: roce_np/ (notification point) and roce_rp/ (reaction point),
/// one file per setting, `enable/<prio>` per priority. Times are in microseconds, rates in
/// Mb/s, as the files hold them.
struct NicEcnFiles {
    QMap<QString, QString> roceNp;
    QMap<QString, QString> roceRp;
};

/// What model host @p host's files read now.
NicEcnFiles readNicEcn(const Fabric &fabric, int host);

/// Writes @p roceNp and @p roceRp ({file: value}) to model host @p host's files, as
/// `echo VALUE > file` does: all of them or, if one is not a file mlx5 has or its value is
/// not one the file takes, none (the error names it).
Result<void> writeNicEcn(Fabric &fabric, int host, const QJsonObject &roceNp,
                         const QJsonObject &roceRp);

}  // namespace roce::sim
