#include "porttableview.h"

#include "collect/history/counterstore.h"
#include "live/itemmodels/porttablemodel.h"
#include "palette.h"
#include "proto/datamodel/naturalorder.h"

#include <QBrush>
#include <QDateTime>
#include <QHeaderView>
#include <QLineEdit>
#include <QPainter>
#include <QPalette>
#include <QSortFilterProxyModel>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace roce::widgets {

namespace {

using models::PortTableModel;

/// Turns the model's HighlightRole/DimmedRole into colours, and filters on port and peer.
class PortProxy : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    QVariant data(const QModelIndex &index, int role) const override
    {
        if (role == Qt::BackgroundRole) {
            switch (model::Highlight(
                QSortFilterProxyModel::data(index, PortTableModel::HighlightRole).toInt())) {
            case model::Highlight::Drop:
                return QBrush(palette::dropTint());
            case model::Highlight::Pause:
                return QBrush(palette::pauseTint());
            case model::Highlight::Ecn:
                return QBrush(palette::ecnTint());
            default:
                return {};
            }
        }
        if (role == Qt::ForegroundRole
            && QSortFilterProxyModel::data(index, PortTableModel::DimmedRole).toBool())
            return QBrush(QPalette().color(QPalette::Disabled, QPalette::Text));
        return QSortFilterProxyModel::data(index, role);
    }

protected:
    /// Names sort as the model lists them (leaf2 before leaf10, Ethernet1/2 before
    /// Ethernet1/10), numbers numerically.
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override
    {
        if (left.column() == PortTableModel::Port || left.column() == PortTableModel::Peer)
            return model::naturalCompare(left.data().toString(), right.data().toString()) < 0;
        return QSortFilterProxyModel::lessThan(left, right);
    }

    bool filterAcceptsRow(int row, const QModelIndex &parent) const override
    {
        const QRegularExpression re = filterRegularExpression();
        if (re.pattern().isEmpty())
            return true;
        for (const int c : {PortTableModel::Port, PortTableModel::Peer}) {
            if (sourceModel()->index(row, c, parent).data().toString().contains(re))
                return true;
        }
        return false;
    }
};

/// The Trend column: the port's last 2 minutes from the counter store, drawn in the cell.
/// Only visible rows paint, so a fabric of thousands of ports costs a few dozen queries.
class SparklineDelegate : public QStyledItemDelegate
{
public:
    SparklineDelegate(const store::CounterStore *history, QObject *parent)
        : QStyledItemDelegate(parent), m_history(history)
    { }

    static constexpr qint64 kSpanMs = 120 * 1000;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override
    {
        QStyledItemDelegate::paint(painter, option, index);  // selection, background
        const QString port = index.siblingAtColumn(PortTableModel::Port).data().toString();
        if (!m_history || port.isEmpty())
            return;
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const QRectF r = QRectF(option.rect).adjusted(2, 3, -2, -3);
        auto x = [&](double ms) {
            return r.left() + (ms - double(now - kSpanMs)) / kSpanMs * r.width();
        };
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        // Events first, as ticks from the bottom: drops red, pauses amber.
        for (const auto &[metric, colour] :
             {std::pair {store::Metric::MmuDrops, palette::drop()},
              std::pair {store::Metric::RxPause, palette::pause()}}) {
            painter->setPen(QPen(colour, 1.5));
            for (const QPointF &p : m_history->series(port, metric, now - kSpanMs)) {
                if (p.y() > 0)
                    painter->drawLine(QPointF(x(p.x()), r.bottom()),
                                      QPointF(x(p.x()), r.bottom() - r.height() / 3));
            }
        }
        // Utilization, 0..100 % over the cell's height.
        for (const auto &[metric, colour] :
             {std::pair {store::Metric::OutUtil, palette::good()},
              std::pair {store::Metric::InUtil, palette::inTraffic()}}) {
            const QList<QPointF> points = m_history->series(port, metric, now - kSpanMs);
            if (points.size() < 2)
                continue;
            QPolygonF line;
            for (const QPointF &p : points)
                line << QPointF(x(p.x()),
                                r.bottom() - std::clamp(p.y(), 0.0, 100.0) / 100 * r.height());
            painter->setPen(QPen(colour, 1.2));
            painter->drawPolyline(line);
        }
        painter->restore();
    }

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        return QStyledItemDelegate::sizeHint(option, index).expandedTo(QSize(90, 0));
    }

private:
    const store::CounterStore *m_history;
};

}  // namespace

void PortTableView::setHistory(const store::CounterStore *history)
{
    m_table->setItemDelegateForColumn(PortTableModel::Trend,
                                      new SparklineDelegate(history, m_table));
    m_table->setColumnWidth(PortTableModel::Trend, 100);
}

PortTableView::PortTableView(models::PortTableModel *model, QWidget *parent)
    : QWidget(parent),
      m_model(model),
      m_proxy(new PortProxy(this)),
      m_filter(new QLineEdit(this)),
      m_table(new QTableView(this))
{
    setObjectName(QStringLiteral("portTableView"));
    m_proxy->setSourceModel(model);
    m_proxy->setSortRole(PortTableModel::SortRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_filter->setObjectName(QStringLiteral("portFilter"));
    m_filter->setPlaceholderText(tr("Filter ports or peers (e.g. 1/1/ or ubunturdma3)"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, &PortTableView::setFilterText);
    m_table->setObjectName(QStringLiteral("portTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);  // the model's order until the user sorts
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_filter);
    layout->addWidget(m_table);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    emit portSelected(
                        current.siblingAtColumn(PortTableModel::Port).data().toString());
            });
    auto *ages = new QTimer(this);
    connect(ages, &QTimer::timeout, model, &models::PortTableModel::refreshAges);
    ages->start(1000);
}

bool PortTableView::selectPort(const QString &port)
{
    const QModelIndexList hits = m_proxy->match(m_proxy->index(0, PortTableModel::Port),
                                                Qt::DisplayRole, port, 1, Qt::MatchExactly);
    if (hits.isEmpty())
        return false;
    if (m_table->currentIndex().siblingAtColumn(PortTableModel::Port) == hits.first())
        return true;  // already there: no echo
    m_table->setCurrentIndex(hits.first());
    m_table->scrollTo(hits.first(), QAbstractItemView::PositionAtCenter);
    return true;
}

void PortTableView::setFilterText(const QString &text)
{
    if (m_filter->text() != text)
        m_filter->setText(text);
    m_proxy->setFilterRegularExpression(QRegularExpression(
        QRegularExpression::escape(text), QRegularExpression::CaseInsensitiveOption));
}

}  // namespace roce::widgets
