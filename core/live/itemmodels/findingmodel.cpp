#include "live/itemmodels/findingmodel.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>

namespace roce::models {

namespace {

/// The words of findings (a class of their own: lupdate and the runtime agree on its name).
class FindingText
{
    Q_DECLARE_TR_FUNCTIONS(FindingText)
};

QString severityText(diagnosis::Severity s)
{
    switch (s) {
    case diagnosis::Severity::Info:
        return FindingText::tr("info");
    case diagnosis::Severity::Warning:
        return FindingText::tr("warning");
    case diagnosis::Severity::Critical:
        break;
    }
    return FindingText::tr("critical");
}

}  // namespace

QString FindingModel::kindText(const QString &kind)
{
    if (kind == QLatin1String("nic_stall"))
        return FindingText::tr("NIC stopped draining");
    if (kind == QLatin1String("link_down"))
        return FindingText::tr("Link down");
    if (kind == QLatin1String("bad_link"))
        return FindingText::tr("Bad link (CRC errors)");
    if (kind == QLatin1String("pfc_cos_mismatch"))
        return FindingText::tr("PFC on the wrong CoS");
    if (kind == QLatin1String("pfc_off"))
        return FindingText::tr("PFC off");
    if (kind == QLatin1String("dscp_mismatch"))
        return FindingText::tr("RoCE outside the lossless class");
    if (kind == QLatin1String("ecn_off_host"))
        return FindingText::tr("ECN off on a host");
    if (kind == QLatin1String("ecn_not_marking"))
        return FindingText::tr("ECN not marking");
    if (kind == QLatin1String("slow_host"))
        return FindingText::tr("Slow host");
    if (kind == QLatin1String("ecmp_imbalance"))
        return FindingText::tr("ECMP imbalance");
    if (kind == QLatin1String("congestion"))
        return FindingText::tr("Congestion");
    return kind;
}

FindingModel::FindingModel(QObject *parent) : QAbstractItemModel(parent)
{ }

QString FindingModel::portOf(const diagnosis::Finding &f)
{
    if (f.location.contains(QLatin1Char('/')))
        return f.location;
    for (const diagnosis::Evidence &e : f.evidence) {
        if (e.id.contains(QLatin1Char('/')))
            return e.id;
    }
    return {};
}

void FindingModel::setFindings(const QList<diagnosis::Finding> &findings,
                               const QHash<QString, QString> &alertTitles)
{
    QHash<QString, const diagnosis::Finding *> incoming;
    for (const diagnosis::Finding &f : findings)
        incoming.insert(f.key(), &f);
    // Gone: removed from the bottom up, so the rows above keep their numbers.
    for (int r = int(m_rows.size()) - 1; r >= 0; --r) {
        if (incoming.contains(m_rows.at(r).finding.key()))
            continue;
        beginRemoveRows({}, r, r);
        m_rows.removeAt(r);
        endRemoveRows();
    }
    const auto symptomsOf = [&alertTitles](const diagnosis::Finding &f) {
        QStringList out;
        for (const QString &key : f.explains) {
            const QString title = alertTitles.value(key, key.section(QLatin1Char('|'), 0, 0));
            out.append(tr("%1 on %2").arg(title, key.section(QLatin1Char('|'), 1)));
        }
        return out;
    };
    QHash<QString, int> at;
    for (int r = 0; r < m_rows.size(); ++r)
        at.insert(m_rows.at(r).finding.key(), r);
    for (const diagnosis::Finding &f : findings) {
        const auto existing = at.constFind(f.key());
        if (existing == at.constEnd()) {
            const int r = int(m_rows.size());
            beginInsertRows({}, r, r);
            m_rows.append({m_nextId++, f, symptomsOf(f)});
            endInsertRows();
            continue;
        }
        const int r = *existing;
        Row &row = m_rows[r];
        const QModelIndex parentIndex = index(r, 0);
        const int before = childCount(row);
        Row updated {row.id, f, symptomsOf(f)};
        const int after = childCount(updated);
        if (after < before) {
            beginRemoveRows(parentIndex, after, before - 1);
            row.finding = updated.finding;
            row.symptoms = updated.symptoms;
            endRemoveRows();
        } else if (after > before) {
            beginInsertRows(parentIndex, before, after - 1);
            row.finding = updated.finding;
            row.symptoms = updated.symptoms;
            endInsertRows();
        } else {
            row.finding = updated.finding;
            row.symptoms = updated.symptoms;
        }
        emit dataChanged(index(r, 0), index(r, ColumnCount - 1));
        if (after > 0)
            emit dataChanged(index(0, 0, parentIndex),
                             index(after - 1, ColumnCount - 1, parentIndex));
    }
}

void FindingModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

const diagnosis::Finding *FindingModel::findingAt(const QModelIndex &index) const
{
    if (!index.isValid())
        return nullptr;
    const int r = index.internalId() == 0 ? index.row() : rowOfId(index.internalId());
    return r >= 0 && r < m_rows.size() ? &m_rows.at(r).finding : nullptr;
}

QModelIndex FindingModel::indexOfKey(const QString &key) const
{
    for (int r = 0; r < m_rows.size(); ++r) {
        if (m_rows.at(r).finding.key() == key)
            return index(r, 0);
    }
    return {};
}

int FindingModel::rowOfId(quintptr id) const
{
    for (int r = 0; r < m_rows.size(); ++r) {
        if (m_rows.at(r).id == id)
            return r;
    }
    return -1;
}

int FindingModel::childCount(const Row &row) const
{
    return int(row.finding.evidence.size() + row.symptoms.size());
}

QModelIndex FindingModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column >= ColumnCount || row < 0)
        return {};
    if (!parent.isValid())
        return row < m_rows.size() ? createIndex(row, column, quintptr(0)) : QModelIndex();
    if (parent.internalId() != 0 || parent.row() >= m_rows.size())
        return {};  // two levels only
    const Row &r = m_rows.at(parent.row());
    return row < childCount(r) ? createIndex(row, column, r.id) : QModelIndex();
}

QModelIndex FindingModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    const int r = rowOfId(child.internalId());
    return r < 0 ? QModelIndex() : createIndex(r, 0, quintptr(0));
}

int FindingModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_rows.size());
    if (parent.internalId() != 0 || parent.column() != 0 || parent.row() >= m_rows.size())
        return 0;
    return childCount(m_rows.at(parent.row()));
}

int FindingModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant FindingModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    if (index.internalId() == 0)
        return index.row() < m_rows.size()
            ? findingData(m_rows.at(index.row()), index.column(), role)
            : QVariant();
    const int r = rowOfId(index.internalId());
    return r < 0 ? QVariant() : childData(m_rows.at(r), index.row(), index.column(), role);
}

QVariant FindingModel::findingData(const Row &row, int column, int role) const
{
    const diagnosis::Finding &f = row.finding;
    switch (role) {
    case KeyRole:
        return f.key();
    case PortRole:
        return portOf(f);
    case SeverityRole:
        return int(f.severity);
    case ActiveRole:
        return f.active;
    case SortRole:
        // Active before cleared, critical before info, then the first raised.
        return QStringLiteral("%1%2%3")
            .arg(f.active ? 0 : 1)
            .arg(2 - int(f.severity))
            .arg(f.raisedMs, 15, 10, QLatin1Char('0'));
    case Qt::ToolTipRole:
        return f.whatToCheck.isEmpty()
            ? f.summary
            : tr("%1\n\nWhat to check: %2").arg(f.summary, f.whatToCheck);
    case Qt::DisplayRole:
        switch (column) {
        case SeverityColumn:
            return f.active ? severityText(f.severity) : tr("cleared");
        case KindColumn:
            return kindText(f.kind);
        case LocationColumn:
            return f.location;
        case SummaryColumn:
            return f.summary;
        case SinceColumn:
            return QDateTime::fromMSecsSinceEpoch(f.raisedMs).toString(QStringLiteral("HH:mm:ss"));
        default:
            break;
        }
        break;
    default:
        break;
    }
    return {};
}

QVariant FindingModel::childData(const Row &row, int child, int column, int role) const
{
    const diagnosis::Finding &f = row.finding;
    const bool evidence = child < f.evidence.size();
    if (role == KeyRole)
        return f.key();
    if (evidence) {
        const diagnosis::Evidence &e = f.evidence.at(child);
        if (role == PortRole)
            return e.id.contains(QLatin1Char('/')) ? e.id : QString();
        if (role != Qt::DisplayRole)
            return {};
        switch (column) {
        case SeverityColumn:
            return tr("evidence");
        case KindColumn:
            return e.metric;
        case LocationColumn:
            return e.id;
        case SummaryColumn: {
            const QString value = e.text.isEmpty() ? QLocale().toString(e.value, 'f', 2) : e.text;
            return e.note.isEmpty() ? value : tr("%1 (%2)").arg(value, e.note);
        }
        default:
            return {};
        }
    }
    const int s = child - int(f.evidence.size());
    if (s >= row.symptoms.size())
        return {};
    const QString key = s < f.explains.size() ? f.explains.at(s) : QString();
    if (role == PortRole)
        return key.section(QLatin1Char('|'), 1);
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case SeverityColumn:
        return tr("explains");
    case KindColumn:
        return key.section(QLatin1Char('|'), 0, 0);
    case LocationColumn:
        return key.section(QLatin1Char('|'), 1);
    case SummaryColumn:
        return row.symptoms.at(s);
    default:
        return {};
    }
}

QVariant FindingModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case KindColumn:
        return tr("Cause");
    case LocationColumn:
        return tr("Where");
    case SummaryColumn:
        return tr("What it means");
    case SinceColumn:
        return tr("Raised");
    default:
        return {};
    }
}

}  // namespace roce::models
