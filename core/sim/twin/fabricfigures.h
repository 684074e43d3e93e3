#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace roce::sim::twin {

/// A fabric's figures over one window, defined by what its devices expose so that what a
/// fabric showed and what a model of it predicts are measured alike: sums over every switch
/// port or every NIC, per second.
struct FabricFigures {
    /// The RoCE queue's time mean, in KB, at the switch port where it is deepest.
    double queueMeanKb = 0;
    QString queuePort;  ///< that port, "switch/port"
    /// What the servers' RDMA devices received (port_rcv_data), all of them, Gb/s.
    double goodputGbps = 0;
    double ecnMarksPerS = 0;         ///< CE marks the switch queues set (show queuing: ECN)
    double cnpSentPerS = 0;          ///< NICs' np_cnp_sent
    double cnpHandledPerS = 0;       ///< NICs' rp_cnp_handled
    double rxPausesPerS = 0;         ///< PFC frames switch ports received (RxPPP)
    double txPausesPerS = 0;         ///< PFC frames switch ports sent (TxPPP)
    double ingressMmuDropsPerS = 0;  ///< show queuing: Ingress MMU Drop
    double egressDropsPerS = 0;      ///< show queuing: WRED/AFD & Tail Drop
};

/// The JSON keys of the figures, in the order they are printed: queue_mean_kb, goodput_gbps,
/// then the metric table's keys (ecn_marks_per_s, cnp_sent_per_s, cnp_handled_per_s,
/// rx_pauses_per_s, tx_pauses_per_s, ingress_mmu_drops_per_s, egress_drops_per_s). Stable:
/// scripts read them.
QStringList figureKeys();
/// The figure under @p key (0 for a key that is not one).
double figure(const FabricFigures &figures, const QString &key);

/// Every figure under its key, and queue_port.
QJsonObject figuresToJson(const FabricFigures &figures);

/// Relative error of @p predicted against @p observed per key: |p - o| / o. Where the fabric
/// showed nothing (o below @p floor of that figure's unit: a mark, a pause, a drop a second, a
/// KB of queue, 0.01 Gb/s): 0 when the prediction is nothing too, else null (no ratio to
/// take; the figures themselves say how far apart they are).
QJsonObject relativeErrors(const FabricFigures &predicted, const FabricFigures &observed);

/// Whether a predicted drop rate is on the right side of zero and within 2x of the observed
/// one (drops are rare events: a relative error says little of them).
bool dropsAgree(double predicted, double observed);

}  // namespace roce::sim::twin
