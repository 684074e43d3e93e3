#include "topologyview.h"

#include "live/itemmodels/porttablemodel.h"
#include "palette.h"
#include "proto/datamodel/porthighlights.h"

#include <QBrush>
#include <QContextMenuEvent>
#include <QGraphicsEllipseItem>
#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QMenu>
#include <QMouseEvent>
#include <QPen>
#include <QTimer>

namespace roce::widgets {

namespace {

constexpr int kSelectsKey = 0;  // QGraphicsItem::data key: the port-table row a click selects
constexpr int kBadgeKey = 1;    // badge kind, for tests

QString rateText(const std::optional<double> &v, const QString &unit)
{
    return v ? QStringLiteral("%1 %2").arg(*v, 0, 'f', 0).arg(unit) : QStringLiteral("–");
}

/// One line per metric the port table marks as a drop on @p p, with its rate.
QStringList dropTexts(const model::PortSample &p)
{
    QStringList drops;
    for (model::Metric m : model::highlightedMetrics(p, model::Highlight::Drop))
        drops.append(
            TopologyView::tr("%1 %2/s").arg(model::metricSeries(m)).arg(*p.value(m), 0, 'f', 0));
    return drops;
}

QString linkToolTip(const model::PortSample &p, const QStringList &drops)
{
    return TopologyView::tr("%1 to %2 (%3)\nin %4 %, out %5 %\nRxPPP %6, TxPPP %7\nECN %8%9")
        .arg(p.id.port(), p.peer, p.state)
        .arg(p.value(model::Metric::InUtil).value_or(0), 0, 'f', 1)
        .arg(p.value(model::Metric::OutUtil).value_or(0), 0, 'f', 1)
        .arg(rateText(p.value(model::Metric::RxPause), TopologyView::tr("/s")),
             rateText(p.value(model::Metric::TxPause), TopologyView::tr("/s")),
             rateText(p.value(model::Metric::Ecn), TopologyView::tr("/s")),
             drops.isEmpty() ? QString() : QLatin1Char('\n') + drops.join(QLatin1Char('\n')));
}

QString serverToolTip(const model::PortSample &p, const QStringList &drops)
{
    return TopologyView::tr("%1 (%2)\nin %3 Gb/s, out %4 Gb/s\nCE marks %5, CNP sent %6, CNP "
                            "handled %7\nPFC rx "
                            "%8, tx %9")
               .arg(p.name(), p.state)
               .arg(p.value(model::Metric::InBits).value_or(0) / 1e9, 0, 'f', 2)
               .arg(p.value(model::Metric::OutBits).value_or(0) / 1e9, 0, 'f', 2)
               .arg(rateText(p.value(model::Metric::Ecn), TopologyView::tr("/s")),
                    rateText(p.value(model::Metric::CnpSent), TopologyView::tr("/s")),
                    rateText(p.value(model::Metric::CnpHandled), TopologyView::tr("/s")),
                    rateText(p.value(model::Metric::RxPause), TopologyView::tr("/s")),
                    rateText(p.value(model::Metric::TxPause), TopologyView::tr("/s")))
        + (drops.isEmpty() ? QString() : QLatin1Char('\n') + drops.join(QLatin1Char('\n')));
}

}  // namespace

TopologyView::TopologyView(const models::PortTableModel *rates, QWidget *parent)
    : QGraphicsView(parent), m_rates(rates), m_refreshSoon(new QTimer(this))
{
    // The switch and each agent update the model on their own: redraw once for a burst.
    m_refreshSoon->setSingleShot(true);
    m_refreshSoon->setInterval(100);
    connect(m_refreshSoon, &QTimer::timeout, this, &TopologyView::refresh);
    setObjectName(QStringLiteral("topologyView"));
    setScene(new QGraphicsScene(this));
    setRenderHint(QPainter::Antialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    if (rates) {
        const auto soon = [this] {
            if (!m_refreshSoon->isActive())
                m_refreshSoon->start();
        };
        connect(rates, &QAbstractItemModel::dataChanged, this, soon);
        connect(rates, &QAbstractItemModel::rowsInserted, this, soon);
    }
}

QGraphicsRectItem *TopologyView::box(const QString &text, const QRectF &rect, const QColor &fill,
                                     const QString &selects)
{
    auto *r = scene()->addRect(rect, QPen(palette::outline()), QBrush(fill));
    r->setData(kSelectsKey, selects);
    auto *label = new QGraphicsSimpleTextItem(text, r);
    const QRectF b = label->boundingRect();
    label->setPos(rect.center() - QPointF(b.width() / 2, b.height() / 2));
    label->setData(kSelectsKey, selects);
    return r;
}

void TopologyView::setFabric(const models::FabricLayout &layout)
{
    m_layout = layout;
    scene()->clear();
    m_links.clear();
    m_badges.clear();
    m_servers.clear();
    m_chains.clear();
    const int columns = std::max<int>(1, int(layout.attachments.size()));
    const double colWidth = 220;
    const double width = columns * colWidth;
    const QRectF sw(width / 2 - 110, 0, 220, 44);
    m_switchBox = box(layout.switchName, sw, palette::switchFill(), layout.switchName);
    m_marks.clear();  // scene()->clear() deleted them
    for (int i = 0; i < layout.attachments.size(); ++i) {
        const models::FabricLayout::Attachment &a = layout.attachments[i];
        const double x = colWidth * i + colWidth / 2;
        const QPointF top(sw.center().x() + (i - (columns - 1) / 2.0) * 30, sw.bottom());
        const QRectF node(x - 90, 150, 180, 36);
        // Rows, history and selection know the port by its qualified key.
        const QString port = layout.portKey(a);
        auto *line = scene()->addLine(QLineF(top, QPointF(x, node.top())),
                                      QPen(palette::linkLoad(0.0), 2));
        line->setData(kSelectsKey, port);
        line->setZValue(-1);
        m_links.insert(port, line);
        // The port's name low on its link, where the links have spread apart, left of it;
        // badges go right of the link, higher up, so that they never cover a name.
        auto *portLabel = scene()->addSimpleText(a.switchPort);
        const QPointF labelAt = line->line().pointAt(0.86);
        portLabel->setPos(QPointF(labelAt.x() - portLabel->boundingRect().width() - 6,
                                  labelAt.y() - portLabel->boundingRect().height() / 2));
        portLabel->setData(kSelectsKey, port);
        double y = node.top();
        QPointF parentBottom;
        if (!a.hypervisor.isEmpty()) {
            box(tr("%1 (hypervisor)").arg(a.hypervisor), node, palette::hypervisorFill(), port);
            parentBottom = QPointF(x, node.bottom());
            y = node.bottom() + 24;
        }
        for (const models::FabricLayout::Server &s : a.servers) {
            const QString row = s.name + QLatin1Char('/') + s.rdmaDevice;
            const QRectF r(x - 80, y, 160, 30);
            if (!a.hypervisor.isEmpty())
                scene()
                    ->addLine(QLineF(parentBottom, QPointF(x, r.top())),
                              QPen(palette::hypervisorLink(), 1))
                    ->setZValue(-1);
            m_servers.insert(row, box(s.name, r, Qt::white, row));
            parentBottom = QPointF(x, r.bottom());
            y = r.bottom() + 12;
        }
    }
    addLegend();
    scene()->setSceneRect(scene()->itemsBoundingRect().adjusted(-20, -20, 20, 20));
    fitInView(sceneRect(), Qt::KeepAspectRatio);
    refresh();
}

void TopologyView::addLegend()
{
    // What the map's colours mean, in the top left corner, out of the links' way.
    const struct {
        QColor colour;
        QString text;
        bool dashed;
    } entries[] = {
        {palette::linkLoad(0.1), tr("link, by load"), false},
        {palette::down(), tr("down"), true},
        {palette::drop(), tr("drops"), false},
        {palette::pause(), tr("PFC pauses / victim"), false},
        {palette::ecn(), tr("ECN, CNP chain"), true},
        {palette::rootCause(), tr("the cause (Diagnosis)"), false},
        {palette::selection(), tr("selected"), false},
    };
    const QRectF bounds = scene()->itemsBoundingRect();
    QPointF at(bounds.left() - 170, bounds.top());
    for (const auto &e : entries) {
        QPen pen(e.colour, 4, e.dashed ? Qt::DashLine : Qt::SolidLine);
        auto *swatch = scene()->addLine(QLineF(at + QPointF(0, 7), at + QPointF(22, 7)), pen);
        swatch->setData(kBadgeKey, QStringLiteral("legend"));
        auto *label = scene()->addSimpleText(e.text);
        label->setPos(at + QPointF(28, 0));
        label->setData(kBadgeKey, QStringLiteral("legend"));
        at += QPointF(0, 18);
    }
}

QGraphicsItem *TopologyView::badge(const QString &port, const QPointF &at, const QColor &colour,
                                   const QString &kind, const QString &text, const QString &tip)
{
    auto *label = new QGraphicsSimpleTextItem(text);
    label->setBrush(Qt::white);
    const QRectF b = label->boundingRect();
    auto *rect
        = scene()->addRect(QRectF(at, QSizeF(b.width() + 6, 16)), QPen(Qt::NoPen), QBrush(colour));
    label->setParentItem(rect);
    label->setPos(at + QPointF(3, 0));
    rect->setData(kBadgeKey, kind);
    rect->setData(kSelectsKey, port);
    rect->setToolTip(tip);
    m_badges[port].append(rect);
    return rect;
}

QString TopologyView::serverMarks(const QString &nic) const
{
    return m_serverMarks.value(nic);
}

void TopologyView::setFindings(const QList<diagnosis::Finding> &findings)
{
    m_roots.clear();
    m_victims.clear();
    for (const diagnosis::Finding &f : findings) {
        if (!f.active || f.severity == diagnosis::Severity::Info)
            continue;
        m_roots.append(f.location);
        m_victims += f.victims;
    }
    refresh();
}

void TopologyView::setSelectedPort(const QString &port)
{
    if (m_selected == port)
        return;
    m_selected = port;
    refresh();
}

QStringList TopologyView::badges(const QString &switchPort) const
{
    QStringList kinds;
    for (QGraphicsItem *b : m_badges.value(switchPort))
        kinds.append(b->data(kBadgeKey).toString());
    return kinds;
}

void TopologyView::refresh()
{
    if (!m_rates)
        return;
    clearOverlays();
    if (m_switchBox) {
        const bool root = m_roots.contains(m_layout.switchName);
        m_switchBox->setPen(root ? QPen(palette::rootCause(), 4) : QPen(palette::outline()));
    }

    for (auto it = m_links.cbegin(); it != m_links.cend(); ++it)
        restyleLink(it.key(), it.value());
    // The ECN -> CNP -> rate-cut chain: receivers that send CNPs, to senders that act on them.
    QList<QGraphicsRectItem *> receivers, senders;
    for (auto it = m_servers.cbegin(); it != m_servers.cend(); ++it)
        restyleServer(it.key(), it.value(), receivers, senders);
    drawCnpChains(receivers, senders);
}

void TopologyView::clearOverlays()
{
    for (QList<QGraphicsItem *> &list : m_badges) {
        for (QGraphicsItem *b : list)
            delete b;
        list.clear();
    }
    for (QGraphicsItem *c : std::as_const(m_chains))
        delete c;
    m_chains.clear();
    for (QGraphicsItem *m : std::as_const(m_marks))
        delete m;
    m_marks.clear();
    m_serverMarks.clear();
}

void TopologyView::restyleLink(const QString &port, QGraphicsLineItem *line)
{
    const model::PortSample *p = m_rates->row(port);
    const QLineF l = line->line();
    if (port == m_selected) {
        auto *glow
            = scene()->addLine(l, QPen(palette::selection(), 16, Qt::SolidLine, Qt::RoundCap));
        glow->setOpacity(0.35);
        glow->setZValue(-3);
        m_marks.append(glow);
    }
    if (!p) {
        line->setToolTip(port);
        return;
    }
    const bool down = p->state.compare(QLatin1String("down"), Qt::CaseInsensitive) == 0;
    const double util = std::max(p->value(model::Metric::InUtil).value_or(0),
                                 p->value(model::Metric::OutUtil).value_or(0));
    line->setPen(down ? QPen(palette::down(), 4, Qt::DashLine)
                      : QPen(palette::linkLoad(util / 100.0), 2 + 8 * util / 100.0));
    const QStringList drops = dropTexts(*p);
    line->setToolTip(linkToolTip(*p, drops));
    addLinkBadges(port, *line, *p, down, !drops.isEmpty());
}

// Badges right of the link, below its name: what a network engineer looks for first.
void TopologyView::addLinkBadges(const QString &port, const QGraphicsLineItem &line,
                                 const model::PortSample &p, bool down, bool dropping)
{
    struct Wanted {
        QString kind;
        QColor colour;
        QString text;
    };
    QList<Wanted> wanted;
    if (m_roots.contains(port))
        wanted.append({QStringLiteral("root"), palette::rootCause(), tr("cause")});
    else if (m_victims.contains(port))
        wanted.append({QStringLiteral("victim"), palette::pause(), tr("victim")});
    if (down)
        wanted.append({QStringLiteral("down"), palette::down(), tr("down")});
    if (dropping)
        wanted.append({QStringLiteral("drops"), palette::drop(), tr("drops")});
    if (p.value(model::Metric::TxPause).value_or(0) > 0)  // the switch pauses the server side
        wanted.append({QStringLiteral("pfc-down"), palette::pause(), tr("PFC ▼")});
    if (p.value(model::Metric::RxPause).value_or(0) > 0)  // the server side pauses the switch
        wanted.append({QStringLiteral("pfc-up"), palette::pause(), tr("PFC ▲")});
    if (p.value(model::Metric::Ecn).value_or(0) > 0)
        wanted.append({QStringLiteral("ecn"), palette::ecn(), tr("ECN")});
    const QLineF l = line.line();
    for (int i = 0; i < wanted.size(); ++i) {
        const QPointF at = l.pointAt(std::min(0.8, 0.3 + 0.12 * i)) + QPointF(8, -8);
        badge(port, at, wanted[i].colour, wanted[i].kind, wanted[i].text, line.toolTip());
    }
}

void TopologyView::restyleServer(const QString &row, QGraphicsRectItem *r,
                                 QList<QGraphicsRectItem *> &receivers,
                                 QList<QGraphicsRectItem *> &senders)
{
    const model::PortSample *p = m_rates->row(row);
    QStringList marks;
    QPen pen(palette::outline());
    if (m_roots.contains(row)) {
        pen = QPen(palette::rootCause(), 4);
        marks.append(QStringLiteral("root"));
    } else if (m_victims.contains(row)) {
        pen = QPen(palette::pause(), 3, Qt::DashLine);
        marks.append(QStringLiteral("victim"));
    }
    if (row == m_selected) {
        auto *glow = scene()->addRect(r->rect().adjusted(-5, -5, 5, 5),
                                      QPen(palette::selection(), 3), Qt::NoBrush);
        m_marks.append(glow);
        marks.append(QStringLiteral("selected"));
    }
    if (!p) {
        r->setPen(pen);
        m_serverMarks.insert(row, marks.join(QLatin1Char(' ')));
        return;
    }
    const QStringList drops = dropTexts(*p);
    const bool down = p->state.compare(QLatin1String("down"), Qt::CaseInsensitive) == 0;
    r->setToolTip(serverToolTip(*p, drops));
    const bool receiver = p->value(model::Metric::CnpSent).value_or(0) > 0;
    const bool sender = p->value(model::Metric::CnpHandled).value_or(0) > 0;
    if (down) {
        r->setBrush(palette::noData());
        pen.setStyle(Qt::DashLine);
        marks.append(QStringLiteral("down"));
    } else if (!drops.isEmpty()) {
        r->setBrush(palette::dropTint());
        if (pen.color() == palette::outline())
            pen = QPen(palette::drop(), 2);
        marks.append(QStringLiteral("drops"));
    } else {
        r->setBrush(receiver ? palette::ecnTint()
                             : (sender ? palette::rateCutTint() : QColor(Qt::white)));
    }
    r->setPen(pen);
    m_serverMarks.insert(row, marks.join(QLatin1Char(' ')));
    if (receiver)
        receivers.append(r);
    if (sender)
        senders.append(r);
}

void TopologyView::drawCnpChains(const QList<QGraphicsRectItem *> &receivers,
                                 const QList<QGraphicsRectItem *> &senders)
{
    for (QGraphicsRectItem *from : receivers) {
        for (QGraphicsRectItem *to : senders) {
            if (from == to)
                continue;
            QPen pen(palette::ecn(), 1.5, Qt::DashLine);
            auto *chain = scene()->addLine(QLineF(from->rect().center(), to->rect().center()), pen);
            chain->setZValue(-2);
            chain->setToolTip(
                tr("CNPs: %1 receives ECN-CE marked packets and asks the senders to slow down")
                    .arg(from->data(kSelectsKey).toString()));
            m_chains.append(chain);
        }
    }
}

void TopologyView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    if (!sceneRect().isEmpty())
        fitInView(sceneRect(), Qt::KeepAspectRatio);
}

void TopologyView::mousePressEvent(QMouseEvent *event)
{
    if (QGraphicsItem *item = itemAt(event->position().toPoint())) {
        const QString selects = item->data(kSelectsKey).toString();
        if (!selects.isEmpty())
            emit portSelected(selects);
    }
    QGraphicsView::mousePressEvent(event);
}

void TopologyView::contextMenuEvent(QContextMenuEvent *event)
{
    QGraphicsItem *item = itemAt(event->pos());
    const QString port = item ? item->data(kSelectsKey).toString() : QString();
    if (port.isEmpty())
        return QGraphicsView::contextMenuEvent(event);
    QMenu menu(this);
    menu.addAction(tr("Annotate %1...").arg(port), this,
                   [this, port] { emit annotateRequested(port); });
    menu.exec(event->globalPos());
}

}  // namespace roce::widgets
