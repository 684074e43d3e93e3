#include "diagnosisview.h"

#include "live/itemmodels/findingmodel.h"
#include "palette.h"

#include <QBrush>
#include <QHeaderView>
#include <QLabel>
#include <QPalette>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace roce::widgets {

namespace {

using models::FindingModel;

/// Severity as colour (core models carry no GUI types), sorted as the diagnosis orders them.
class FindingColours : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    QVariant data(const QModelIndex &index, int role) const override
    {
        if (role == Qt::ForegroundRole && !index.parent().isValid()) {
            const int level
                = QSortFilterProxyModel::data(index, FindingModel::SeverityRole).toInt();
            if (!QSortFilterProxyModel::data(index, FindingModel::ActiveRole).toBool())
                return QBrush(QPalette().color(QPalette::Disabled, QPalette::Text));
            if (level == 2)
                return QBrush(palette::criticalText());
            if (level == 1)
                return QBrush(palette::warningText());
        }
        return QSortFilterProxyModel::data(index, role);
    }
};

}  // namespace

DiagnosisView::DiagnosisView(FindingModel *model, QWidget *parent)
    : QWidget(parent),
      m_model(model),
      m_proxy(new FindingColours(this)),
      m_tree(new QTreeView(this)),
      m_details(new QLabel(this))
{
    setObjectName(QStringLiteral("diagnosisView"));
    m_proxy->setSourceModel(model);
    m_proxy->setSortRole(FindingModel::SortRole);
    m_proxy->setDynamicSortFilter(true);
    m_proxy->sort(0, Qt::AscendingOrder);
    m_tree->setObjectName(QStringLiteral("findingTree"));
    m_tree->setModel(m_proxy);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setUniformRowHeights(true);
    m_tree->setAllColumnsShowFocus(true);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(FindingModel::SummaryColumn, QHeaderView::Stretch);
    m_tree->setWordWrap(false);
    m_details->setObjectName(QStringLiteral("findingDetails"));
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_tree, 1);
    // The words of a cause can be long: they scroll, and the tree keeps its rows.
    auto *detailsArea = new QScrollArea(this);
    detailsArea->setWidget(m_details);
    detailsArea->setWidgetResizable(true);
    detailsArea->setFrameShape(QFrame::NoFrame);
    detailsArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    detailsArea->setMaximumHeight(fontMetrics().lineSpacing() * 7);
    m_details->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    layout->addWidget(detailsArea);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                showDetails(current);
                if (m_selecting || !current.isValid())
                    return;
                const QString port = current.data(FindingModel::PortRole).toString();
                if (!port.isEmpty())
                    emit portSelected(port);
            });
    // A new cause shows its evidence and symptoms at once.
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &under, int first, int last) {
                if (under.isValid())
                    return;
                for (int r = first; r <= last; ++r)
                    m_tree->expand(m_proxy->index(r, 0));
            });
    // With nothing picked, the words below speak of the first cause (or of none).
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_proxy, signal, this, &DiagnosisView::showFirstUnlessPicked);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &DiagnosisView::showFirstUnlessPicked);
    connect(m_proxy, &QAbstractItemModel::dataChanged, this, &DiagnosisView::showFirstUnlessPicked);
    showFirstUnlessPicked();
}

void DiagnosisView::showFirstUnlessPicked()
{
    if (m_tree->currentIndex().isValid())
        return;
    if (m_proxy->rowCount() > 0) {
        showDetails(m_proxy->index(0, 0));
        return;
    }
    m_details->setText(tr("No cause named: the diagnosis names one when the fabric's symptoms "
                          "point at it (a stalled NIC, a down or bad link, a misconfigured "
                          "switch or host)."));
}

bool DiagnosisView::selectPort(const QString &port)
{
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        const QModelIndex finding = m_proxy->index(r, 0);
        QModelIndex hit;
        if (finding.data(FindingModel::PortRole).toString() == port) {
            hit = finding;
        } else {
            for (int c = 0; c < m_proxy->rowCount(finding) && !hit.isValid(); ++c) {
                const QModelIndex child = m_proxy->index(c, 0, finding);
                if (child.data(FindingModel::PortRole).toString() == port)
                    hit = child;
            }
        }
        if (!hit.isValid())
            continue;
        m_selecting = true;
        m_tree->setCurrentIndex(hit);
        m_tree->scrollTo(hit);
        m_selecting = false;
        return true;
    }
    return false;
}

void DiagnosisView::showDetails(const QModelIndex &index)
{
    const diagnosis::Finding *f = m_model->findingAt(m_proxy->mapToSource(index));
    if (!f)
        return;
    QString text = QStringLiteral("<b>%1</b> %2")
                       .arg(f->location.toHtmlEscaped(), f->summary.toHtmlEscaped());
    if (!f->whatToCheck.isEmpty())
        text
            += QStringLiteral("<br>") + tr("What to check: %1").arg(f->whatToCheck.toHtmlEscaped());
    if (!f->victims.isEmpty())
        text += QStringLiteral("<br>")
            + tr("Held back (victims, not causes): %1")
                  .arg(f->victims.mid(0, 12).join(QLatin1String(", ")).toHtmlEscaped());
    m_details->setText(text);
}

}  // namespace roce::widgets
