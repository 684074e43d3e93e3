#pragma once

#include <QHash>
#include <QStringList>
#include <QStyledItemDelegate>

namespace roce::widgets {

/// Paints the cells a model marks invalid (a bool under @p invalidRole) with a red tint, so
/// that what blocks saving is visible where it is; columns that hold one of a few words are
/// edited with a combo box of those words instead of a free text field.
class InvalidCellDelegate : public QStyledItemDelegate
{
public:
    InvalidCellDelegate(int invalidRole, QObject *parent = nullptr);

    /// The words @p column accepts; its editor offers exactly these.
    void setChoices(int column, const QStringList &choices);

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model,
                      const QModelIndex &index) const override;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;

private:
    int m_invalidRole;
    QHash<int, QStringList> m_choices;
};

}  // namespace roce::widgets
