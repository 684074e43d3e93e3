#include "pairmatrixview.h"

#include "live/itemmodels/pairmatrixmodel.h"
#include "palette.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <cmath>

namespace roce::widgets {

using models::PairMatrixModel;

PairMatrixView::PairMatrixView(models::PairMatrixModel *model, QWidget *parent)
    : QWidget(parent), m_model(model)
{
    setObjectName(QStringLiteral("pairMatrixView"));
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    auto repaint = [this] { update(); };
    connect(model, &QAbstractItemModel::modelReset, this, repaint);
    connect(model, &QAbstractItemModel::dataChanged, this, repaint);
}

QSize PairMatrixView::sizeHint() const
{
    return {560, 560};
}

QSize PairMatrixView::minimumSizeHint() const
{
    return {200, 200};
}

PairMatrixView::Geometry PairMatrixView::geometry() const
{
    Geometry g;
    g.n = m_model->rowCount();
    if (g.n == 0)
        return g;
    const int side = std::min(width(), height());
    // Labels only when a cell is tall enough to carry one.
    const double bare = double(side) / g.n;
    g.labels = bare >= 11 ? fontMetrics().horizontalAdvance(QStringLiteral("rail1-leaf1/")) : 0;
    if (g.labels > 0) {
        for (int i = 0; i < g.n; ++i)
            g.labels = std::max(
                g.labels,
                fontMetrics().horizontalAdvance(m_model->headerData(i, Qt::Vertical).toString())
                    + 6);
        g.labels = std::min(g.labels, side / 3);
    }
    g.cell = double(side - g.labels) / g.n;
    return g;
}

void PairMatrixView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const Geometry g = geometry();
    if (g.n == 0) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                   tr("No pingmesh yet: start one to see every pair of NICs."));
        return;
    }
    const double x0 = g.labels, y0 = g.labels;
    // Cells.
    for (int r = 0; r < g.n; ++r) {
        for (int c = 0; c < g.n; ++c) {
            const QRectF cell(x0 + c * g.cell, y0 + r * g.cell, g.cell, g.cell);
            if (r == c && m_model->grouping() == PairMatrixModel::Grouping::ByNic) {
                p.fillRect(cell, palette().color(QPalette::Mid));
                continue;
            }
            const QVariant badness = m_model->index(r, c).data(PairMatrixModel::BadnessRole);
            if (!badness.isValid())
                continue;
            p.fillRect(cell.adjusted(0, 0, g.cell > 4 ? -0.5 : 0, g.cell > 4 ? -0.5 : 0),
                       palette::badness(badness.toDouble()));
            if (g.cell >= 36) {
                p.setPen(Qt::black);
                p.drawText(cell, Qt::AlignCenter, m_model->index(r, c).data().toString());
            }
        }
    }
    // Switch boundaries.
    p.setPen(QPen(palette::containerBorder(), 1));
    for (int i = 1; i < g.n; ++i) {
        if (m_model->headerData(i, Qt::Vertical, PairMatrixModel::GroupRole)
            != m_model->headerData(i - 1, Qt::Vertical, PairMatrixModel::GroupRole)) {
            const double at = y0 + i * g.cell;
            p.drawLine(QPointF(x0, at), QPointF(x0 + g.n * g.cell, at));
            p.drawLine(QPointF(x0 + i * g.cell, y0), QPointF(x0 + i * g.cell, y0 + g.n * g.cell));
        }
    }
    // What the verdicts name: its row and its column.
    p.setPen(QPen(palette::suspect(), 2));
    p.setBrush(Qt::NoBrush);
    for (int i = 0; i < g.n; ++i) {
        if (!m_model->headerData(i, Qt::Vertical, PairMatrixModel::SuspectRole).toBool())
            continue;
        p.drawRect(QRectF(x0, y0 + i * g.cell, g.n * g.cell, g.cell));
        p.drawRect(QRectF(x0 + i * g.cell, y0, g.cell, g.n * g.cell));
    }
    // Labels.
    if (g.labels > 0) {
        p.setPen(palette().color(QPalette::Text));
        for (int i = 0; i < g.n; ++i) {
            const QString label = m_model->headerData(i, Qt::Vertical).toString();
            const QRectF row(0, y0 + i * g.cell, g.labels - 4, g.cell);
            p.drawText(row, Qt::AlignRight | Qt::AlignVCenter,
                       fontMetrics().elidedText(label, Qt::ElideLeft, g.labels - 4));
            p.save();
            p.translate(x0 + i * g.cell, y0 - 4);
            p.rotate(-90);
            p.drawText(QRectF(0, 0, g.labels - 4, g.cell), Qt::AlignLeft | Qt::AlignVCenter,
                       fontMetrics().elidedText(label, Qt::ElideLeft, g.labels - 4));
            p.restore();
        }
    }
}

bool PairMatrixView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const Geometry g = geometry();
        if (g.n > 0 && g.cell > 0) {
            const int c = int(std::floor((help->pos().x() - g.labels) / g.cell));
            const int r = int(std::floor((help->pos().y() - g.labels) / g.cell));
            if (r >= 0 && c >= 0 && r < g.n && c < g.n) {
                const QString text = m_model->index(r, c).data(Qt::ToolTipRole).toString();
                if (!text.isEmpty()) {
                    QToolTip::showText(help->globalPos(), text, this);
                    return true;
                }
            }
        }
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    return QWidget::event(event);
}

}  // namespace roce::widgets
