#pragma once

#include "nxapi/parse/snapshot.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <memory>
#include <optional>

namespace roce::exporter {

/// What the switch exporter knows of one switch when it is scraped: who it is and the outcome
/// of its newest NX-API poll.
struct SwitchRecord {
    QString name;         ///< the inventory's (or simulated fabric's) name: the `switch` label
    QString role;         ///< leaf, spine, border, tor; empty when not known
    bool polled = false;  ///< a poll finished, good or failed
    bool up = false;      ///< the last poll succeeded
    double lastPollSeconds = 0;        ///< its duration: request sent to snapshot parsed
    std::optional<qint64> lastGoodMs;  ///< when the last good poll arrived (ms since the epoch)
    /// The last good poll, kept only while the switch is up: a switch whose poll fails exports
    /// no counters, so that its series go stale rather than repeat old values.
    std::shared_ptr<const nxapi::SwitchSnapshot> snapshot;
};

/// Figures of one rendering, for benchmarks and logs.
struct RenderFigures {
    qsizetype samples = 0;  ///< sample lines (series)
    qsizetype families = 0;
};

/// Every switch of @p switches in the Prometheus text exposition format (0.0.4): `nxos_up`,
/// `nxos_scrape_duration_seconds`, `nxos_last_scrape_timestamp_seconds`, `nxos_switch_info`
/// and `nxos_command_failed` per switch, and for each fabric port (Ethernet and internal, as
/// the console shows them) the interface, ingress MMU, queue, PFC and LLDP families the README
/// lists, with base units, `_total` on counters, HELP and TYPE. A counter the switch did not
/// report is left out, never written as 0.
QByteArray renderSwitchMetrics(const QList<SwitchRecord> &switches,
                               RenderFigures *figures = nullptr);

/// The same, rendering into buffers it keeps from one scrape to the next: a fabric of 64
/// switches x 64 ports is some 35 MB of text, which is then written without growing buffers
/// (and copying them) again. Not thread-safe; one per exporter.
class SwitchMetricsRenderer
{
public:
    SwitchMetricsRenderer();
    ~SwitchMetricsRenderer();
    SwitchMetricsRenderer(const SwitchMetricsRenderer &) = delete;
    SwitchMetricsRenderer &operator=(const SwitchMetricsRenderer &) = delete;

    QByteArray render(const QList<SwitchRecord> &switches, RenderFigures *figures = nullptr);

private:
    struct Buffers;
    std::unique_ptr<Buffers> m_buffers;
};

}  // namespace roce::exporter
