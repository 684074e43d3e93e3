#include "live/itemmodels/runlistmodel.h"

#include "collect/results/comparison.h"

#include <QCoreApplication>
#include <QDateTime>

namespace roce::models {

namespace {

// A plain context name: lupdate and RunListText::tr() agree on it whatever the namespace.
class RunListText
{
    Q_DECLARE_TR_FUNCTIONS(RunListText)
};

}  // namespace

namespace {

QString headlineOf(const results::RunRecord &r)
{
    return r.state == QLatin1String("succeeded") ? results::headline(r) : r.error;
}

/// Whether the record of a run changed (the list shows it, double-click opens it).
bool changed(const results::RunRecord &a, const results::RunRecord &b)
{
    return a.state != b.state || a.label != b.label || a.error != b.error || a.kind != b.kind
        || a.startedMs != b.startedMs || a.finishedMs != b.finishedMs || a.result != b.result
        || a.fabric != b.fabric || a.parameters != b.parameters;
}

QList<qint64> idsOf(const QList<results::RunRecord> &runs)
{
    QList<qint64> ids;
    ids.reserve(runs.size());
    for (const results::RunRecord &r : runs)
        ids.append(r.id);
    return ids;
}

}  // namespace

bool RunListModel::setRuns(const QList<results::RunRecord> &runs)
{
    if (m_runs.isEmpty() || !keepsOrder(runs)) {
        resetRuns(runs);
        return true;
    }
    const bool removed = removeGone(runs);
    return insertOrUpdate(runs) || removed;
}

bool RunListModel::keepsOrder(const QList<results::RunRecord> &runs) const
{
    const QList<qint64> before = idsOf(m_runs);
    QList<qint64> kept;
    for (const results::RunRecord &r : runs) {
        if (before.contains(r.id))
            kept.append(r.id);
    }
    QList<qint64> stillThere;
    for (qint64 id : before) {
        if (kept.contains(id))
            stillThere.append(id);
    }
    return kept == stillThere;
}

void RunListModel::resetRuns(const QList<results::RunRecord> &runs)
{
    beginResetModel();
    m_runs = runs;
    m_headlines.clear();
    for (const results::RunRecord &r : m_runs)
        m_headlines.append(headlineOf(r));
    endResetModel();
}

bool RunListModel::removeGone(const QList<results::RunRecord> &runs)
{
    bool any = false;
    const QList<qint64> now = idsOf(runs);
    for (int row = int(m_runs.size()) - 1; row >= 0; --row) {
        if (now.contains(m_runs[row].id))
            continue;
        beginRemoveRows({}, row, row);
        m_runs.removeAt(row);
        m_headlines.removeAt(row);
        endRemoveRows();
        any = true;
    }
    return any;
}

bool RunListModel::insertOrUpdate(const QList<results::RunRecord> &runs)
{
    bool any = false;
    // What is left is in the new order (keepsOrder()): walking the new list, a row either is
    // the run already shown there or a new run that goes in before it.
    for (int row = 0; row < runs.size(); ++row) {
        const results::RunRecord &r = runs[row];
        if (row < m_runs.size() && m_runs[row].id == r.id) {
            if (changed(m_runs[row], r)) {
                m_runs[row] = r;
                m_headlines[row] = headlineOf(r);
                emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
                any = true;
            }
            continue;
        }
        beginInsertRows({}, row, row);
        m_runs.insert(row, r);
        m_headlines.insert(row, headlineOf(r));
        endInsertRows();
        any = true;
    }
    return any;
}

int RunListModel::rowOf(qint64 id) const
{
    for (int i = 0; i < m_runs.size(); ++i) {
        if (m_runs[i].id == id)
            return i;
    }
    return -1;
}

int RunListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_runs.size());
}

int RunListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const results::RunRecord &r = m_runs[index.row()];
    if (role == RunIdRole)
        return r.id;
    if (role == StateRole)
        return r.state;
    if (role == Qt::ToolTipRole && !r.error.isEmpty())
        return r.error;
    if (role == Qt::TextAlignmentRole && index.column() == Id)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Id:
        return r.id;
    case Started:
        return QDateTime::fromMSecsSinceEpoch(r.startedMs)
            .toString(QStringLiteral("MM-dd HH:mm:ss"));
    case Kind:
        return r.kind;
    case Label:
        return r.label;
    case State:
        return r.state;
    case Headline:
        return m_headlines.value(index.row());
    }
    return {};
}

QVariant RunListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Id:
        return RunListText::tr("Run");
    case Started:
        return RunListText::tr("Started");
    case Kind:
        return RunListText::tr("Experiment");
    case Label:
        return RunListText::tr("Label");
    case State:
        return RunListText::tr("State");
    case Headline:
        return RunListText::tr("Result");
    }
    return {};
}

}  // namespace roce::models
