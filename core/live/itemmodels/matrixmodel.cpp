#include "live/itemmodels/matrixmodel.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>

namespace roce::models {

namespace {

// A plain context name: lupdate and MatrixText::tr() agree on it whatever the namespace.
class MatrixText
{
    Q_DECLARE_TR_FUNCTIONS(MatrixText)
};

}  // namespace

void MatrixModel::reset(const QStringList &hosts, bool higherIsBetter, const QString &unit)
{
    beginResetModel();
    m_hosts = hosts;
    m_suspects.clear();
    m_cells = QList<Cell>(hosts.size() * hosts.size());
    m_higherIsBetter = higherIsBetter;
    m_unit = unit;
    m_min = m_max = 0;
    endResetModel();
}

void MatrixModel::setCell(const QString &server, const QString &client, std::optional<double> value,
                          const QString &error)
{
    const qsizetype r = m_hosts.indexOf(server);
    const qsizetype c = m_hosts.indexOf(client);
    if (r < 0 || c < 0)
        return;
    Cell &cell = m_cells[r * m_hosts.size() + c];
    cell.value = value;
    cell.error = error;
    cell.ran = true;
    // The colour scale spans the measured cells: a new extreme recolours every cell.
    bool first = true;
    for (const Cell &x : std::as_const(m_cells)) {
        if (!x.value)
            continue;
        m_min = first ? *x.value : std::min(m_min, *x.value);
        m_max = first ? *x.value : std::max(m_max, *x.value);
        first = false;
    }
    emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

void MatrixModel::setSuspects(const QStringList &hosts)
{
    m_suspects = hosts;
    if (!m_hosts.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {SuspectRole});
    emit headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
    emit headerDataChanged(Qt::Vertical, 0, rowCount() - 1);
}

void MatrixModel::setResult(const QJsonObject &result, const QStringList &hosts)
{
    const bool bandwidth
        = result.value(QStringLiteral("metric")).toString() == QLatin1String("bandwidth_gbps");
    reset(hosts, bandwidth, bandwidth ? MatrixText::tr("Gb/s") : MatrixText::tr("us"));
    for (const QJsonValue &v : result.value(QStringLiteral("cells")).toArray()) {
        const QJsonObject c = v.toObject();
        const QJsonValue value = c.value(QStringLiteral("value"));
        setCell(c.value(QStringLiteral("server")).toString(),
                c.value(QStringLiteral("client")).toString(),
                value.isDouble() ? std::optional<double>(value.toDouble()) : std::nullopt,
                c.value(QStringLiteral("error")).toString());
    }
    QStringList suspects;
    for (const QJsonValue &v : result.value(QStringLiteral("suspects")).toArray())
        suspects.append(v.toString());
    setSuspects(suspects);
}

int MatrixModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_hosts.size());
}

int MatrixModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_hosts.size());
}

QVariant MatrixModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Cell &cell = m_cells[index.row() * m_hosts.size() + index.column()];
    const bool diagonal = index.row() == index.column();
    switch (role) {
    case Qt::DisplayRole:
        if (diagonal)
            return QStringLiteral("—");
        if (cell.value)
            return QString::number(*cell.value, 'f', *cell.value < 100 ? 2 : 0);
        return cell.ran ? MatrixText::tr("failed") : QString();
    case Qt::ToolTipRole:
        if (diagonal)
            return {};
        if (!cell.error.isEmpty())
            return cell.error;
        return cell.value ? MatrixText::tr("%1 -> %2: %3 %4")
                                .arg(m_hosts[index.column()], m_hosts[index.row()])
                                .arg(*cell.value, 0, 'f', 2)
                                .arg(m_unit)
                          : QVariant();
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignCenter);
    case BadnessRole: {
        if (!cell.value || m_max <= m_min)
            return cell.value ? QVariant(0.0) : QVariant();
        const double t = (*cell.value - m_min) / (m_max - m_min);
        return m_higherIsBetter ? 1 - t : t;
    }
    case SuspectRole:
        return !diagonal
            && (m_suspects.contains(m_hosts[index.row()])
                || m_suspects.contains(m_hosts[index.column()]));
    case FailedRole:
        return cell.ran && !cell.value;
    }
    return {};
}

QVariant MatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (section < 0 || section >= m_hosts.size())
        return {};
    if (role == Qt::DisplayRole)
        return m_hosts[section];
    if (role == Qt::ToolTipRole) {
        return orientation == Qt::Horizontal ? MatrixText::tr("client %1").arg(m_hosts[section])
                                             : MatrixText::tr("server %1").arg(m_hosts[section]);
    }
    if (role == SuspectRole)
        return m_suspects.contains(m_hosts[section]);
    return {};
}

}  // namespace roce::models
