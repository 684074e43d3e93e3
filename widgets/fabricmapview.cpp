#include "fabricmapview.h"

#include "linemesh.h"
#include "live/itemmodels/porttablemodel.h"
#include "palette.h"
#include "proto/datamodel/porthighlights.h"

#include <QContextMenuEvent>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QStaticText>
#include <QStyleOptionGraphicsItem>
#include <QTimer>
#include <QToolTip>
#include <QWheelEvent>

#include <utility>

#include <algorithm>
#include <cmath>

namespace roce::widgets {

namespace {

constexpr double kMinZoom = 0.05;
constexpr double kMaxZoom = 12.0;

/// What a port's row says, most urgent first.
QColor stateColor(const model::PortSample *row)
{
    if (!row)
        return palette::noData();
    if (row->state == QLatin1String("down"))
        return palette::down();
    // Every metric the table marks as a drop: MMU, egress, watchdog, NIC discards, errors.
    if (model::highlightedSum(*row, model::Highlight::Drop) > 0)
        return palette::drop();
    if (row->value(model::Metric::RxPause).value_or(0) > 0
        || row->value(model::Metric::TxPause).value_or(0) > 0)
        return palette::pause();
    if (!row->value(model::Metric::InUtil) && !row->value(model::Metric::OutUtil))
        return palette::noData();
    return palette::utilization(std::max(row->value(model::Metric::InUtil).value_or(0),
                                         row->value(model::Metric::OutUtil).value_or(0))
                                / 100.0);
}

/// How urgent what a row says is (the order stateColor() picks colours in): down, drops,
/// pauses, load, nothing.
int urgency(const model::PortSample *row)
{
    if (!row)
        return 0;
    if (row->state == QLatin1String("down"))
        return 4;
    if (model::highlightedSum(*row, model::Highlight::Drop) > 0)
        return 3;
    if (row->value(model::Metric::RxPause).value_or(0) > 0
        || row->value(model::Metric::TxPause).value_or(0) > 0)
        return 2;
    return row->value(model::Metric::InUtil) || row->value(model::Metric::OutUtil) ? 1 : 0;
}

QString number(const std::optional<double> &v, int decimals = 0)
{
    return v ? QString::number(*v, 'f', decimals) : QStringLiteral("–");
}

}  // namespace

/// Paints the whole map; only what intersects the exposed rectangle, with labels sized to the
/// zoom so that they are legible or left out.
class FabricMapItem : public QGraphicsItem
{
public:
    explicit FabricMapItem(FabricMapView *view) : m_view(view) { }
    QRectF boundingRect() const override
    {
        return m_view->m_geometry.bounds.adjusted(-4, -4, 4, 4);
    }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) override;
    void aboutToMove() { prepareGeometryChange(); }

private:
    /// What every step of one paint() reads, worked out once for the frame.
    struct Frame {
        const models::LayeredLayout &g;
        const models::LeafSpineFabric &f;
        QRectF exposed;
        double lod;  ///< screen pixels per scene unit
    };

    void drawLabel(QPainter *p, const QRectF &r, const QString &text, double pixelSize, double lod,
                   Qt::Alignment align, const QColor &color) const;
    void paintSpineLeafLinks(QPainter &painter, const Frame &frame) const;
    void paintSpines(QPainter &painter, const Frame &frame) const;
    void paintGroupTitles(QPainter &painter, const Frame &frame) const;
    void paintLeaves(QPainter &painter, const Frame &frame) const;
    void paintCells(QPainter &painter, const Frame &frame) const;
    void paintCnpChains(QPainter &painter, const Frame &frame) const;
    void paintDiagnosisAndSelection(QPainter &painter, const Frame &frame) const;
    void paintSearchResults(QPainter &painter, const Frame &frame) const;
    FabricMapView *m_view;
    mutable QImage m_linkLayer;  ///< a dense mesh of links, drawn by drawLineMesh
    /// Labels laid out once, by font size (scene pixels) and text.
    mutable QHash<std::pair<int, QString>, QStaticText> m_labels;
};

namespace {
/// Labels kept laid out (see drawLabel): every cell's label, host and leaf of a 1,024-host
/// fabric (about 9,000) at a few zoom levels.
constexpr qsizetype kMaxLaidOutLabels = 40'000;
}  // namespace

void FabricMapItem::drawLabel(QPainter *p, const QRectF &r, const QString &text, double pixelSize,
                              double lod, Qt::Alignment align, const QColor &color) const
{
    // Most labels of a frame share a size: the font is changed only when it differs (a font
    // change resolves the font engine again; 300 of them were a third of a 1,024-host frame).
    const int size = std::max(1, static_cast<int>(std::lround(pixelSize / lod)));
    if (p->font().pixelSize() != size) {
        QFont f = p->font();
        f.setPixelSize(size);
        p->setFont(f);
    }
    if (p->pen().color() != color || p->pen().style() != Qt::SolidLine)
        p->setPen(color);
    // Laid out once, drawn many times: drawText() lays a label out at every call, which was
    // two fifths of a zoomed frame's thousand cell labels. One line, as TextSingleLine draws.
    auto label = m_labels.find({size, text});
    if (label == m_labels.end()) {
        // Each zoom level has its sizes: kept to a few levels' worth of every label.
        if (m_labels.size() >= kMaxLaidOutLabels)
            m_labels.clear();
        QStaticText laid(QString(text).replace(QLatin1Char('\n'), QLatin1Char(' ')));
        laid.setTextFormat(Qt::PlainText);
        laid.prepare(QTransform(), p->font());  // measured in this font (scene units)
        label = m_labels.insert({size, text}, laid);
    }
    const QSizeF extent = label->size();
    if (extent.width() > r.width() || extent.height() > r.height() + 0.5) {
        p->drawText(r, align | Qt::TextSingleLine, text);  // clipped to its room, as it was
        return;
    }
    double x = r.left(), y = r.top();
    if (align & Qt::AlignHCenter)
        x = r.center().x() - extent.width() / 2;
    else if (align & Qt::AlignRight)
        x = r.right() - extent.width();
    if (align & Qt::AlignVCenter)
        y = r.center().y() - extent.height() / 2;
    else if (align & Qt::AlignBottom)
        y = r.bottom() - extent.height();
    p->drawStaticText(QPointF(x, y), *label);
}

void FabricMapItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const Frame frame {m_view->m_geometry, m_view->m_fabric, option->exposedRect,
                       option->levelOfDetailFromTransform(painter->worldTransform())};
    painter->setRenderHint(QPainter::Antialiasing, false);

    // Spine-leaf links first, under everything; the search results last, on top.
    paintSpineLeafLinks(*painter, frame);
    paintSpines(*painter, frame);
    paintGroupTitles(*painter, frame);
    paintLeaves(*painter, frame);
    paintCells(*painter, frame);
    paintCnpChains(*painter, frame);
    paintDiagnosisAndSelection(*painter, frame);
    paintSearchResults(*painter, frame);
}

// Each leaf's uplink to its spine, coloured as its uplink strip (down, drops, pauses, then
// utilization).
namespace {
/// Uplinks drawn smoothed up to this many (see paintSpineLeafLinks).
constexpr qsizetype kSmoothLinksUpTo = 512;
}  // namespace

void FabricMapItem::paintSpineLeafLinks(QPainter &painter, const Frame &frame) const
{
    const models::LayeredLayout &g = frame.g;
    if (g.spines.isEmpty())
        return;
    // One pixel wide, in device pixels: a 1.2 px cosmetic pen under the view's transform is
    // stroked as a path line by line, and the 4,096 uplinks of 1,024 hosts took 80 of a
    // frame's 96 ms at fit. In device pixels QPainter took 12; a mesh that dense is now
    // drawn by drawLineMesh (a few ms), a sparse one smoothed by QPainter.
    QList<ColouredLines> byColour;  // in the order the colours first appear
    QHash<QRgb, qsizetype> colourAt;
    for (int l = 0; l < g.leaves.size(); ++l) {
        const QList<int> &ups = m_view->m_leafUplinks.at(l);
        const QRectF &b = g.leaves.at(l);
        const double w = ups.isEmpty() ? 0 : (b.width() - 2) / ups.size();
        for (int u = 0; u < ups.size(); ++u) {
            const int spine = frame.f.uplinks.at(ups.at(u)).spine;
            if (spine < 0 || spine >= g.spines.size())
                continue;
            const QPointF from(b.left() + 1 + (u + 0.5) * w, b.top() + 14);
            const QPointF to
                = g.spines.at(spine).center() + QPointF(0, g.spines.at(spine).height() / 2);
            if (!QRectF(from, to).normalized().intersects(frame.exposed))
                continue;
            const QRgb colour = m_view->m_uplinkColors.value(ups.at(u), palette::noData()).rgba();
            auto at = colourAt.constFind(colour);
            if (at == colourAt.constEnd()) {
                at = colourAt.insert(colour, byColour.size());
                byColour.append(ColouredLines(colour, {}));
            }
            byColour[*at].second.append(QLineF(from, to));
        }
    }
    // Smoothed while there are few; a mesh of thousands is a mesh either way.
    qsizetype count = 0;
    for (const auto &[colour, lines] : std::as_const(byColour))
        count += lines.size();
    const bool dense = count > kSmoothLinksUpTo;
    const qreal dpr = painter.device()->devicePixelRatioF();
    const QTransform toDevice = painter.worldTransform() * QTransform::fromScale(dpr, dpr);
    for (auto &[colour, lines] : byColour) {
        for (QLineF &line : lines)
            line = toDevice.map(line);
    }
    painter.save();
    painter.resetTransform();
    if (dense) {
        // Into a layer of the device's size, each pixel written once, then laid over.
        const QSize size(int(std::ceil(painter.device()->width() * dpr)),
                         int(std::ceil(painter.device()->height() * dpr)));
        if (m_linkLayer.size() != size)
            m_linkLayer = QImage(size, QImage::Format_ARGB32_Premultiplied);
        m_linkLayer.setDevicePixelRatio(1);
        m_linkLayer.fill(Qt::transparent);
        drawLineMesh(m_linkLayer, byColour);
        m_linkLayer.setDevicePixelRatio(dpr);
        painter.drawImage(QPointF(0, 0), m_linkLayer);
    } else {
        painter.setRenderHint(QPainter::Antialiasing, true);
        painter.scale(1 / dpr, 1 / dpr);
        for (const auto &[colour, lines] : std::as_const(byColour)) {
            painter.setPen(QPen(QColor::fromRgba(colour), 0));
            painter.drawLines(lines);
        }
    }
    painter.restore();
}

// Spines, with their names once there is room for them.
void FabricMapItem::paintSpines(QPainter &painter, const Frame &frame) const
{
    const models::LayeredLayout &g = frame.g;
    const models::LeafSpineFabric &f = frame.f;
    const double lod = frame.lod;
    for (int s = 0; s < g.spines.size(); ++s) {
        const QRectF &r = g.spines.at(s);
        if (!r.intersects(frame.exposed))
            continue;
        painter.setPen(QPen(palette::outline(), 0));
        painter.setBrush(m_view->m_spineColors.value(s, palette::noData()));
        painter.drawRect(r);
        if (r.width() * lod >= 40)
            drawLabel(&painter, r, f.spines.at(s).name,
                      std::min({12.0, r.height() * lod - 3,
                                r.width() * lod / (0.62 * double(f.spines.at(s).name.size()))}),
                      lod, Qt::AlignCenter, Qt::black);
    }
}

// Group titles at a constant 13 px on screen: always readable, whatever the zoom.
void FabricMapItem::paintGroupTitles(QPainter &painter, const Frame &frame) const
{
    const models::LayeredLayout &g = frame.g;
    for (int p = 0; p < g.panels.size(); ++p) {
        const QRectF &r = g.panels.at(p);
        if (!r.intersects(frame.exposed))
            continue;
        const QRectF title(r.left(), r.top(), r.width(), g.groupTitleHeight);
        drawLabel(&painter, title, g.panelTitles.at(p),
                  std::min(13.0, g.groupTitleHeight * frame.lod - 1), frame.lod,
                  Qt::AlignLeft | Qt::AlignVCenter, palette::titleText());
    }
}

// Leaves: block, title (when legible), uplink strip.
void FabricMapItem::paintLeaves(QPainter &painter, const Frame &frame) const
{
    const models::LayeredLayout &g = frame.g;
    const double titleScreen = 14 * frame.lod;
    for (int l = 0; l < g.leaves.size(); ++l) {
        const QRectF &b = g.leaves.at(l);
        if (!b.intersects(frame.exposed))
            continue;
        painter.setPen(QPen(palette::containerBorder(), 0));
        painter.setBrush(palette::containerFill());
        painter.drawRect(b);
        if (titleScreen >= 9)
            drawLabel(&painter, QRectF(b.left() + 2, b.top(), b.width() - 4, 14),
                      frame.f.leaves.at(l).name, std::min(11.0, titleScreen - 2), frame.lod,
                      Qt::AlignLeft | Qt::AlignVCenter, palette::subtitleText());
        const QList<int> &ups = m_view->m_leafUplinks.at(l);
        if (!ups.isEmpty()) {
            const double w = (b.width() - 2) / ups.size();
            for (int u = 0; u < ups.size(); ++u)
                painter.fillRect(QRectF(b.left() + 1 + u * w, b.top() + 14, w, 4),
                                 m_view->m_uplinkColors.value(ups.at(u), palette::noData()));
        }
    }
}

// The leaves' cells: colour, ECN outline and host label, each once the zoom makes room.
void FabricMapItem::paintCells(QPainter &painter, const Frame &frame) const
{
    const models::LayeredLayout &g = frame.g;
    const models::LeafSpineFabric &f = frame.f;
    const double lod = frame.lod;
    const bool ecnOutlines = g.cells.isEmpty() ? false : g.cells.first().width() * lod >= 5;
    const bool hostLabels = g.cells.isEmpty() ? false : g.cells.first().width() * lod >= 46;
    // Short names (the server's number) as soon as they fit.
    const bool shortLabels = g.cells.isEmpty() ? false : g.cells.first().width() * lod >= 22;
    for (int n = 0; n < g.cells.size(); ++n) {
        const QRectF &c = g.cells.at(n);
        if (!c.intersects(frame.exposed))
            continue;
        painter.fillRect(c, m_view->m_cellColors.value(n, palette::noData()));
        if (ecnOutlines && m_view->m_cellEcn.value(n)) {
            painter.setPen(QPen(palette::ecn(), 1.5 / lod));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(c.adjusted(0.5 / lod, 0.5 / lod, -0.5 / lod, -0.5 / lod));
        }
        if (hostLabels) {
            const auto &nic = f.nics.at(n);
            drawLabel(&painter, c.adjusted(1 / lod, 0, -1 / lod, 0),
                      f.hosts.at(nic.host) + QLatin1Char('\n')
                          + nic.nicRow.section(QLatin1Char('/'), 1),
                      8, lod, Qt::AlignCenter, Qt::black);
        } else if (shortLabels) {
            // "gpu0007" -> "0007": the number tells servers apart under one leaf.
            const QString host = f.hosts.at(f.nics.at(n).host);
            int digits = int(host.size());
            while (digits > 0 && host.at(digits - 1).isDigit())
                --digits;
            drawLabel(&painter, c.adjusted(1 / lod, 0, -1 / lod, 0),
                      digits < host.size() ? host.mid(digits) : host, 7, lod, Qt::AlignCenter,
                      Qt::black);
        }
    }
}

// CNP chains: dashed violet lines from the CNP sender's cell to each rate-cutting sender.
void FabricMapItem::paintCnpChains(QPainter &painter, const Frame &frame) const
{
    if (m_view->m_chains.isEmpty())
        return;
    QPen pen(palette::ecn(), 1.5);
    pen.setStyle(Qt::DashLine);
    pen.setCosmetic(true);
    painter.setPen(pen);
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (const auto &[rx, tx] : m_view->m_chains)
        painter.drawLine(frame.g.cells.at(rx).center(), frame.g.cells.at(tx).center());
    painter.setRenderHint(QPainter::Antialiasing, false);
}

// The diagnosis: the cause outlined heavy, the victims dashed in the pause colour; then the
// selection. Cosmetic pens: they show at any zoom.
void FabricMapItem::paintDiagnosisAndSelection(QPainter &painter, const Frame &frame) const
{
    const models::LayeredLayout &g = frame.g;
    const double grow = 1.5 / frame.lod;
    painter.setBrush(Qt::NoBrush);
    QPen victim(palette::pause(), 2, Qt::DashLine);
    victim.setCosmetic(true);
    painter.setPen(victim);
    for (int n : m_view->m_victimCells)
        painter.drawRect(g.cells.at(n).adjusted(-grow, -grow, grow, grow));
    QPen root(palette::rootCause(), 3.5);
    root.setCosmetic(true);
    painter.setPen(root);
    for (int n : m_view->m_rootCells)
        painter.drawRect(g.cells.at(n).adjusted(-2 * grow, -2 * grow, 2 * grow, 2 * grow));
    for (int l : m_view->m_rootLeaves)
        painter.drawRect(g.leaves.at(l).adjusted(-grow, -grow, grow, grow));
    for (int s : m_view->m_rootSpines)
        painter.drawRect(g.spines.at(s).adjusted(-grow, -grow, grow, grow));
    QPen selected(palette::selection(), 3);
    selected.setCosmetic(true);
    painter.setPen(selected);
    if (m_view->m_selectedCell >= 0)
        painter.drawRect(
            g.cells.at(m_view->m_selectedCell).adjusted(-3 * grow, -3 * grow, 3 * grow, 3 * grow));
    if (m_view->m_selectedLeaf >= 0)
        painter.drawRect(
            g.leaves.at(m_view->m_selectedLeaf).adjusted(-2 * grow, -2 * grow, 2 * grow, 2 * grow));
    if (m_view->m_selectedSpine >= 0)
        painter.drawRect(g.spines.at(m_view->m_selectedSpine)
                             .adjusted(-2 * grow, -2 * grow, 2 * grow, 2 * grow));
}

// Search results on top, with a cosmetic pen so they show at any zoom.
void FabricMapItem::paintSearchResults(QPainter &painter, const Frame &frame) const
{
    if (m_view->m_highlightCells.isEmpty() && m_view->m_highlightLeaves.isEmpty()
        && m_view->m_highlightSpines.isEmpty())
        return;
    const models::LayeredLayout &g = frame.g;
    painter.setPen(QPen(palette::highlight(), 3));
    painter.setBrush(Qt::NoBrush);
    const double grow = 2 / frame.lod;
    for (int n : m_view->m_highlightCells)
        painter.drawRect(g.cells.at(n).adjusted(-grow, -grow, grow, grow));
    for (int l : m_view->m_highlightLeaves)
        painter.drawRect(g.leaves.at(l).adjusted(-grow, -grow, grow, grow));
    for (int s : m_view->m_highlightSpines)
        painter.drawRect(g.spines.at(s).adjusted(-grow, -grow, grow, grow));
}

FabricMapView::FabricMapView(const models::PortTableModel *rates, QWidget *parent)
    : QGraphicsView(parent), m_rates(rates), m_refreshSoon(new QTimer(this))
{
    setObjectName(QStringLiteral("fabricMapView"));
    setScene(new QGraphicsScene(this));
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setViewportUpdateMode(QGraphicsView::MinimalViewportUpdate);
    setOptimizationFlags(QGraphicsView::DontSavePainterState);
    setBackgroundBrush(Qt::white);
    setMouseTracking(true);
    m_refreshSoon->setSingleShot(true);
    // Coalesces the row updates of one hub tick (one per source) into one redraw after it;
    // no longer than that, so that a replay's 30 frames a second each reach the screen.
    m_refreshSoon->setInterval(0);
    connect(m_refreshSoon, &QTimer::timeout, this, &FabricMapView::refresh);
    if (rates) {
        const auto soon = [this] {
            if (!m_refreshSoon->isActive())
                m_refreshSoon->start();
        };
        const auto moved = [this, soon] {
            m_rows.valid = false;
            soon();
        };
        connect(rates, &QAbstractItemModel::dataChanged, this, soon);
        connect(rates, &QAbstractItemModel::rowsInserted, this, moved);
        connect(rates, &QAbstractItemModel::rowsRemoved, this, moved);
        connect(rates, &QAbstractItemModel::modelReset, this, moved);
        connect(rates, &QAbstractItemModel::layoutChanged, this, moved);
    }
}

void FabricMapView::relayout()
{
    models::LayeredLayout::Options options;
    if (viewport()->width() > 200 && viewport()->height() > 200)
        options.viewport = viewport()->size();
    m_layoutViewport = options.viewport;
    if (m_item)
        m_item->aboutToMove();  // before the geometry its bounding rect reads changes
    m_geometry = models::LayeredLayout::compute(m_fabric, options);
    if (m_item)
        m_item->update();
    scene()->setSceneRect(m_geometry.bounds.adjusted(-10, -20, 10, 10));
}

void FabricMapView::setFabric(const models::LeafSpineFabric &fabric)
{
    m_fabric = fabric;
    m_rows.valid = false;
    m_item = nullptr;
    relayout();
    m_leafUplinks = QList<QList<int>>(fabric.leaves.size());
    for (int u = 0; u < fabric.uplinks.size(); ++u)
        m_leafUplinks[fabric.uplinks.at(u).leaf].append(u);
    m_highlightCells.clear();
    m_highlightLeaves.clear();
    m_highlightSpines.clear();
    // Indexes of the old fabric mean nothing in the new one: marks are found again.
    const QString selected = std::exchange(m_selectedRow, QString());
    m_selectedCell = m_selectedLeaf = m_selectedSpine = -1;
    m_rootCells.clear();
    m_victimCells.clear();
    m_rootLeaves.clear();
    m_rootSpines.clear();
    scene()->clear();
    m_item = new FabricMapItem(this);
    scene()->addItem(m_item);
    m_userZoomed = false;
    refresh();
    fitAll();
    QList<int> leaves, spines;
    locate(m_rootIds, &m_rootCells, &m_rootLeaves, &m_rootSpines);
    locate(m_victimIds, &m_victimCells, &leaves, &spines);
    if (!selected.isEmpty())
        setSelectedPort(selected);
}

void FabricMapView::resolveRows()
{
    const auto rowOf = [this](const QString &name) { return m_rates ? m_rates->rowOf(name) : -1; };
    m_rows.nicOwn.resize(m_fabric.nics.size());
    m_rows.nicLeaf.resize(m_fabric.nics.size());
    for (int n = 0; n < m_fabric.nics.size(); ++n) {
        m_rows.nicOwn[n] = rowOf(m_fabric.nics.at(n).nicRow);
        m_rows.nicLeaf[n] = rowOf(m_fabric.nics.at(n).leafPortRow);
    }
    m_rows.upLeaf.resize(m_fabric.uplinks.size());
    m_rows.upSpine.resize(m_fabric.uplinks.size());
    for (int u = 0; u < m_fabric.uplinks.size(); ++u) {
        m_rows.upLeaf[u] = rowOf(m_fabric.uplinks.at(u).leafPortRow);
        m_rows.upSpine[u] = rowOf(m_fabric.uplinks.at(u).spinePortRow);
    }
    m_rows.valid = true;
}

void FabricMapView::refresh()
{
    if (!m_rows.valid)
        resolveRows();
    const auto at = [this](int r) { return r >= 0 ? &m_rates->sampleAt(r) : nullptr; };
    // One pass over the NICs: the cell (the more urgent of the leaf port's and the NIC's
    // views) and, from the
    // NIC's own row, its part in the ECN -> CNP -> rate-cut chain: the NICs that send CNPs
    // (their receive side sees CE marks) and those that handle them (they slow down).
    m_cellColors.resize(m_fabric.nics.size());
    m_cellEcn.resize(m_fabric.nics.size());
    QList<int> receivers, senders;
    for (int n = 0; n < m_fabric.nics.size(); ++n) {
        const model::PortSample *own = at(m_rows.nicOwn.at(n));
        const model::PortSample *r = at(m_rows.nicLeaf.at(n));
        // The leaf port's view, unless the NIC's own row says something more urgent (its
        // buffer discards, its link down): a cell hides no fault either end sees.
        if (urgency(own) > urgency(r))
            r = own;
        m_cellColors[n] = stateColor(r);
        m_cellEcn[n] = r && r->value(model::Metric::Ecn).value_or(0) > 0;
        if (own && own->value(model::Metric::CnpSent).value_or(0) > 0)
            receivers.append(n);
        if (own && own->value(model::Metric::CnpHandled).value_or(0) > 0)
            senders.append(n);
    }
    // Counters cannot say who answers whom, so every receiver is joined to every sender, as
    // on the single-switch map; beyond 64 lines that is a hairball, and the cells' ECN
    // outlines say it better.
    m_chains.clear();
    if (!receivers.isEmpty() && receivers.size() * senders.size() <= 64)
        for (int rx : std::as_const(receivers))
            for (int tx : std::as_const(senders))
                if (rx != tx)
                    m_chains.append({rx, tx});
    m_uplinkColors.resize(m_fabric.uplinks.size());
    m_spineColors = QList<QColor>(m_fabric.spines.size(), palette::noData());
    QList<double> spineUtil(m_fabric.spines.size(), -1);
    for (int u = 0; u < m_fabric.uplinks.size(); ++u) {
        const auto &up = m_fabric.uplinks.at(u);
        const model::PortSample *r = at(m_rows.upLeaf.at(u));
        m_uplinkColors[u] = stateColor(r);
        if (const model::PortSample *s = at(m_rows.upSpine.at(u))) {
            const QColor c = stateColor(s);
            // A spine shows its worst port: drops and pauses win over utilization.
            if (c == palette::drop()
                || (c == palette::pause() && m_spineColors[up.spine] != palette::drop())) {
                m_spineColors[up.spine] = c;
                spineUtil[up.spine] = 1000;
            } else if (spineUtil[up.spine] < 1000) {
                const double util = std::max(s->value(model::Metric::InUtil).value_or(0),
                                             s->value(model::Metric::OutUtil).value_or(0));
                if (util > spineUtil[up.spine]) {
                    spineUtil[up.spine] = util;
                    m_spineColors[up.spine] = c;
                }
            }
        }
    }
    if (m_item)
        m_item->update();
}

void FabricMapView::locate(const QStringList &ids, QList<int> *cells, QList<int> *leaves,
                           QList<int> *spines) const
{
    for (const QString &id : ids) {
        for (int n = 0; n < m_fabric.nics.size(); ++n) {
            const auto &nic = m_fabric.nics.at(n);
            if (nic.nicRow == id || nic.leafPortRow == id)
                cells->append(n);
        }
        for (int l = 0; l < m_fabric.leaves.size(); ++l) {
            if (m_fabric.leaves.at(l).name == id)
                leaves->append(l);
        }
        for (int s = 0; s < m_fabric.spines.size(); ++s) {
            if (m_fabric.spines.at(s).name == id)
                spines->append(s);
        }
        // An uplink names its leaf (the map draws uplinks as the leaf's strip).
        for (const auto &up : m_fabric.uplinks) {
            if ((up.leafPortRow == id || up.spinePortRow == id) && up.leaf >= 0)
                leaves->append(up.leaf);
        }
    }
}

void FabricMapView::setFindings(const QList<diagnosis::Finding> &findings)
{
    m_rootIds.clear();
    m_victimIds.clear();
    for (const diagnosis::Finding &f : findings) {
        if (!f.active || f.severity == diagnosis::Severity::Info)
            continue;
        m_rootIds.append(f.location);
        m_victimIds += f.victims;
    }
    m_rootCells.clear();
    m_victimCells.clear();
    m_rootLeaves.clear();
    m_rootSpines.clear();
    QList<int> ignoredLeaves, ignoredSpines;
    locate(m_rootIds, &m_rootCells, &m_rootLeaves, &m_rootSpines);
    locate(m_victimIds, &m_victimCells, &ignoredLeaves, &ignoredSpines);
    if (m_item)
        m_item->update();
}

void FabricMapView::setSelectedPort(const QString &row)
{
    if (row == m_selectedRow)
        return;
    m_selectedRow = row;
    QList<int> cells, leaves, spines;
    locate({row}, &cells, &leaves, &spines);
    m_selectedCell = cells.value(0, -1);
    m_selectedLeaf = m_selectedCell < 0 ? leaves.value(0, -1) : -1;
    m_selectedSpine = m_selectedCell < 0 && m_selectedLeaf < 0 ? spines.value(0, -1) : -1;
    if (m_selectedCell >= 0)
        ensureVisible(m_geometry.cells.at(m_selectedCell), 40, 40);
    if (m_item)
        m_item->update();
}

int FabricMapView::find(const QString &text)
{
    m_highlightCells.clear();
    m_highlightLeaves.clear();
    m_highlightSpines.clear();
    const QString needle = text.trimmed();
    if (!needle.isEmpty()) {
        for (int n = 0; n < m_fabric.nics.size(); ++n) {
            const auto &nic = m_fabric.nics.at(n);
            if (m_fabric.hosts.at(nic.host).contains(needle, Qt::CaseInsensitive)
                || nic.nicRow.compare(needle, Qt::CaseInsensitive) == 0)
                m_highlightCells.append(n);
        }
        for (int l = 0; l < m_fabric.leaves.size(); ++l)
            if (m_fabric.leaves.at(l).name.contains(needle, Qt::CaseInsensitive))
                m_highlightLeaves.append(l);
        for (int s = 0; s < m_fabric.spines.size(); ++s)
            if (m_fabric.spines.at(s).name.contains(needle, Qt::CaseInsensitive))
                m_highlightSpines.append(s);
    }
    const int matches
        = int(m_highlightCells.size() + m_highlightLeaves.size() + m_highlightSpines.size());
    // Zoom to what was found: a host's NICs sit in one leaf per rail, so show them all when
    // they fit, else the first.
    QRectF target;
    for (int n : std::as_const(m_highlightCells))
        target |= m_geometry.cells.at(n);
    for (int l : std::as_const(m_highlightLeaves))
        target |= m_geometry.leaves.at(l);
    for (int s : std::as_const(m_highlightSpines))
        target |= m_geometry.spines.at(s);
    if (!target.isEmpty()) {
        if (!m_highlightCells.isEmpty() && m_highlightCells.size() <= 16)
            target = target.adjusted(-60, -60, 60, 60);
        fitInView(target, Qt::KeepAspectRatio);
        if (zoom() > 3)
            setTransform(QTransform::fromScale(3, 3));
        centerOn(target.center());
        m_userZoomed = true;
    }
    if (m_item)
        m_item->update();
    emit found(matches);
    return matches;
}

double FabricMapView::zoom() const
{
    return transform().m11();
}

void FabricMapView::zoomIn()
{
    if (zoom() * 1.25 <= kMaxZoom)
        scale(1.25, 1.25);
    m_userZoomed = true;
}

void FabricMapView::zoomOut()
{
    if (zoom() / 1.25 >= kMinZoom)
        scale(1 / 1.25, 1 / 1.25);
    m_userZoomed = true;
}

void FabricMapView::fitAll()
{
    if (m_geometry.bounds.isEmpty())
        return;
    fitInView(m_geometry.bounds.adjusted(-10, -20, 10, 10), Qt::KeepAspectRatio);
    m_userZoomed = false;
}

QColor FabricMapView::cellColor(int nic) const
{
    return m_cellColors.value(nic);
}

QColor FabricMapView::uplinkColor(int uplink) const
{
    return m_uplinkColors.value(uplink);
}

QString FabricMapView::rowAt(const QPointF &p) const
{
    const int n = m_geometry.cellAt(p);
    if (n >= 0) {
        const auto &nic = m_fabric.nics.at(n);
        const model::PortSample *r = m_rates ? m_rates->row(nic.leafPortRow) : nullptr;
        return r ? nic.leafPortRow : nic.nicRow;
    }
    return {};
}

QString FabricMapView::describeAt(const QPointF &p) const
{
    const auto rowText = [this](const QString &name) {
        const model::PortSample *r = m_rates ? m_rates->row(name) : nullptr;
        if (!r)
            return tr("%1: no data").arg(name);
        return tr("%1 (%2): in %3 %, out %4 %, drops %5/s, pauses rx %6/s tx %7/s, ECN %8/s")
            .arg(name, r->state, number(r->value(model::Metric::InUtil), 1),
                 number(r->value(model::Metric::OutUtil), 1),
                 number(r->value(model::Metric::MmuDrops)),
                 number(r->value(model::Metric::RxPause)), number(r->value(model::Metric::TxPause)),
                 number(r->value(model::Metric::Ecn)));
    };
    const int n = m_geometry.cellAt(p);
    if (n >= 0) {
        const auto &nic = m_fabric.nics.at(n);
        return m_fabric.hosts.at(nic.host) + QLatin1Char('\n') + rowText(nic.nicRow)
            + QLatin1Char('\n') + rowText(nic.leafPortRow);
    }
    const int l = m_geometry.leafAt(p);
    if (l >= 0) {
        QStringList lines {tr("%1: %n server port(s)", nullptr, m_fabric.nicsOnLeaf(l))
                               .arg(m_fabric.leaves.at(l).name)};
        for (int u : m_leafUplinks.at(l))
            lines.append(rowText(m_fabric.uplinks.at(u).leafPortRow));
        return lines.join(QLatin1Char('\n'));
    }
    for (int s = 0; s < m_geometry.spines.size(); ++s)
        if (m_geometry.spines.at(s).contains(p))
            return m_fabric.spines.at(s).name;
    return {};
}

void FabricMapView::wheelEvent(QWheelEvent *event)
{
    if (event->angleDelta().y() > 0)
        zoomIn();
    else if (event->angleDelta().y() < 0)
        zoomOut();
    event->accept();
}

void FabricMapView::contextMenuEvent(QContextMenuEvent *event)
{
    const QString row = rowAt(mapToScene(event->pos()));
    if (row.isEmpty())
        return QGraphicsView::contextMenuEvent(event);
    QMenu menu(this);
    menu.addAction(tr("Annotate %1...").arg(row), this,
                   [this, row] { emit annotateRequested(row); });
    menu.exec(event->globalPos());
}

void FabricMapView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        const QString row = rowAt(mapToScene(event->position().toPoint()));
        if (!row.isEmpty())
            emit portSelected(row);
    }
    QGraphicsView::mousePressEvent(event);
}

void FabricMapView::mouseMoveEvent(QMouseEvent *event)
{
    const QString text = describeAt(mapToScene(event->position().toPoint()));
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
    QGraphicsView::mouseMoveEvent(event);
}

void FabricMapView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    if (m_userZoomed)
        return;
    // The best arrangement depends on the window's shape: lay out again when it changed much.
    const QSizeF now = viewport()->size();
    const double before = m_layoutViewport.width() / std::max(1.0, m_layoutViewport.height());
    const double after = now.width() / std::max(1.0, now.height());
    if (!m_fabric.isEmpty() && now.width() > 200 && now.height() > 200
        && std::abs(after / before - 1) > 0.2)
        relayout();
    fitAll();
}

void FabricMapView::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomIn();
        break;
    case Qt::Key_Minus:
        zoomOut();
        break;
    case Qt::Key_0:
    case Qt::Key_Home:
        fitAll();
        break;
    default:
        QGraphicsView::keyPressEvent(event);
    }
}

}  // namespace roce::widgets
