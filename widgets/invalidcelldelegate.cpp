#include "invalidcelldelegate.h"

#include "palette.h"

#include <QComboBox>

namespace roce::widgets {

InvalidCellDelegate::InvalidCellDelegate(int invalidRole, QObject *parent)
    : QStyledItemDelegate(parent), m_invalidRole(invalidRole)
{ }

void InvalidCellDelegate::setChoices(int column, const QStringList &choices)
{
    m_choices.insert(column, choices);
}

QWidget *InvalidCellDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                                           const QModelIndex &index) const
{
    const auto choices = m_choices.constFind(index.column());
    if (choices == m_choices.constEnd())
        return QStyledItemDelegate::createEditor(parent, option, index);
    auto *combo = new QComboBox(parent);
    combo->addItems(*choices);
    return combo;
}

void InvalidCellDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    if (auto *combo = qobject_cast<QComboBox *>(editor))
        combo->setCurrentText(index.data(Qt::EditRole).toString());
    else
        QStyledItemDelegate::setEditorData(editor, index);
}

void InvalidCellDelegate::setModelData(QWidget *editor, QAbstractItemModel *model,
                                       const QModelIndex &index) const
{
    if (auto *combo = qobject_cast<QComboBox *>(editor))
        model->setData(index, combo->currentText());
    else
        QStyledItemDelegate::setModelData(editor, model, index);
}

void InvalidCellDelegate::initStyleOption(QStyleOptionViewItem *option,
                                          const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    if (index.data(m_invalidRole).toBool())
        option->backgroundBrush = palette::invalidTint();
}

}  // namespace roce::widgets
