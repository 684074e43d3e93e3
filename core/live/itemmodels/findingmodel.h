#pragma once

#include "live/diagnosis/finding.h"

#include <QAbstractItemModel>
#include <QHash>
#include <QList>

namespace roce::models {

/// The diagnosis's findings as a tree: a row per finding, and under it the evidence it rests
/// on and the alerts it explains (its symptoms, grouped under their cause).
class FindingModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column {
        SeverityColumn,
        KindColumn,
        LocationColumn,
        SummaryColumn,
        SinceColumn,
        ColumnCount
    };
    enum Role {
        KeyRole = Qt::UserRole + 1,  ///< the finding's key ("kind|location")
        PortRole,      ///< the port or NIC to select for this row (a finding: where it points)
        SortRole,      ///< active first, then severity, then when it was raised
        SeverityRole,  ///< diagnosis::Severity as an int (findings only)
        ActiveRole     ///< whether the finding still holds (findings only)
    };

    explicit FindingModel(QObject *parent = nullptr);

    /// Shows @p findings (every one the diagnosis keeps, active and cleared); rows of the
    /// same finding are updated in place, so a view keeps what it expanded. @p alertTitles:
    /// alert key -> its title, for the symptom rows.
    void setFindings(const QList<diagnosis::Finding> &findings,
                     const QHash<QString, QString> &alertTitles = {});
    void clear();
    /// The finding of @p index (a finding row or one of its children); null for none.
    const diagnosis::Finding *findingAt(const QModelIndex &index) const;
    /// The row of the finding with @p key, invalid when there is none.
    QModelIndex indexOfKey(const QString &key) const;
    /// The port or NIC a finding points at: its location when that is one, else the first
    /// port of its evidence (a switch's, a host's).
    static QString portOf(const diagnosis::Finding &finding);
    /// A finding's kind in words ("nic_stall": "NIC stopped draining").
    static QString kindText(const QString &kind);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    struct Row {
        quintptr id = 0;  ///< stable across updates: children find their parent by it
        diagnosis::Finding finding;
        QStringList symptoms;  ///< "title: port" of each alert it explains
    };
    int rowOfId(quintptr id) const;
    int childCount(const Row &row) const;
    QVariant findingData(const Row &row, int column, int role) const;
    QVariant childData(const Row &row, int child, int column, int role) const;

    QList<Row> m_rows;
    quintptr m_nextId = 1;
};

}  // namespace roce::models
