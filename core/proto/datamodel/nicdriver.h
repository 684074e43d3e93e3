#pragma once

#include "proto/datamodel/metric.h"

#include <QString>
#include <QStringView>

namespace roce::model {

/// The RDMA driver family of a NIC: each names its counters differently (ConnectX's
/// `np_cnp_sent` is Broadcom's `np_cnp_pkts` and Intel's `cnpSent`), so the counter behind a
/// metric depends on it.
enum class NicDriver : quint8 {
    Unknown,  ///< not reported (an older agent) and not told by the device name
    Mlx5,     ///< NVIDIA ConnectX (mlx5_core / mlx5_ib)
    Bnxt,     ///< Broadcom NetXtreme (bnxt_en / bnxt_re)
    Irdma,    ///< Intel E810 / X722 / IPU (ice, i40e, idpf / irdma)
    Ionic,    ///< AMD Pensando (ionic / ionic_rdma)
    Rxe,      ///< Soft-RoCE
};

/// The stable name the agent reports ("mlx5", "bnxt_re", "irdma", "ionic", "rxe"; "" unknown).
QLatin1String nicDriverKey(NicDriver driver);
NicDriver nicDriverFromKey(QStringView key);

/// The driver of an RDMA device from sysfs. Every hardware driver hangs its device on the PCI
/// function, so `class/infiniband/<dev>/device/driver` names the Ethernet driver
/// (@p pciDriver: "mlx5_core", "bnxt_en", "ice", "i40e", "idpf", "ionic"). A device with no
/// `device` link is software: Soft-RoCE has a `parent` attribute (@p hasParent).
NicDriver nicDriverFromSysfs(QStringView pciDriver, bool hasParent);

/// The driver told by the kernel's own device name ("mlx5_0", "bnxt_re1", "irdma0",
/// "ionic_0", "rxe0"), for samples of agents that do not report it. Names given by udev
/// ("rocep65s0f0") tell nothing: Unknown.
NicDriver nicDriverFromDeviceName(QStringView device);

/// Where @p driver keeps the counter of NIC metric @p metric, in the grammar of
/// MetricInfo::nicSource ("hw:NAME", "port:NAME", "ethtool:NAME", '*' summing a family) with
/// alternatives separated by '|', the first one present winning (kernels renamed counters).
/// Empty: the driver has no counter for it, and the metric is absent, never zero. Unknown
/// drivers try every family's names; mlx5's are the metric table's own nicSource.
const char *nicDriverSource(NicDriver driver, Metric metric);

/// Per-priority pause counters of a driver's netdev (ethtool), "%1" standing for the priority;
/// empty where the driver has none. The durations count microseconds the port was held by
/// received pauses.
struct PriorityPauseNames {
    const char *durationUs = "";
    const char *pauses = "";
    const char *discards = "";
    const char *portDiscards = "";  ///< the port's receive-buffer discards, all priorities
};
PriorityPauseNames nicPriorityPauseNames(NicDriver driver);

/// Every driver the console maps, for tests and documentation.
inline constexpr NicDriver kNicDrivers[]
    = {NicDriver::Mlx5, NicDriver::Bnxt, NicDriver::Irdma, NicDriver::Ionic, NicDriver::Rxe};

}  // namespace roce::model
