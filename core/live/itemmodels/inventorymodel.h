#pragma once

#include "live/inventory/inventory.h"

#include <QAbstractTableModel>
#include <QSet>

namespace roce::models {

/// The servers of an inventory as an editable table (name, address, agent port, switch port,
/// SSH user, agent certificate pin) with a read-only column that says whether the keychain
/// holds the agent's token. Invalid cells are marked (ForegroundRole-free: InvalidRole) so the
/// dialog can colour them; the model itself never refuses an edit a user may finish later.
class InventoryModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Name,
        Address,
        AgentPort,
        SwitchPort,
        SshUser,
        Collector,
        Token,
        AgentPin,
        ColumnCount
    };
    enum Role { InvalidRole = Qt::UserRole + 1 };

    explicit InventoryModel(QObject *parent = nullptr);

    void setServers(const QList<inventory::ServerEntry> &servers);
    const QList<inventory::ServerEntry> &servers() const { return m_servers; }
    /// Appends; returns the row.
    int addServer(const inventory::ServerEntry &server);
    void removeServers(QList<int> rows);

    /// Names whose token is known to be in the keychain (or about to be written).
    void setTokenPresent(const QString &name, bool present);
    bool tokenPresent(const QString &name) const { return m_withToken.contains(name); }

    /// The inventory's switch names: a typed switch port that names none of them, or a bare
    /// port while there is not exactly one switch, is marked invalid.
    void setSwitchNames(const QStringList &names);
    /// The switch @p from is now called @p to: "from/port" fallbacks become "to/port".
    void renameSwitch(const QString &from, const QString &to);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

signals:
    /// A server was renamed: its token moves with it.
    void renamed(const QString &from, const QString &to);

private:
    bool cellInvalid(const inventory::ServerEntry &s, int column) const;

    QList<inventory::ServerEntry> m_servers;
    QSet<QString> m_withToken;
    inventory::Inventory m_switchesOnly;  ///< the switch names, to resolve typed ports
};

}  // namespace roce::models
