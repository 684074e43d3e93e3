#include "live/itemmodels/porttablemodel.h"

#include "proto/datamodel/naturalorder.h"
#include "proto/datamodel/sametext.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>
#include <array>
#include <iterator>

namespace roce::models {

namespace {

// A plain context name: lupdate and PortTableText::tr() agree on it whatever the namespace
// (README).
class PortTableText
{
    Q_DECLARE_TR_FUNCTIONS(PortTableText)
};

/// Past this many places to insert at in one tick, the table is rebuilt with one reset: a
/// signal per place (and a proxy re-sort per signal) would cost more than the views' selection
/// and scroll position that a reset loses. A fabric's new devices come a few at a time.
constexpr qsizetype kMaxInsertRuns = 32;

}  // namespace

bool PortTableModel::entryLess(const Entry &a, const Entry &b)
{
    return model::naturalPortLess(a.port().id, b.port().id);
}

PortTableModel::PortTableModel(QObject *parent)
    : QAbstractTableModel(parent), m_clock([] { return QDateTime::currentMSecsSinceEpoch(); })
{ }

int PortTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int PortTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

int PortTableModel::column(model::Metric metric)
{
    static const std::array<int, model::kMetricCount> columns = [] {
        std::array<int, model::kMetricCount> c {};
        int next = FirstMetric;
        for (const model::MetricInfo &m : model::metrics())
            c[std::size_t(m.id)] = m.column ? next++ : -1;
        return c;
    }();
    return columns[std::size_t(metric)];
}

std::optional<model::Metric> PortTableModel::metricAt(int column)
{
    static const std::array<model::Metric, model::kColumnMetricCount> metrics = [] {
        std::array<model::Metric, model::kColumnMetricCount> m {};
        std::size_t next = 0;
        for (const model::MetricInfo &info : model::metrics())
            if (info.column)
                m[next++] = info.id;
        return m;
    }();
    if (column < FirstMetric || column >= Age)
        return std::nullopt;
    return metrics[std::size_t(column - FirstMetric)];
}

QVariant PortTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    const auto metric = metricAt(section);
    if (role == Qt::DisplayRole) {
        if (metric)
            return model::metricLabel(*metric);
        switch (section) {
        case Port:
            return PortTableText::tr("Port");
        case Peer:
            return PortTableText::tr("Peer");
        case State:
            return PortTableText::tr("State");
        case Age:
            return PortTableText::tr("Age");
        case Trend:
            return PortTableText::tr("Trend");
        default:
            break;
        }
    }
    if (role == Qt::ToolTipRole) {
        if (metric)
            return model::metricTooltip(*metric);
        if (section == Trend)
            return PortTableText::tr("The last 2 minutes: utilization in (blue) and out (green), "
                                     "red ticks where the port dropped packets, amber where "
                                     "it was paused.");
    }
    return {};
}

const model::PortSample *PortTableModel::row(const QString &port) const
{
    const auto it = m_index.constFind(port);
    return it == m_index.constEnd() ? nullptr : &m_rows.at(*it).port();
}

bool PortTableModel::stale(const Entry &e) const
{
    return m_clock() - e.updatedMs > m_staleAfterMs;
}

QVariant PortTableModel::value(const Entry &e, int column) const
{
    const model::PortSample &p = e.port();
    if (const auto metric = metricAt(column)) {
        const auto v = p.value(*metric);
        return v ? QVariant(*v * model::metricInfo(*metric).displayScale) : QVariant();
    }
    switch (column) {
    case Port:
        return p.name();
    case Peer:
        return peerText(p);
    case State:
        return p.state;
    case Age:
        return double(m_clock() - e.updatedMs) / 1000.0;
    case Trend:  // sorted by utilization now
        return p.value(model::Metric::InUtil) ? QVariant(*p.value(model::Metric::InUtil))
                                              : QVariant();
    default:
        return {};
    }
}

QVariant PortTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry &e = m_rows[index.row()];
    const model::PortSample &p = e.port();
    const int c = index.column();
    const auto metric = metricAt(c);
    switch (role) {
    case Qt::DisplayRole:
        if (metric) {
            const model::MetricInfo &m = model::metricInfo(*metric);
            const auto v = p.value(*metric);
            return v ? QString::number(*v * m.displayScale, 'f', m.decimals) : QStringLiteral("–");
        }
        if (c == Age)
            return PortTableText::tr("%1 s").arg(value(e, c).toDouble(), 0, 'f', 0);
        if (c == Trend)
            return {};
        return value(e, c);
    case SortRole:
        return value(e, c);
    case Qt::TextAlignmentRole:
        return c >= FirstMetric ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case DimmedRole:
        return stale(e) || p.state != QLatin1String("up");
    case HighlightRole:
        // The cells that matter (drops, pauses, ECN marks), from the table's highlight class;
        // only for fresh data.
        if (!metric || stale(e) || p.value(*metric).value_or(0) <= 0)
            return int(model::Highlight::None);
        return int(model::metricInfo(*metric).highlight);
    case Qt::ToolTipRole: {
        QStringList lines;
        if (stale(e))
            lines.append(
                PortTableText::tr("No update for %1 s").arg(value(e, Age).toDouble(), 0, 'f', 0));
        if (!p.resets.isEmpty())
            lines.append(
                PortTableText::tr("Counters reset in the last interval (no rate shown): %1")
                    .arg(p.resets.join(QLatin1String(", "))));
        if (p.internal)
            lines.append(PortTableText::tr("Internal fabric port"));
        if (p.clockOffsetMs) {
            lines.append(PortTableText::tr("Agent clock: %1 ms against the console (+- %2 ms); "
                                           "its counters are placed on the console's time axis")
                             .arg(*p.clockOffsetMs >= 0
                                      ? QStringLiteral("+%1").arg(*p.clockOffsetMs, 0, 'f', 1)
                                      : QString::number(*p.clockOffsetMs, 'f', 1))
                             .arg(p.clockRttMs.value_or(0) / 2, 0, 'f', 1));
        }
        return lines.isEmpty() ? QVariant() : QVariant(lines.join(QLatin1Char('\n')));
    }
    default:
        return {};
    }
}

QString PortTableModel::peerText(const model::PortSample &p) const
{
    if (p.nic() || p.peerPort.isEmpty())
        return p.peer;
    // A port facing another switch of the table (an uplink) names the far port as its row is
    // named, so that it reads, and filters, as that row. LLDP may give the far switch's
    // domain name; the table knows it by its host name.
    const QString device
        = m_switches.contains(p.peer) ? p.peer : p.peer.section(QLatin1Char('.'), 0, 0);
    return m_switches.contains(device) ? model::PortId::switchPort(device, p.peerPort).key()
                                       : p.peer;
}

void PortTableModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_index.clear();
    m_switches.clear();
    m_sourceRows.clear();
    ++m_rowsGeneration;
    endResetModel();
}

void PortTableModel::applyUpdate(const model::SourceFrame &update)
{
    applyUpdates({update});
}

void PortTableModel::applyUpdates(const QList<model::SourceFrame> &updates)
{
    // New ports of the batch, each once (a port twice in a tick: the newest wins).
    QList<Entry> added;
    QHash<QString, qsizetype> addedAt;
    bool changed = false;
    for (const model::SourceFrame &update : updates) {
        const qint64 now = update.takenMs ? update.takenMs : m_clock();
        // Where the source's ports were last time, in the order it sends them: a source sends
        // the same ports in the same order every second, so that is tried first, then the row
        // after the previous port's (a run in the table's order), then the hash (a
        // 25,000-port fleet tick stays cheap, and hashes no name).
        SourceRows &cache = m_sourceRows[update.source];
        if (cache.generation != m_rowsGeneration) {
            cache.rows.clear();
            cache.generation = m_rowsGeneration;
        }
        cache.rows.resize(std::size_t(update.ports.size()), -1);
        int row = -1;
        for (qsizetype i = 0; i < update.ports.size(); ++i) {
            const model::PortSample &p = update.ports.at(i);
            const int last = cache.rows[std::size_t(i)];
            if (last >= 0 && model::sameText(m_rows.at(last).name, p.name())) {
                row = last;
            } else if (row + 1 < m_rows.size()
                       && model::sameText(m_rows.at(row + 1).name, p.name())) {
                ++row;
            } else {
                const auto it = m_index.constFind(p.name());
                if (it == m_index.constEnd()) {
                    const auto seen = addedAt.constFind(p.name());
                    if (seen != addedAt.constEnd()) {
                        added[*seen] = Entry {update.ports, i, now, p.name()};
                    } else {
                        addedAt.insert(p.name(), added.size());
                        added.append(Entry {update.ports, i, now, p.name()});
                    }
                    continue;
                }
                row = *it;
            }
            cache.rows[std::size_t(i)] = row;
            Entry &e = m_rows[row];
            e.ports = update.ports;
            e.index = i;
            e.updatedMs = now;
            changed = true;
        }
    }
    // One dataChanged for the rows that exist (a batch per tick, not a signal per cell).
    if (changed)
        emit dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
    insertInOrder(std::move(added));
}

void PortTableModel::insertInOrder(QList<Entry> added)
{
    if (added.isEmpty())
        return;
    std::sort(added.begin(), added.end(), entryLess);
    // Where each new row goes among the rows shown: new rows with the same place are one run,
    // inserted with one signal (a fabric's first tick is a single run).
    QList<std::pair<int, qsizetype>> runs;  // (the row it goes before, its first new row)
    for (qsizetype i = 0; i < added.size(); ++i) {
        const int at = int(std::lower_bound(m_rows.cbegin(), m_rows.cend(), added.at(i), entryLess)
                           - m_rows.cbegin());
        if (runs.isEmpty() || runs.last().first != at)
            runs.append({at, i});
    }
    if (runs.size() > kMaxInsertRuns) {
        mergeWithReset(added);
        return;
    }
    // Back to front: a later run's rows do not move the place of an earlier one.
    for (qsizetype r = runs.size() - 1; r >= 0; --r) {
        const qsizetype end = r + 1 < runs.size() ? runs.at(r + 1).second : added.size();
        insertRun(runs.at(r).first, added.cbegin() + runs.at(r).second, added.cbegin() + end);
    }
}

void PortTableModel::insertRun(int at, QList<Entry>::const_iterator first,
                               QList<Entry>::const_iterator last)
{
    const qsizetype count = last - first;
    beginInsertRows({}, at, at + int(count) - 1);
    m_rows.insert(at, count, Entry {});
    ++m_rowsGeneration;  // rows moved: the sources' remembered rows are stale
    std::copy(first, last, m_rows.begin() + at);
    for (auto it = first; it != last; ++it) {
        if (!it->port().nic())
            m_switches.insert(it->port().id.device());
    }
    // Views resolve rows again when rows are inserted: the index is right by then.
    reindexFrom(at);
    endInsertRows();
}

void PortTableModel::mergeWithReset(const QList<Entry> &added)
{
    beginResetModel();
    QList<Entry> merged;
    merged.reserve(m_rows.size() + added.size());
    std::merge(m_rows.cbegin(), m_rows.cend(), added.cbegin(), added.cend(),
               std::back_inserter(merged), entryLess);
    m_rows = std::move(merged);
    ++m_rowsGeneration;
    for (const Entry &e : added) {
        if (!e.port().nic())
            m_switches.insert(e.port().id.device());
    }
    reindexFrom(0);
    endResetModel();
}

void PortTableModel::reindexFrom(int row)
{
    for (int r = row; r < m_rows.size(); ++r)
        m_index.insert(m_rows.at(r).port().name(), r);
}

void PortTableModel::refreshAges()
{
    if (m_rows.isEmpty())
        return;
    emit dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1),
                     {Qt::DisplayRole, Qt::ToolTipRole, SortRole, DimmedRole, HighlightRole});
}

}  // namespace roce::models
