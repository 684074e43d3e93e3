#pragma once

#include "live/inventory/inventory.h"

#include <QAbstractTableModel>
#include <QSet>

#include <functional>

namespace roce::models {

/// The switches of an inventory as an editable table (name, NX-API URL, user, role, poll
/// interval, certificate pin, allow-HTTP) with a read-only column that says whether the
/// keychain holds the switch's password. Cells that would stop the console from connecting
/// are marked (InvalidRole) so the dialog can tint them; the model refuses only values that
/// are never half-right (a role that is not one of the four words, a poll interval out of
/// range).
class SwitchInventoryModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Name, Url, User, Role, PollInterval, Pin, AllowHttp, Password, ColumnCount };
    enum ItemRole { InvalidRole = Qt::UserRole + 1 };

    explicit SwitchInventoryModel(QObject *parent = nullptr);

    void setSwitches(const QList<inventory::SwitchEntry> &switches);
    const QList<inventory::SwitchEntry> &switches() const { return m_switches; }
    /// Appends; returns the row.
    int addSwitch(const inventory::SwitchEntry &entry);
    void removeSwitches(QList<int> rows);

    /// Keychain keys (switchSecretKey()) known to hold a password, or about to.
    void setPasswordPresent(const QString &secretKey, bool present);
    bool passwordPresent(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

signals:
    /// The URL or user of a switch changed, so its keychain key did: the password follows.
    void loginChanged(const QString &fromKey, const QString &toKey);
    /// A switch was renamed: servers' "from/port" fallbacks become "to/port".
    void renamed(const QString &from, const QString &to);
    /// The set of switch names changed (servers' "switch/port" fallbacks depend on them).
    void namesChanged(const QStringList &names);

private:
    bool cellInvalid(const inventory::SwitchEntry &s, int column) const;
    /// Applies @p edit to the row's entry and reports a changed login key.
    void editLogin(int row, const std::function<void(inventory::SwitchEntry &)> &edit);
    QStringList names() const;

    QList<inventory::SwitchEntry> m_switches;
    QSet<QString> m_withPassword;
};

}  // namespace roce::models
