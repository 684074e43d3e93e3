#include "live/itemmodels/eventlistmodel.h"

#include "live/itemmodels/findingmodel.h"

#include <QCoreApplication>
#include <QDateTime>

namespace roce::models {

namespace {

class EventListText
{
    Q_DECLARE_TR_FUNCTIONS(EventListText)
};

}  // namespace

EventListModel::EventListModel(QObject *parent) : QAbstractTableModel(parent)
{ }

int EventListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int EventListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EventListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case Time:
        return EventListText::tr("Time");
    case Severity:
        return EventListText::tr("Severity");
    case Port:
        return EventListText::tr("Port");
    case Event:
        return EventListText::tr("Event");
    case Value:
        return EventListText::tr("Value");
    case State:
        return EventListText::tr("State");
    case ColumnCount:
        break;
    }
    return {};
}

QVariant EventListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const monitor::Alert &a = m_rows[index.row()];
    const bool critical = a.severity == monitor::Alert::Severity::Critical;
    switch (role) {
    case Qt::DisplayRole:
        switch (Column(index.column())) {
        case Time:
            return QDateTime::fromMSecsSinceEpoch(a.firstMs).toString(QStringLiteral("HH:mm:ss"));
        case Severity:
            return critical ? EventListText::tr("critical") : EventListText::tr("warning");
        case Port:
            return a.port;
        case Event:
            // A symptom says what it belongs to, briefly ("PFC pause storm (symptom: NIC
            // stopped draining)"); where the cause is, the details say.
            // (An alert of the cause's own kind, a down link's, is no symptom of itself.)
            return a.finding.isEmpty() || a.finding.section(QLatin1Char('|'), 0, 0) == a.rule
                ? a.title
                : EventListText::tr("%1 (symptom: %2)")
                      .arg(a.title,
                           FindingModel::kindText(a.finding.section(QLatin1Char('|'), 0, 0)));
        case Value:
            return a.value > 0 ? QVariant(QString::number(a.value, 'f', 0)) : QVariant();
        case State:
            return a.active ? EventListText::tr("active")
                            : EventListText::tr("cleared after %1 s")
                                  .arg(double(a.lastMs - a.firstMs) / 1000.0, 0, 'f', 0);
        case ColumnCount:
            break;
        }
        return {};
    case Qt::ToolTipRole:
    case DetailRole:
        // Explained: who causes it comes first, so that a victim's host is not suspected.
        if (!a.cause.isEmpty())
            return EventListText::tr("%1\nCause: %2\nWhat to check: %3")
                .arg(a.meaning, a.cause, a.check);
        return EventListText::tr("%1\nWhat to check: %2").arg(a.meaning, a.check);
    case CriticalRole:
        return critical;
    case ActiveRole:
        return a.active;
    case Qt::UserRole:
        return a.rule;
    default:
        return {};
    }
}

int EventListModel::activeCount() const
{
    int n = 0;
    for (const monitor::Alert &a : m_rows)
        n += a.active ? 1 : 0;
    return n;
}

void EventListModel::applyAlerts(const QList<monitor::Alert> &changes)
{
    for (const monitor::Alert &change : changes) {
        int found = -1;
        for (int i = 0; i < m_rows.size(); ++i) {
            if (m_rows[i].active && m_rows[i].key() == change.key()) {
                found = i;
                break;
            }
        }
        if (found >= 0) {
            m_rows[found] = change;
            emit dataChanged(index(found, 0), index(found, ColumnCount - 1));
        } else if (change.active) {
            beginInsertRows({}, 0, 0);
            m_rows.prepend(change);
            endInsertRows();
        }
    }
    // Bounded: drop the oldest cleared events beyond the maximum.
    for (int i = int(m_rows.size()) - 1; i >= 0 && m_rows.size() > m_maximum; --i) {
        if (m_rows[i].active)
            continue;
        beginRemoveRows({}, i, i);
        m_rows.removeAt(i);
        endRemoveRows();
    }
}

void EventListModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

}  // namespace roce::models
