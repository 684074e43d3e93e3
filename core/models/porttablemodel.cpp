#include "models/porttablemodel.h"

#include <QCoreApplication>
#include <QDateTime>

namespace roce::models {

namespace {

// A plain context name: lupdate and PortTableText::tr() agree on it whatever the namespace
// (README).
class PortTableText
{
    Q_DECLARE_TR_FUNCTIONS(PortTableText)
};

QString rate(const std::optional<double> &v, int decimals = 0)
{
    return v ? QString::number(*v, 'f', decimals) : QStringLiteral("–");
}

}  // namespace

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

QVariant PortTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (Column(section)) {
        case Port:
            return PortTableText::tr("Port");
        case Peer:
            return PortTableText::tr("Peer");
        case State:
            return PortTableText::tr("State");
        case InUtil:
            return PortTableText::tr("In %");
        case OutUtil:
            return PortTableText::tr("Out %");
        case InGbps:
            return PortTableText::tr("In Gb/s");
        case OutGbps:
            return PortTableText::tr("Out Gb/s");
        case MmuDrops:
            return PortTableText::tr("MMU drops/s");
        case EgressDrops:
            return PortTableText::tr("Out drops/s");
        case RxPause:
            return PortTableText::tr("RxPPP/s");
        case TxPause:
            return PortTableText::tr("TxPPP/s");
        case Ecn:
            return PortTableText::tr("ECN/s");
        case CnpSent:
            return PortTableText::tr("CNP sent/s");
        case CnpHandled:
            return PortTableText::tr("CNP handled/s");
        case OutOfSeq:
            return PortTableText::tr("OOS/s");
        case Age:
            return PortTableText::tr("Age");
        case Trend:
            return PortTableText::tr("Trend");
        case ColumnCount:
            break;
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case MmuDrops:
            return PortTableText::tr(
                "Ingress MMU drops per second: the buffer overflowed. On a lossless "
                "class this means PFC is off or misconfigured.");
        case RxPause:
            return PortTableText::tr(
                "PFC frames received per second (RxPPP): the peer asks this port to stop "
                "sending.");
        case TxPause:
            return PortTableText::tr(
                "PFC frames sent per second (TxPPP): this port's ingress is congested "
                "and pauses the peer.");
        case Ecn:
            return PortTableText::tr(
                "ECN-marked packets per second on the port's queues (WRED with ecn).");
        case EgressDrops:
            return PortTableText::tr("Egress WRED and tail drops per second, all queues.");
        case Trend:
            return PortTableText::tr("The last 2 minutes: utilization in (blue) and out (green), "
                                     "red ticks where the port dropped packets, amber where "
                                     "it was paused.");
        case CnpSent:
            return PortTableText::tr("NIC: CNPs sent per second (np_cnp_sent): this receiver "
                                     "saw CE marks and asks the senders to slow down.");
        case CnpHandled:
            return PortTableText::tr("NIC: CNPs handled per second (rp_cnp_handled): this sender "
                                     "cut its rate (DCQCN).");
        case OutOfSeq:
            return PortTableText::tr("NIC: out-of-sequence packets per second: packets were "
                                     "lost on the way and RoCE retransmits.");
        default:
            break;
        }
    }
    return {};
}

const monitor::PortRow *PortTableModel::row(const QString &port) const
{
    const auto it = m_index.constFind(port);
    return it == m_index.constEnd() ? nullptr : &m_rows[*it].port;
}

bool PortTableModel::stale(const Entry &e) const
{
    return m_clock() - e.updatedMs > m_staleAfterMs;
}

QVariant PortTableModel::value(const Entry &e, int column) const
{
    const monitor::PortRow &p = e.port;
    auto num = [](const std::optional<double> &v) { return v ? QVariant(*v) : QVariant(); };
    switch (Column(column)) {
    case Port:
        return p.name;
    case Peer:
        return p.peer;
    case State:
        return p.state;
    case InUtil:
        return num(p.inUtilPercent);
    case OutUtil:
        return num(p.outUtilPercent);
    case InGbps:
        return p.inBitsPerSec ? QVariant(*p.inBitsPerSec / 1e9) : QVariant();
    case OutGbps:
        return p.outBitsPerSec ? QVariant(*p.outBitsPerSec / 1e9) : QVariant();
    case MmuDrops:
        return num(p.mmuDropsPerSec);
    case EgressDrops:
        return num(p.egressDropsPerSec);
    case RxPause:
        return num(p.rxPausesPerSec);
    case TxPause:
        return num(p.txPausesPerSec);
    case Ecn:
        return num(p.ecnPerSec);
    case CnpSent:
        return num(p.cnpSentPerSec);
    case CnpHandled:
        return num(p.cnpHandledPerSec);
    case OutOfSeq:
        return num(p.outOfSequencePerSec);
    case Age:
        return double(m_clock() - e.updatedMs) / 1000.0;
    case Trend:
        return num(p.inUtilPercent);  // sorted by utilization now
    case ColumnCount:
        break;
    }
    return {};
}

QVariant PortTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry &e = m_rows[index.row()];
    const monitor::PortRow &p = e.port;
    const int c = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (Column(c)) {
        case Port:
        case Peer:
        case State:
            return value(e, c);
        case InUtil:
            return rate(p.inUtilPercent, 1);
        case OutUtil:
            return rate(p.outUtilPercent, 1);
        case InGbps:
            return rate(p.inBitsPerSec ? std::optional(*p.inBitsPerSec / 1e9) : std::nullopt, 2);
        case OutGbps:
            return rate(p.outBitsPerSec ? std::optional(*p.outBitsPerSec / 1e9) : std::nullopt, 2);
        case MmuDrops:
            return rate(p.mmuDropsPerSec);
        case EgressDrops:
            return rate(p.egressDropsPerSec);
        case RxPause:
            return rate(p.rxPausesPerSec);
        case TxPause:
            return rate(p.txPausesPerSec);
        case Ecn:
            return rate(p.ecnPerSec);
        case CnpSent:
            return rate(p.cnpSentPerSec);
        case CnpHandled:
            return rate(p.cnpHandledPerSec);
        case OutOfSeq:
            return rate(p.outOfSequencePerSec);
        case Age:
            return PortTableText::tr("%1 s").arg(value(e, c).toDouble(), 0, 'f', 0);
        case Trend:
        case ColumnCount:
            break;
        }
        return {};
    case SortRole:
        return value(e, c);
    case Qt::TextAlignmentRole:
        return c >= InUtil ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                           : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case DimmedRole:
        return stale(e) || p.state != QLatin1String("up");
    case HighlightRole:
        // The cells that matter: drops, pauses, ECN marks (only for fresh data).
        if (stale(e))
            return int(NoHighlight);
        if ((c == MmuDrops && p.mmuDropsPerSec.value_or(0) > 0)
            || (c == EgressDrops && p.egressDropsPerSec.value_or(0) > 0)
            || (c == OutOfSeq && p.outOfSequencePerSec.value_or(0) > 0))
            return int(DropHighlight);
        if ((c == RxPause && p.rxPausesPerSec.value_or(0) > 0)
            || (c == TxPause && p.txPausesPerSec.value_or(0) > 0))
            return int(PauseHighlight);
        if ((c == Ecn && p.ecnPerSec.value_or(0) > 0)
            || (c == CnpSent && p.cnpSentPerSec.value_or(0) > 0)
            || (c == CnpHandled && p.cnpHandledPerSec.value_or(0) > 0))
            return int(EcnHighlight);
        return int(NoHighlight);
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

void PortTableModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_index.clear();
    endResetModel();
}

void PortTableModel::applyUpdate(const monitor::SwitchUpdate &update)
{
    const qint64 now = update.takenMs ? update.takenMs : m_clock();
    QList<monitor::PortRow> added;
    for (const monitor::PortRow &p : update.ports) {
        const auto it = m_index.constFind(p.name);
        if (it == m_index.constEnd()) {
            added.append(p);
            continue;
        }
        m_rows[*it].port = p;
        m_rows[*it].updatedMs = now;
    }
    // One dataChanged for the rows that exist (a batch per poll, not a signal per cell).
    if (!m_rows.isEmpty() && !update.ports.isEmpty())
        emit dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
    if (!added.isEmpty()) {
        // Switch ports first, then the servers' ports, whichever answers first: new rows of
        // a batch go to the end of their group.
        const bool nic = added.first().nic;
        int at = int(m_rows.size());
        if (!nic) {
            at = 0;
            while (at < m_rows.size() && !m_rows[at].port.nic)
                ++at;
        }
        beginInsertRows({}, at, at + int(added.size()) - 1);
        for (qsizetype i = 0; i < added.size(); ++i)
            m_rows.insert(at + i, Entry {added[i], now});
        for (int r = at; r < m_rows.size(); ++r)
            m_index.insert(m_rows[r].port.name, r);
        endInsertRows();
    }
}

void PortTableModel::refreshAges()
{
    if (m_rows.isEmpty())
        return;
    emit dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1),
                     {Qt::DisplayRole, Qt::ToolTipRole, SortRole, DimmedRole, HighlightRole});
}

}  // namespace roce::models
