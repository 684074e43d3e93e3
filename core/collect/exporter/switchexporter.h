#pragma once

#include "collect/exporter/switchmetrics.h"
#include "collect/monitor/switchmonitor.h"

#include <QHash>
#include <QList>
#include <QObject>

namespace roce::exporter {

/// The switch exporter's state: every switch polled on its own schedule by the console's
/// SwitchMonitor (one batched NX-API request per poll, one session per switch, on the
/// monitor's thread), and each switch's newest poll kept. The exposition is rendered from
/// those when scraped: however many Prometheus servers scrape, the switches see one poller.
class SwitchExporter : public QObject
{
    Q_OBJECT

public:
    explicit SwitchExporter(QObject *parent = nullptr);
    ~SwitchExporter() override;  ///< stops polling and joins the poller's thread

    /// Polls @p switches (the exposition lists them in this order), each at its intervalMs.
    void start(const QList<monitor::SwitchTarget> &switches);
    void stop();

    /// Every switch's newest poll as a text exposition (switchmetrics.h).
    QByteArray metrics(RenderFigures *figures = nullptr);
    const QList<SwitchRecord> &records() const { return m_records; }

signals:
    /// A switch answered after having failed (or for the first time).
    void switchUp(const QString &name);
    /// A switch's poll failed after having succeeded (or the first poll failed).
    void switchDown(const QString &name, const QString &message);

private:
    void record(const monitor::SwitchPoll &poll);

    monitor::SwitchMonitor m_monitor;
    SwitchMetricsRenderer m_renderer;
    QList<SwitchRecord> m_records;
    QHash<QString, qsizetype> m_index;  ///< switch name -> m_records
};

}  // namespace roce::exporter
