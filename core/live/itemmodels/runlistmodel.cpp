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

void RunListModel::setRuns(const QList<results::RunRecord> &runs)
{
    beginResetModel();
    m_runs = runs;
    m_headlines.clear();
    for (const results::RunRecord &r : m_runs)
        m_headlines.append(r.state == QLatin1String("succeeded") ? results::headline(r) : r.error);
    endResetModel();
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
