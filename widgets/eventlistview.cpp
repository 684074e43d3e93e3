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
    // The event's words are what people read: they wrap in the room the other columns leave
    // (a port name gives up its middle first), never cut off.
    QHeaderView *header = m_table->horizontalHeader();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(EventListModel::Port, QHeaderView::Interactive);
    header->resizeSection(EventListModel::Port,
                          fontMetrics().horizontalAdvance(QLatin1Char('x')) * 14);
    header->setSectionResizeMode(EventListModel::Event, QHeaderView::Stretch);
    // What happened reads before where.
    header->moveSection(header->visualIndex(EventListModel::Event),
                        header->visualIndex(EventListModel::Port));
    // Cleared events are greyed: the State column would only repeat that.
    header->hideSection(EventListModel::State);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->setWordWrap(true);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
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
                if (!current.isValid())
                    return;
                m_details->setText(current.data(EventListModel::DetailRole).toString());
                if (!m_selecting)
                    emit portSelected(
                        current.siblingAtColumn(EventListModel::Port).data().toString());
            });
}

bool EventListView::selectPort(const QString &port)
{
    QAbstractItemModel *model = m_table->model();
    for (int r = 0; r < model->rowCount(); ++r) {
        const QModelIndex at = model->index(r, EventListModel::Port);
        if (at.data().toString() != port)
            continue;
        m_selecting = true;
        m_table->setCurrentIndex(at);
        m_table->scrollTo(at);
        m_selecting = false;
        return true;
    }
    return false;
}

}  // namespace roce::widgets
