#include "live/itemmodels/inventorymodel.h"

#include <QCoreApplication>

#include <algorithm>

namespace roce::models {

using inventory::ServerEntry;

namespace {

// A plain context name: lupdate and InventoryModelText::tr() agree on it whatever the namespace.
class InventoryModelText
{
    Q_DECLARE_TR_FUNCTIONS(InventoryModelText)
};

}  // namespace

InventoryModel::InventoryModel(QObject *parent) : QAbstractTableModel(parent)
{ }

void InventoryModel::setServers(const QList<ServerEntry> &servers)
{
    beginResetModel();
    m_servers = servers;
    endResetModel();
}

int InventoryModel::addServer(const ServerEntry &server)
{
    const int row = static_cast<int>(m_servers.size());
    beginInsertRows({}, row, row);
    m_servers.append(server);
    endInsertRows();
    return row;
}

void InventoryModel::removeServers(QList<int> rows)
{
    // From the bottom up, so that the rows still to remove keep their numbers.
    std::sort(rows.begin(), rows.end(), std::greater<int>());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    for (int row : rows) {
        if (row < 0 || row >= m_servers.size())
            continue;
        beginRemoveRows({}, row, row);
        m_servers.removeAt(row);
        endRemoveRows();
    }
}

void InventoryModel::setTokenPresent(const QString &name, bool present)
{
    if (present)
        m_withToken.insert(name);
    else
        m_withToken.remove(name);
    for (int row = 0; row < m_servers.size(); ++row)
        if (m_servers.at(row).name == name)
            emit dataChanged(index(row, Token), index(row, Token));
}

void InventoryModel::setSwitchNames(const QStringList &names)
{
    m_switchesOnly.switches.clear();
    for (const QString &name : names) {
        inventory::SwitchEntry entry;
        entry.name = name;
        m_switchesOnly.switches.append(entry);
    }
    if (!m_servers.isEmpty())
        emit dataChanged(index(0, SwitchPort), index(rowCount() - 1, SwitchPort));
}

void InventoryModel::renameSwitch(const QString &from, const QString &to)
{
    if (from.isEmpty() || from == to)
        return;
    const QString prefix = from + QLatin1Char('/');
    for (int row = 0; row < m_servers.size(); ++row) {
        QString &port = m_servers[row].switchPort;
        // Only a qualified port names a switch: a letter follows the first '/'.
        if (!port.startsWith(prefix) || port.size() <= prefix.size()
            || !port.at(prefix.size()).isLetter())
            continue;
        port = inventory::qualifiedSwitchPort(to, port.mid(prefix.size()));
        emit dataChanged(index(row, SwitchPort), index(row, SwitchPort));
    }
}

int InventoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_servers.size());
}

int InventoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

bool InventoryModel::cellInvalid(const ServerEntry &s, int column) const
{
    switch (column) {
    case Name: {
        if (s.name.isEmpty())
            return true;
        return std::count_if(m_servers.begin(), m_servers.end(),
                             [&](const ServerEntry &o) { return o.name == s.name; })
            > 1;
    }
    case Address:
        return s.address.isEmpty() || s.address.contains(QLatin1Char(' '));
    case AgentPort:
        return s.agentPort == 0;
    case Token:
        return !s.collectOverSsh && !m_withToken.contains(s.name);
    case SshUser:
        return s.collectOverSsh && s.sshUser.isEmpty();
    case SwitchPort:
        return !s.switchPort.isEmpty()
            && !inventory::resolveSwitchPort(m_switchesOnly, s.switchPort);
    default:
        return false;
    }
}

QVariant InventoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ServerEntry &s = m_servers.at(index.row());
    if (role == InvalidRole)
        return cellInvalid(s, index.column());
    if (role == Qt::ToolTipRole && index.column() == Collector)
        return InventoryModelText::tr(
            "agent: roce-agent streams samples. ssh: no agent; the console runs 'rdma "
            "statistic' and 'ethtool -S' over SSH every few seconds.");
    if (role == Qt::ToolTipRole && index.column() == SwitchPort)
        return InventoryModelText::tr(
            "Where LLDP cannot see the server: switch/port (e.g. leaf1/Ethernet1/7); the bare "
            "port is enough when the inventory has one switch.");
    if (role == Qt::ToolTipRole && index.column() == Token)
        return m_withToken.contains(s.name)
            ? InventoryModelText::tr(
                "The agent token is in the keychain (or goes there when the inventory is saved).")
            : InventoryModelText::tr(
                "No token in the keychain: the console cannot authenticate to this agent.");
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    switch (index.column()) {
    case Name:
        return s.name;
    case Address:
        return s.address;
    case AgentPort:
        return s.agentPort;
    case SwitchPort:
        return s.switchPort;
    case SshUser:
        return s.sshUser;
    case AgentPin:
        return s.agentPinSha256;
    case Collector:
        return s.collectOverSsh ? QStringLiteral("ssh") : QStringLiteral("agent");
    case Token:
        if (s.collectOverSsh)
            return InventoryModelText::tr("not needed");
        return m_withToken.contains(s.name) ? InventoryModelText::tr("set")
                                            : InventoryModelText::tr("missing");
    default:
        return {};
    }
}

QVariant InventoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Name:
        return InventoryModelText::tr("Server");
    case Address:
        return InventoryModelText::tr("Address");
    case AgentPort:
        return InventoryModelText::tr("Agent port");
    case SwitchPort:
        return InventoryModelText::tr("Switch port");
    case SshUser:
        return InventoryModelText::tr("SSH user");
    case AgentPin:
        return InventoryModelText::tr("Agent certificate SHA-256 (pin)");
    case Collector:
        return InventoryModelText::tr("Collector");
    case Token:
        return InventoryModelText::tr("Token");
    default:
        return {};
    }
}

Qt::ItemFlags InventoryModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() != Token)
        f |= Qt::ItemIsEditable;
    return f;
}

bool InventoryModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole
        || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    ServerEntry &s = m_servers[index.row()];
    const QString text = value.toString().trimmed();
    switch (index.column()) {
    case Name: {
        if (text == s.name)
            return false;
        const QString old = s.name;
        s.name = text;
        if (m_withToken.remove(old))
            m_withToken.insert(text);
        emit renamed(old, text);
        // A rename changes the duplicate state of other rows and this row's token cell.
        emit dataChanged(this->index(0, Name), this->index(rowCount() - 1, Token));
        return true;
    }
    case Address:
        s.address = text;
        break;
    case AgentPort: {
        bool ok = false;
        const uint port = text.toUInt(&ok);
        if (!ok || port < 1 || port > 65535)
            return false;  // the view keeps the old value; a port is never half-valid
        s.agentPort = static_cast<quint16>(port);
        break;
    }
    case SwitchPort:
        s.switchPort = text;
        break;
    case SshUser:
        s.sshUser = text;
        break;
    case AgentPin:
        s.agentPinSha256 = text;
        break;
    case Collector:
        if (text != QLatin1String("agent") && text != QLatin1String("ssh"))
            return false;
        s.collectOverSsh = text == QLatin1String("ssh");
        emit dataChanged(this->index(index.row(), SshUser), this->index(index.row(), Token));
        return true;
    default:
        return false;
    }
    emit dataChanged(index, index);
    return true;
}

}  // namespace roce::models
