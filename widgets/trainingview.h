#pragma once

#include "live/maplayout/fabriclayout.h"

#include <QJsonObject>
#include <QWidget>

class QChart;
class QLabel;
class QLineSeries;
class QTableWidget;
class QValueAxis;

namespace roce::store {
class CounterStore;
}

namespace roce::widgets {

/// A training run as it goes: step time and all-reduce time per iteration, and the ECN
/// marks and CNPs of the NICs the ranks use, on one time axis (the console clock), with
/// where each rank runs (rank -> host -> NIC -> switch port).
class TrainingView : public QWidget
{
    Q_OBJECT

public:
    struct Placement {
        int rank = 0;
        QString host;
        QString nic;         ///< the port table's NIC row, "host/device"
        QString switchPort;  ///< empty when the cabling is not known
    };

    explicit TrainingView(const store::CounterStore *store, QWidget *parent = nullptr);

    /// Where ranks run, from the fabric's cabling.
    static QList<Placement> place(const QStringList &hosts, const models::FabricLayout &layout);

    void start(const QList<Placement> &ranks, qint64 startedMs);
    void addIteration(int rank, const QJsonObject &iteration, qint64 wallMs);
    void refresh();

    QLineSeries *stepSeries() const { return m_step; }
    QLineSeries *lossSeries() const { return m_loss; }
    QLineSeries *allreduceSeries() const { return m_allreduce; }
    QLineSeries *ecnSeries() const { return m_ecn; }
    QLineSeries *cnpSeries() const { return m_cnp; }
    QString status() const;

private:
    const store::CounterStore *m_store;
    QList<Placement> m_ranks;
    qint64 m_startedMs = 0;
    int m_lastIteration = -1;
    double m_lastLoss = 0;
    QChart *m_timing, *m_fabric;
    QLineSeries *m_step, *m_allreduce, *m_loss, *m_ecn, *m_cnp;
    QValueAxis *m_lossAxis;  ///< the loss on the right of the iteration chart
    QTableWidget *m_placement;
    QLabel *m_status;
};

}  // namespace roce::widgets
