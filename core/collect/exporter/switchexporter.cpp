#include "collect/exporter/switchexporter.h"

namespace roce::exporter {

SwitchExporter::SwitchExporter(QObject *parent) : QObject(parent)
{
    connect(&m_monitor, &monitor::SwitchMonitor::polled, this, &SwitchExporter::record);
}

SwitchExporter::~SwitchExporter()
{
    stop();
}

void SwitchExporter::start(const QList<monitor::SwitchTarget> &switches)
{
    m_records.clear();
    m_index.clear();
    for (const monitor::SwitchTarget &target : switches) {
        m_index.insert(target.name, m_records.size());
        SwitchRecord r;
        r.name = target.name;
        r.role = target.role;
        m_records.append(r);
    }
    m_monitor.start(switches);
}

void SwitchExporter::stop()
{
    m_monitor.stop();
}

QByteArray SwitchExporter::metrics(RenderFigures *figures)
{
    return m_renderer.render(m_records, figures);
}

void SwitchExporter::record(const monitor::SwitchPoll &poll)
{
    const auto found = m_index.constFind(poll.switchName);
    if (found == m_index.cend())
        return;  // a poll of a previous start() still on its way
    SwitchRecord &r = m_records[*found];
    const bool wasUp = r.up, first = !r.polled;
    r.polled = true;
    r.lastPollSeconds = double(poll.durationNs) / 1e9;
    r.up = poll.snapshot.has_value();
    if (r.up) {
        r.lastGoodMs = poll.snapshot->takenMs;
        r.snapshot = std::make_shared<const nxapi::SwitchSnapshot>(*poll.snapshot);
        if (!wasUp)
            emit switchUp(r.name);
    } else {
        r.snapshot.reset();
        if (wasUp || first)
            emit switchDown(r.name, poll.error.message);
    }
}

}  // namespace roce::exporter
