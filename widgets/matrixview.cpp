#include "matrixview.h"

#include "live/itemmodels/matrixmodel.h"
#include "palette.h"

#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

namespace roce::widgets {

namespace {

/// Paints a cell by how bad it is: green (best) through amber to red (worst).
class HeatDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override
    {
        const QVariant badness = index.data(models::MatrixModel::BadnessRole);
        if (badness.isValid())
            painter->fillRect(option.rect, palette::badness(badness.toDouble()));
        else if (index.data(models::MatrixModel::FailedRole).toBool())
            painter->fillRect(option.rect, palette::failed());
        QStyleOptionViewItem o(option);
        if (badness.isValid())
            o.palette.setColor(QPalette::Text, Qt::white);
        QStyledItemDelegate::paint(painter, o, index);
        if (index.data(models::MatrixModel::SuspectRole).toBool()) {
            painter->save();
            painter->setPen(QPen(palette::suspect(), 2));
            painter->drawRect(option.rect.adjusted(1, 1, -1, -1));
            painter->restore();
        }
    }
};

}  // namespace

MatrixView::MatrixView(models::MatrixModel *model, QWidget *parent)
    : QWidget(parent), m_model(model), m_table(new QTableView), m_summary(new QLabel)
{
    setObjectName(QStringLiteral("matrixView"));
    m_table->setModel(model);
    m_table->setItemDelegate(new HeatDelegate(m_table));
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_summary->setWordWrap(true);
    m_summary->setText(tr("Run a pairwise matrix to see every pair here."));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    connect(model, &QAbstractItemModel::dataChanged, this, &MatrixView::updateSummary);
    connect(model, &QAbstractItemModel::modelReset, this, &MatrixView::updateSummary);
    connect(model, &QAbstractItemModel::headerDataChanged, this, &MatrixView::updateSummary);
}

QString MatrixView::summary() const
{
    return m_summary->text();
}

void MatrixView::updateSummary()
{
    if (m_model->rowCount() == 0)
        return;
    const QStringList suspects = m_model->suspects();
    const QString legend = tr("Rows: server, columns: client, in %1. Green is the best pair, "
                              "red the worst.")
                               .arg(m_model->unit());
    m_summary->setText(suspects.isEmpty()
                           ? legend
                           : tr("Slow: %1. Its pairs are well off the median of all pairs "
                                "(outlined); its NIC, cable or host is the place to look.")
                                   .arg(suspects.join(QStringLiteral(", ")))
                               + QLatin1Char(' ') + legend);
}

}  // namespace roce::widgets
