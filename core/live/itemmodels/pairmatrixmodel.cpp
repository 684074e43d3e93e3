#include "live/itemmodels/pairmatrixmodel.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <numeric>

namespace roce::models {

namespace {
// A plain context name: lupdate and the translator agree on it whatever the namespace.
class PairMatrixText
{
    Q_DECLARE_TR_FUNCTIONS(PairMatrixText)
};

// The badness scale, shared by the cells and the legend: a delay runs from 0 (the typical RTT
// of its kind of path) up to kDelayCeiling; any loss starts above every delay, at kLossFloor,
// and reaches 1 at kLossCeiling.
constexpr double kRatioPerBadness = 1.5;  ///< RTT over typical, minus 1, per unit of badness
constexpr double kDelayCeiling = 0.59;    ///< 1.9 times the typical RTT and slower
constexpr double kLossFloor = 0.6;
constexpr double kLossCeiling = 0.05;  ///< 5 % lost and more

double delayBadness(double rttOverTypical)
{
    return std::clamp((rttOverTypical - 1.0) / kRatioPerBadness, 0.0, kDelayCeiling);
}

double lossBadness(double loss)
{
    return std::min(1.0, kLossFloor + loss / kLossCeiling * (1.0 - kLossFloor));
}

/// "7.5", or "7.5 / 14.6" when both kinds of path have a typical RTT; "≥14.1" for the end of
/// the scale (@p atLeast), which slower pairs share.
QString rttLabel(const double baseline[2], double ratio, bool atLeast)
{
    QStringList parts;
    for (int kind = 0; kind < 2; ++kind) {
        if (baseline[kind] > 0)
            parts.append(QString::number(baseline[kind] * ratio, 'f', 1));
    }
    if (parts.isEmpty())
        parts.append(PairMatrixText::tr("%1×").arg(ratio, 0, 'f', 1));
    if (atLeast) {
        for (QString &part : parts)
            part = PairMatrixText::tr("≥%1").arg(part);
    }
    return parts.join(QStringLiteral(" / "));
}

}  // namespace

QList<PairMatrixModel::Scale> PairMatrixModel::legend() const
{
    Scale rtt;
    const bool both = m_baseline[0] > 0 && m_baseline[1] > 0;
    rtt.title = both ? PairMatrixText::tr("RTT p50 (µs), under one switch / across")
        : m_baseline[0] > 0 || m_baseline[1] > 0 ? PairMatrixText::tr("RTT p50 (µs)")
                                                 : PairMatrixText::tr("RTT p50 (× typical)");
    for (const double badness : {0.0, kDelayCeiling / 2, kDelayCeiling})
        rtt.stops.append(
            {badness,
             rttLabel(m_baseline, 1.0 + badness * kRatioPerBadness, badness >= kDelayCeiling)});
    Scale loss;
    loss.title = PairMatrixText::tr("Loss (%)");
    loss.stops = {{lossBadness(0), PairMatrixText::tr(">0")},
                  {lossBadness(kLossCeiling / 2), QString::number(kLossCeiling / 2 * 100, 'f', 1)},
                  {lossBadness(kLossCeiling),
                   PairMatrixText::tr("≥%1").arg(QString::number(kLossCeiling * 100, 'f', 0))}};
    return {rtt, loss};
}

void PairMatrixModel::setGrouping(Grouping grouping)
{
    if (grouping == m_grouping)
        return;
    beginResetModel();
    m_grouping = grouping;
    rebuild();
    endResetModel();
}

void PairMatrixModel::setMatrix(const QList<pingmesh::Endpoint> &endpoints,
                                const QList<pingmesh::PingPair> &pairs,
                                const QList<pingmesh::PairSummary> &summaries,
                                const QList<pingmesh::Verdict> &verdicts)
{
    const bool sameShape = endpoints.size() == m_endpoints.size() && pairs.size() == m_pairs.size();
    if (!sameShape)
        beginResetModel();
    m_endpoints = endpoints;
    m_pairs = pairs;
    m_summaries = summaries;
    m_named.clear();
    for (const pingmesh::Verdict &v : verdicts) {
        for (const QString &name : {v.nic, v.host, v.port}) {
            if (!name.isEmpty())
                m_named.append(name);
        }
    }
    rebuild();
    if (!sameShape) {
        endResetModel();
        return;
    }
    if (!m_cells.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    emit headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
    emit headerDataChanged(Qt::Vertical, 0, rowCount() - 1);
}

void PairMatrixModel::rebuild()
{
    m_labels.clear();
    m_groups.clear();
    m_suspect.clear();
    QList<int> slotOf(m_endpoints.size());
    QHash<QString, int> groupSlot;
    // NICs under one switch side by side (a multi-rail server's NICs are on several).
    QList<int> order(m_endpoints.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [this](int a, int b) {
        return m_endpoints[a].switchName < m_endpoints[b].switchName;
    });
    for (int e : std::as_const(order)) {
        const pingmesh::Endpoint &ep = m_endpoints[e];
        const bool named = m_named.contains(ep.id()) || m_named.contains(ep.host)
            || (!ep.switchName.isEmpty() && m_named.contains(ep.switchPortId()));
        if (m_grouping == Grouping::ByNic) {
            slotOf[e] = int(m_labels.size());
            m_labels.append(ep.id());
            m_groups.append(ep.switchName);
            m_suspect.append(named);
            continue;
        }
        auto it = groupSlot.find(ep.switchName);
        if (it == groupSlot.end()) {
            it = groupSlot.insert(ep.switchName, int(m_labels.size()));
            m_labels.append(ep.switchName);
            m_groups.append(ep.switchName);
            m_suspect.append(false);
        }
        slotOf[e] = *it;
        bool switchNamed = false;
        for (const QString &name : std::as_const(m_named))
            switchNamed = switchNamed || name.startsWith(ep.switchName + QLatin1Char('/'));
        m_suspect[*it] = m_suspect[*it] || named || switchNamed;
    }
    const int n = int(m_labels.size());
    m_cells.fill(std::nullopt, qsizetype(n) * n);
    std::vector<double> bases[2];
    QList<std::vector<double>> p50s(m_cells.size()), p99s(m_cells.size());
    for (int i = 0; i < m_pairs.size() && i < m_summaries.size(); ++i) {
        const pingmesh::PingPair &p = m_pairs[i];
        const pingmesh::PairSummary &s = m_summaries[i];
        const bool across = m_endpoints[p.src].switchName != m_endpoints[p.dst].switchName;
        const qsizetype at = qsizetype(slotOf[p.src]) * n + slotOf[p.dst];
        if (!m_cells[at])
            m_cells[at] = Cell {};
        Cell &c = *m_cells[at];
        c.sent += s.sent;
        c.lost += s.lost;
        c.across = across;
        c.pairs += 1;
        if (s.sent > s.lost) {
            p50s[at].push_back(s.p50Us);
            p99s[at].push_back(s.p99Us);
            bases[across ? 1 : 0].push_back(s.p50Us);
        }
    }
    for (qsizetype at = 0; at < m_cells.size(); ++at) {
        if (m_cells[at]) {
            m_cells[at]->p50 = quantile(p50s[at], 0.5);
            m_cells[at]->p99 = quantile(p99s[at], 0.99);
        }
    }
    m_baseline[0] = quantile(bases[0], 0.5);
    m_baseline[1] = quantile(bases[1], 0.5);
}

int PairMatrixModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_labels.size());
}

int PairMatrixModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_labels.size());
}

QVariant PairMatrixModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const qsizetype at = qsizetype(index.row()) * m_labels.size() + index.column();
    if (role == SuspectRole)
        return m_suspect.value(index.row()) || m_suspect.value(index.column());
    const std::optional<Cell> &c = m_cells.value(at);
    if (!c)
        return {};
    const double loss = c->sent > 0 ? double(c->lost) / double(c->sent) : 0.0;
    switch (role) {
    case Qt::DisplayRole:
        return c->p50 > 0 ? QString::number(c->p50, 'f', 1) : QString();
    case Qt::ToolTipRole:
        return PairMatrixText::tr(
                   "%1 → %2\nRTT p50 %3 us, p99 %4 us (typical %5 us)\n%6 of %7 probes lost "
                   "(%8 %)\n%n pair(s)",
                   nullptr, c->pairs)
            .arg(m_labels[index.row()], m_labels[index.column()])
            .arg(c->p50, 0, 'f', 2)
            .arg(c->p99, 0, 'f', 2)
            .arg(m_baseline[c->across ? 1 : 0], 0, 'f', 2)
            .arg(c->lost)
            .arg(c->sent)
            .arg(loss * 100, 0, 'f', 2);
    case BadnessRole: {
        if (c->sent == 0)
            return {};
        if (c->lost > 0)
            return lossBadness(loss);  // any loss is worse than any delay
        const double base = m_baseline[c->across ? 1 : 0];
        if (base <= 0 || c->p50 <= 0)
            return 0.0;
        return delayBadness(c->p50 / base);
    }
    case LossRole:
        return loss;
    case P50Role:
        return c->p50;
    case P99Role:
        return c->p99;
    default:
        return {};
    }
}

QVariant PairMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    Q_UNUSED(orientation)
    if (section < 0 || section >= m_labels.size())
        return {};
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
        return m_labels[section];
    if (role == GroupRole)
        return m_groups[section];
    if (role == SuspectRole)
        return m_suspect[section];
    return {};
}

}  // namespace roce::models
