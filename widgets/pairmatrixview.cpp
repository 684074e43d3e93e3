#include "pairmatrixview.h"

#include "live/itemmodels/pairmatrixmodel.h"
#include "palette.h"

#include <QHelpEvent>
#include <QLinearGradient>
#include <QPainter>
#include <QToolTip>

#include <cmath>

namespace roce::widgets {

using models::PairMatrixModel;

namespace {

constexpr int kBar = 10;       ///< height of a colour scale's bar
constexpr int kMinBar = 150;   ///< a scale narrower than this reads as a blob
constexpr int kItemGap = 18;   ///< between legend entries side by side
constexpr int kTickGap = 10;   ///< between a scale's stop labels
constexpr int kLegendGap = 8;  ///< between the matrix and its legend
constexpr int kSwatch = 12;    ///< a key's sample of the mark

}  // namespace

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
    return {560, 640};
}

QSize PairMatrixView::minimumSizeHint() const
{
    // Room for the legend under a matrix that still shows its colours.
    return {260, 320};
}

QFont PairMatrixView::namesFont() const
{
    // A little smaller than the titles: a NIC's full name ("gpu0001/mlx5_0") fits the third of
    // a docked matrix, and more rows get one.
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 0.85);
    return f;
}

int PairMatrixView::labelsWidth(int n, int cap) const
{
    const QFontMetrics fm(namesFont());
    int widest = 0;
    for (int i = 0; i < n; ++i)
        widest = std::max(widest,
                          fm.horizontalAdvance(m_model->headerData(i, Qt::Vertical).toString()));
    return std::min(widest + 6, cap);
}

int PairMatrixView::scaleWidth(const models::PairMatrixModel::Scale &scale) const
{
    // The stops' labels sit under their place on the bar (the first starts there, the last
    // ends there, the others are centred): the bar is long enough that no two touch.
    const QList<PairMatrixModel::ScaleStop> &stops = scale.stops;
    if (stops.size() < 2)
        return 0;
    const double from = stops.first().badness, span = stops.last().badness - from;
    auto extent = [&](qsizetype i, bool right) {
        const double w = fontMetrics().horizontalAdvance(stops[i].label);
        if (i == 0)
            return right ? w : 0.0;
        if (i == stops.size() - 1)
            return right ? 0.0 : w;
        return w / 2;
    };
    double width = 0;
    for (qsizetype i = 0; i + 1 < stops.size(); ++i) {
        const double apart = (stops[i + 1].badness - stops[i].badness) / span;
        if (apart > 0)
            width = std::max(width, (extent(i, true) + extent(i + 1, false) + kTickGap) / apart);
    }
    return int(std::ceil(width));
}

QList<PairMatrixView::LegendItem> PairMatrixView::legendLayout(int width, int *height) const
{
    const QFontMetrics fm = fontMetrics();
    const int line = fm.height();
    QList<LegendItem> items;
    const QList<PairMatrixModel::Scale> scales = m_model->legend();
    for (int s = 0; s < scales.size(); ++s) {
        const int w
            = std::max({fm.horizontalAdvance(scales[s].title), scaleWidth(scales[s]), kMinBar});
        items.append({LegendItem::Kind::Scale, s, {}, QRect(0, 0, w, 2 * line + kBar + 2)});
    }
    const qsizetype firstKey = items.size();
    auto key = [&](LegendItem::Kind kind, const QString &text) {
        items.append({kind, -1, text, QRect(0, 0, kSwatch + 4 + fm.horizontalAdvance(text), line)});
    };
    key(LegendItem::Kind::Blank, tr("not probed"));
    if (m_model->grouping() == PairMatrixModel::Grouping::ByNic)
        key(LegendItem::Kind::Itself, tr("a NIC to itself"));
    key(LegendItem::Kind::Named, tr("named by a verdict"));
    // Left to right, wrapped to the width; the keys start a row of their own.
    int x = 0, y = 0, rowHeight = 0;
    for (qsizetype i = 0; i < items.size(); ++i) {
        QRect &r = items[i].rect;
        if (x > 0 && (x + r.width() > width || i == firstKey)) {
            x = 0;
            y += rowHeight + 4;
            rowHeight = 0;
        }
        r.moveTo(x, y);
        x += r.width() + kItemGap;
        rowHeight = std::max(rowHeight, r.height());
    }
    *height = y + rowHeight;
    return items;
}

PairMatrixView::Geometry PairMatrixView::geometry() const
{
    // The legend under the matrix or beside it, whichever leaves the larger cells: a dock
    // wider than tall has room at the side.
    const Geometry below = layout(false), beside = layout(true);
    return beside.cell > below.cell ? beside : below;
}

PairMatrixView::Geometry PairMatrixView::layout(bool legendBeside) const
{
    Geometry g;
    g.n = m_model->rowCount();
    if (g.n == 0)
        return g;
    const int line = fontMetrics().height();
    g.title = line + 4;
    int legendHeight = 0;
    // Beside: one entry under the other (a width of 0 wraps each to a row of its own).
    g.legend = legendLayout(legendBeside ? 0 : width(), &legendHeight);
    int legendWidth = 0;
    for (const LegendItem &item : std::as_const(g.legend))
        legendWidth = std::max(legendWidth, item.rect.width());
    const int roomWidth = width() - (legendBeside ? legendWidth + kLegendGap : 0);
    const int roomHeight = height() - (legendBeside ? 0 : legendHeight + kLegendGap);
    // Names take at most a third of the room: long ones are elided, not the cells squeezed.
    g.labels = labelsWidth(g.n, std::max(0, std::min(roomWidth, roomHeight) / 3));
    const int side
        = std::max(0, std::min(roomWidth - g.title - g.labels, roomHeight - g.title - g.labels));
    g.cell = double(side) / g.n;
    // Cells lower than a line of text name every step-th row and column.
    const int nameLine = QFontMetrics(namesFont()).height();
    g.step = g.cell >= nameLine ? 1 : int(std::ceil(nameLine / std::max(g.cell, 0.01)));
    const QPoint legendAt = legendBeside ? QPoint(int(g.x0()) + side + kLegendGap, int(g.y0()))
                                         : QPoint(0, int(g.y0()) + side + kLegendGap);
    for (LegendItem &item : g.legend)
        item.rect.translate(legendAt);
    return g;
}

QString PairMatrixView::axisTitle(Qt::Orientation orientation) const
{
    if (m_model->rowCount() == 0)
        return {};
    const bool byNic = m_model->grouping() == PairMatrixModel::Grouping::ByNic;
    if (orientation == Qt::Vertical)
        return byNic ? tr("Source NIC (sends)") : tr("Source switch (sends)");
    return byNic ? tr("Destination NIC (answers)") : tr("Destination switch (answers)");
}

QStringList PairMatrixView::axisLabels(Qt::Orientation orientation) const
{
    const Geometry g = geometry();
    QStringList out;
    for (int i = 0; i < g.n; ++i)
        out.append(g.labels > 0 && i % g.step == 0 ? m_model->headerData(i, orientation).toString()
                                                   : QString());
    return out;
}

QStringList PairMatrixView::legendText() const
{
    if (m_model->rowCount() == 0)
        return {};
    QStringList out;
    const QList<PairMatrixModel::Scale> scales = m_model->legend();
    int height = 0;
    for (const LegendItem &item : legendLayout(width(), &height)) {
        if (item.kind != LegendItem::Kind::Scale) {
            out.append(item.text);
            continue;
        }
        out.append(scales[item.scale].title);
        for (const PairMatrixModel::ScaleStop &stop : scales[item.scale].stops)
            out.append(stop.label);
    }
    return out;
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
    paintCells(p, g);
    paintMarks(p, g);
    paintAxes(p, g);
    paintLegend(p, g);
}

void PairMatrixView::paintCells(QPainter &p, const Geometry &g) const
{
    for (int r = 0; r < g.n; ++r) {
        for (int c = 0; c < g.n; ++c) {
            const QRectF cell(g.x0() + c * g.cell, g.y0() + r * g.cell, g.cell, g.cell);
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
}

void PairMatrixView::paintMarks(QPainter &p, const Geometry &g) const
{
    const double x0 = g.x0(), y0 = g.y0(), side = g.n * g.cell;
    // Switch boundaries.
    p.setPen(QPen(palette::containerBorder(), 1));
    for (int i = 1; i < g.n; ++i) {
        if (m_model->headerData(i, Qt::Vertical, PairMatrixModel::GroupRole)
            != m_model->headerData(i - 1, Qt::Vertical, PairMatrixModel::GroupRole)) {
            const double at = i * g.cell;
            p.drawLine(QPointF(x0, y0 + at), QPointF(x0 + side, y0 + at));
            p.drawLine(QPointF(x0 + at, y0), QPointF(x0 + at, y0 + side));
        }
    }
    // What the verdicts name: its row and its column.
    p.setPen(QPen(palette::suspect(), 2));
    p.setBrush(Qt::NoBrush);
    for (int i = 0; i < g.n; ++i) {
        if (!m_model->headerData(i, Qt::Vertical, PairMatrixModel::SuspectRole).toBool())
            continue;
        p.drawRect(QRectF(x0, y0 + i * g.cell, side, g.cell));
        p.drawRect(QRectF(x0 + i * g.cell, y0, g.cell, side));
    }
}

void PairMatrixView::paintAxes(QPainter &p, const Geometry &g) const
{
    const QFontMetrics fm = fontMetrics();
    const double x0 = g.x0(), y0 = g.y0(), side = g.n * g.cell;
    p.setPen(palette().color(QPalette::Text));
    // Titles: the destinations over the columns, the sources up the left edge.
    const QString columns = axisTitle(Qt::Horizontal), rows = axisTitle(Qt::Vertical);
    p.drawText(QRectF(x0, 0, side, g.title), Qt::AlignCenter,
               fm.elidedText(columns, Qt::ElideRight, int(side)));
    p.save();
    p.translate(0, y0 + side / 2);
    p.rotate(-90);
    p.drawText(QRectF(-side / 2, 0, side, g.title), Qt::AlignCenter,
               fm.elidedText(rows, Qt::ElideRight, int(side)));
    p.restore();
    if (g.labels <= 4)
        return;
    // Names, centred on their row or column; the host (or switch) first, so elided at the end.
    p.setFont(namesFont());
    const QFontMetrics names(p.font());
    const int room = g.labels - 4;
    const double line = names.height();
    for (int i = 0; i < g.n; i += g.step) {
        const QString label = names.elidedText(m_model->headerData(i, Qt::Vertical).toString(),
                                               Qt::ElideRight, room);
        const double middle = (i + 0.5) * g.cell;
        p.drawText(QRectF(g.title, y0 + middle - line / 2, room, line),
                   Qt::AlignRight | Qt::AlignVCenter, label);
        p.save();
        p.translate(x0 + middle, y0 - 4);
        p.rotate(-90);
        p.drawText(QRectF(0, -line / 2, room, line), Qt::AlignLeft | Qt::AlignVCenter, label);
        p.restore();
    }
    p.setFont(font());
}

void PairMatrixView::paintLegend(QPainter &p, const Geometry &g) const
{
    for (const LegendItem &item : g.legend) {
        if (item.kind == LegendItem::Kind::Scale)
            paintScale(p, item);
        else
            paintKey(p, item);
    }
}

void PairMatrixView::paintScale(QPainter &p, const LegendItem &item) const
{
    const PairMatrixModel::Scale scale = m_model->legend().value(item.scale);
    if (scale.stops.size() < 2)
        return;
    const QFontMetrics fm = fontMetrics();
    const QRect &r = item.rect;
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRect(r.left(), r.top(), r.width(), fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
               scale.title);
    // The colours the cells take between the first stop and the last.
    const QRectF bar(r.left(), r.top() + fm.height() + 1, r.width(), kBar);
    const double from = scale.stops.first().badness, to = scale.stops.last().badness;
    QLinearGradient gradient(bar.topLeft(), bar.topRight());
    for (int k = 0; k <= 8; ++k)
        gradient.setColorAt(k / 8.0, palette::badness(from + (to - from) * k / 8.0));
    p.fillRect(bar, gradient);
    const double labelTop = bar.bottom() + 1;
    for (qsizetype i = 0; i < scale.stops.size(); ++i) {
        const double at = bar.left() + (scale.stops[i].badness - from) / (to - from) * bar.width();
        const int w = fm.horizontalAdvance(scale.stops[i].label);
        const double left = i == 0        ? bar.left()
            : i == scale.stops.size() - 1 ? bar.right() - w
                                          : at - w / 2.0;
        p.drawLine(QPointF(at, bar.bottom() - 3), QPointF(at, bar.bottom()));
        p.drawText(QRectF(left, labelTop, w, fm.height()), Qt::AlignCenter, scale.stops[i].label);
    }
}

void PairMatrixView::paintKey(QPainter &p, const LegendItem &item) const
{
    const QRect &r = item.rect;
    const QRectF swatch(r.left() + 0.5, r.center().y() - kSwatch / 2.0 + 0.5, kSwatch - 1,
                        kSwatch - 1);
    switch (item.kind) {
    case LegendItem::Kind::Blank:
        p.setPen(QPen(palette().color(QPalette::Mid), 1));
        p.setBrush(palette().base());
        break;
    case LegendItem::Kind::Itself:
        p.setPen(Qt::NoPen);
        p.setBrush(palette().color(QPalette::Mid));
        break;
    default:
        p.setPen(QPen(palette::suspect(), 2));
        p.setBrush(Qt::NoBrush);
        break;
    }
    p.drawRect(swatch);
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRect(r.left() + kSwatch + 4, r.top(), r.width() - kSwatch - 4, r.height()),
               Qt::AlignLeft | Qt::AlignVCenter, item.text);
}

bool PairMatrixView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const Geometry g = geometry();
        if (g.n > 0 && g.cell > 0) {
            const int c = int(std::floor((help->pos().x() - g.x0()) / g.cell));
            const int r = int(std::floor((help->pos().y() - g.y0()) / g.cell));
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
