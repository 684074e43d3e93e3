#include "eventlistview.h"

#include "live/itemmodels/eventlistmodel.h"
#include "palette.h"

#include <QBrush>
#include <QHeaderView>
#include <QIdentityProxyModel>
#include <QLabel>
#include <QPalette>
#include <QTableView>
#include <QVBoxLayout>

namespace roce::widgets {

namespace {

using models::EventListModel;

/// Severity and state as colours (core models carry no GUI types).
class EventColours : public QIdentityProxyModel
{
public:
    using QIdentityProxyModel::QIdentityProxyModel;

    QVariant data(const QModelIndex &index, int role) const override
    {
        if (role == Qt::ForegroundRole) {
            if (!QIdentityProxyModel::data(index, EventListModel::ActiveRole).toBool())
                return QBrush(QPalette().color(QPalette::Disabled, QPalette::Text));
            return QIdentityProxyModel::data(index, EventListModel::CriticalRole).toBool()
                ? QBrush(palette::criticalText())
                : QBrush(palette::warningText());
        }
        return QIdentityProxyModel::data(index, role);
    }
};

}  // namespace

EventListView::EventListView(models::EventListModel *model, QWidget *parent)
    : QWidget(parent), m_table(new QTableView(this)), m_details(new QLabel(this))
{
    setObjectName(QStringLiteral("eventListView"));
    auto *proxy = new EventColours(this);
    proxy->setSourceModel(model);
    m_table->setObjectName(QStringLiteral("eventTable"));
    m_table->setModel(proxy);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_details->setObjectName(QStringLiteral("eventDetails"));
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setText(tr("Select an event to see what it means and what to check."));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_details);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    m_details->setText(current.data(EventListModel::DetailRole).toString());
            });
}

}  // namespace roce::widgets
