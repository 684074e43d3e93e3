#include "live/itemmodels/switchinventorymodel.h"

#include <QCoreApplication>

#include <algorithm>

namespace roce::models {

using inventory::SwitchEntry;

namespace {

// A plain context name: lupdate and SwitchInventoryText::tr() agree on it whatever the namespace.
class SwitchInventoryText
{
    Q_DECLARE_TR_FUNCTIONS(SwitchInventoryText)
};

bool urlInvalid(const SwitchEntry &s)
{
    if (!s.isSet() || s.url.host().isEmpty())
        return true;
    const QString scheme = s.url.scheme();
    if (scheme == QLatin1String("https"))
        return false;
    return scheme != QLatin1String("http") || !s.allowHttp;
}

}  // namespace

SwitchInventoryModel::SwitchInventoryModel(QObject *parent) : QAbstractTableModel(parent)
{ }

void SwitchInventoryModel::setSwitches(const QList<SwitchEntry> &switches)
{
    beginResetModel();
    m_switches = switches;
    endResetModel();
    emit namesChanged(names());
}

int SwitchInventoryModel::addSwitch(const SwitchEntry &entry)
{
    const int row = static_cast<int>(m_switches.size());
    beginInsertRows({}, row, row);
    m_switches.append(entry);
    endInsertRows();
    emit namesChanged(names());
    return row;
}

void SwitchInventoryModel::removeSwitches(QList<int> rows)
{
    // From the bottom up, so that the rows still to remove keep their numbers.
    std::sort(rows.begin(), rows.end(), std::greater<int>());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    for (int row : rows) {
        if (row < 0 || row >= m_switches.size())
            continue;
        beginRemoveRows({}, row, row);
        m_switches.removeAt(row);
        endRemoveRows();
    }
    if (!m_switches.isEmpty())  // a removed duplicate may make another name valid again
        emit dataChanged(index(0, Name), index(rowCount() - 1, Name));
    emit namesChanged(names());
}

void SwitchInventoryModel::setPasswordPresent(const QString &secretKey, bool present)
{
    if (present)
        m_withPassword.insert(secretKey);
    else
        m_withPassword.remove(secretKey);
    for (int row = 0; row < m_switches.size(); ++row)
        if (inventory::switchSecretKey(m_switches.at(row)) == secretKey)
            emit dataChanged(index(row, Password), index(row, Password));
}

bool SwitchInventoryModel::passwordPresent(int row) const
{
    return row >= 0 && row < m_switches.size()
        && m_withPassword.contains(inventory::switchSecretKey(m_switches.at(row)));
}

int SwitchInventoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_switches.size());
}

int SwitchInventoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QStringList SwitchInventoryModel::names() const
{
    QStringList out;
    for (const SwitchEntry &s : m_switches)
        out.append(s.name);
    return out;
}

bool SwitchInventoryModel::cellInvalid(const SwitchEntry &s, int column) const
{
    switch (column) {
    case Name:
        if (s.name.isEmpty() || s.name.contains(QLatin1Char('/')))
            return true;
        return std::count_if(m_switches.begin(), m_switches.end(),
                             [&](const SwitchEntry &o) { return o.name == s.name; })
            > 1;
    case Url:
        return urlInvalid(s);
    case User:
        return s.user.isEmpty();
    case PollInterval:
        return s.pollIntervalMs < inventory::kMinPollIntervalMs
            || s.pollIntervalMs > inventory::kMaxPollIntervalMs;
    case Pin:
        return !s.pinSha256.isEmpty() && !inventory::isPinSha256(s.pinSha256);
    case Password:
        return !m_withPassword.contains(inventory::switchSecretKey(s));
    default:
        return false;
    }
}

QVariant SwitchInventoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const SwitchEntry &s = m_switches.at(index.row());
    if (role == InvalidRole)
        return cellInvalid(s, index.column());
    if (index.column() == AllowHttp) {
        if (role == Qt::CheckStateRole)
            return s.allowHttp ? Qt::Checked : Qt::Unchecked;
        if (role == Qt::ToolTipRole)
            return SwitchInventoryText::tr("Allow plain HTTP (sends the password in clear)");
        return {};
    }
    if (role == Qt::ToolTipRole) {
        switch (index.column()) {
        case Name:
            return SwitchInventoryText::tr(
                "Unique, without '/': a server's switch port is written as switch/port, e.g. "
                "leaf1/Ethernet1/7.");
        case Role:
            return SwitchInventoryText::tr(
                "leaf, spine, border, or tor for the single top-of-rack switch of a small "
                "fabric.");
        case PollInterval:
            return SwitchInventoryText::tr("How often the console polls this switch, from %1 to "
                                           "%2 ms.")
                .arg(inventory::kMinPollIntervalMs)
                .arg(inventory::kMaxPollIntervalMs);
        case Password:
            return passwordPresent(index.row())
                ? SwitchInventoryText::tr("The NX-API password is in the keychain (or goes "
                                          "there when the inventory is saved).")
                : SwitchInventoryText::tr("No password in the keychain: the console cannot log "
                                          "in to this switch.");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    switch (index.column()) {
    case Name:
        return s.name;
    case Url:
        return s.url.toString();
    case User:
        return s.user;
    case Role:
        return inventory::roleName(s.role);
    case PollInterval:
        return s.pollIntervalMs;
    case Pin:
        return s.pinSha256;
    case Password:
        return passwordPresent(index.row()) ? SwitchInventoryText::tr("set")
                                            : SwitchInventoryText::tr("missing");
    default:
        return {};
    }
}

QVariant SwitchInventoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Name:
        return SwitchInventoryText::tr("Switch");
    case Url:
        return SwitchInventoryText::tr("NX-API URL");
    case User:
        return SwitchInventoryText::tr("User");
    case Role:
        return SwitchInventoryText::tr("Role");
    case PollInterval:
        return SwitchInventoryText::tr("Poll (ms)");
    case Pin:
        return SwitchInventoryText::tr("Certificate SHA-256 (pin)");
    case AllowHttp:
        return SwitchInventoryText::tr("HTTP");
    case Password:
        return SwitchInventoryText::tr("Password");
    default:
        return {};
    }
}

Qt::ItemFlags SwitchInventoryModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (!index.isValid())
        return f;
    if (index.column() == AllowHttp)
        f |= Qt::ItemIsUserCheckable;
    else if (index.column() != Password)
        f |= Qt::ItemIsEditable;
    return f;
}

void SwitchInventoryModel::editLogin(int row, const std::function<void(SwitchEntry &)> &edit)
{
    SwitchEntry &s = m_switches[row];
    const QString before = inventory::switchSecretKey(s);
    edit(s);
    const QString after = inventory::switchSecretKey(s);
    if (before == after)
        return;
    if (m_withPassword.remove(before))
        m_withPassword.insert(after);
    emit loginChanged(before, after);
}

bool SwitchInventoryModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const int row = index.row();
    SwitchEntry &s = m_switches[row];
    if (index.column() == AllowHttp) {
        if (role != Qt::CheckStateRole && role != Qt::EditRole)
            return false;
        // The view's check box sends the state as an int.
        s.allowHttp = role == Qt::CheckStateRole
            ? static_cast<Qt::CheckState>(value.toInt()) == Qt::Checked
            : value.toBool();
        // The URL's tint depends on it.
        emit dataChanged(this->index(row, Url), this->index(row, AllowHttp));
        return true;
    }
    if (role != Qt::EditRole)
        return false;
    const QString text = value.toString().trimmed();
    switch (index.column()) {
    case Name: {
        if (text == s.name)
            return false;
        const QString old = s.name;
        s.name = text;
        emit renamed(old, text);
        // A rename changes the duplicate state of other rows.
        emit dataChanged(this->index(0, Name), this->index(rowCount() - 1, Name));
        emit namesChanged(names());
        return true;
    }
    case Url:
        editLogin(row, [&text](SwitchEntry &e) {
            e.url = text.isEmpty() ? QUrl() : QUrl(text, QUrl::StrictMode);
        });
        emit dataChanged(this->index(row, Url), this->index(row, Password));
        return true;
    case User:
        editLogin(row, [&text](SwitchEntry &e) { e.user = text; });
        emit dataChanged(this->index(row, User), this->index(row, Password));
        return true;
    case Role: {
        const auto known = inventory::roleFromName(text);
        if (!known)
            return false;
        s.role = *known;
        break;
    }
    case PollInterval: {
        bool ok = false;
        const int ms = text.toInt(&ok);
        if (!ok || ms < inventory::kMinPollIntervalMs || ms > inventory::kMaxPollIntervalMs)
            return false;  // the view keeps the old value
        s.pollIntervalMs = ms;
        break;
    }
    case Pin:
        s.pinSha256 = text;
        break;
    default:
        return false;
    }
    emit dataChanged(index, index);
    return true;
}

}  // namespace roce::models
