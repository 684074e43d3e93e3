#include "topologyview.h"

#include "live/itemmodels/porttablemodel.h"
#include "palette.h"

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
    box(layout.switchName, sw, palette::switchFill(), QString());
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
        auto *portLabel = scene()->addSimpleText(a.switchPort);
        portLabel->setPos(QPointF(x - portLabel->boundingRect().width() / 2, 112));
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
    scene()->setSceneRect(scene()->itemsBoundingRect().adjusted(-20, -20, 20, 20));
    fitInView(sceneRect(), Qt::KeepAspectRatio);
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
    for (QList<QGraphicsItem *> &list : m_badges) {
        for (QGraphicsItem *b : list)
            delete b;
        list.clear();
    }
    for (QGraphicsItem *c : std::as_const(m_chains))
        delete c;
    m_chains.clear();

    for (auto it = m_links.cbegin(); it != m_links.cend(); ++it) {
        const model::PortSample *p = m_rates->row(it.key());
        QGraphicsLineItem *line = it.value();
        if (!p) {
            line->setToolTip(it.key());
            continue;
        }
        const double util = std::max(p->value(model::Metric::InUtil).value_or(0),
                                     p->value(model::Metric::OutUtil).value_or(0));
        line->setPen(QPen(palette::linkLoad(util / 100.0), 2 + 8 * util / 100.0));
        line->setToolTip(tr("%1 to %2\nin %3 %, out %4 %\nMMU drops %5\nRxPPP %6, TxPPP %7\nECN %8")
                             .arg(p->id.port(), p->peer)
                             .arg(p->value(model::Metric::InUtil).value_or(0), 0, 'f', 1)
                             .arg(p->value(model::Metric::OutUtil).value_or(0), 0, 'f', 1)
                             .arg(rateText(p->value(model::Metric::MmuDrops), tr("/s")),
                                  rateText(p->value(model::Metric::RxPause), tr("/s")),
                                  rateText(p->value(model::Metric::TxPause), tr("/s")),
                                  rateText(p->value(model::Metric::Ecn), tr("/s"))));
        // Badges along the link, near the switch: what a network engineer looks for first.
        QList<QPair<QString, QPair<QColor, QString>>> wanted;
        if (p->value(model::Metric::MmuDrops).value_or(0) > 0)
            wanted.append({QStringLiteral("drops"), {palette::drop(), tr("drops")}});
        if (p->value(model::Metric::TxPause).value_or(0) > 0)  // the switch pauses the server side
            wanted.append({QStringLiteral("pfc-down"), {palette::pause(), tr("PFC ▼")}});
        if (p->value(model::Metric::RxPause).value_or(0) > 0)  // the server side pauses the switch
            wanted.append({QStringLiteral("pfc-up"), {palette::pause(), tr("PFC ▲")}});
        if (p->value(model::Metric::Ecn).value_or(0) > 0)
            wanted.append({QStringLiteral("ecn"), {palette::ecn(), tr("ECN")}});
        const QLineF l = line->line();
        for (int i = 0; i < wanted.size(); ++i) {
            const QPointF at = l.pointAt(0.6 - 0.15 * i) + QPointF(6, -8);
            auto *badge = scene()->addRect(QRectF(at, QSizeF(46, 16)), QPen(Qt::NoPen),
                                           QBrush(wanted[i].second.first));
            badge->setData(kBadgeKey, wanted[i].first);
            badge->setData(kSelectsKey, it.key());
            badge->setToolTip(line->toolTip());
            auto *text = new QGraphicsSimpleTextItem(wanted[i].second.second, badge);
            text->setBrush(Qt::white);
            text->setPos(at + QPointF(3, 1));
            m_badges[it.key()].append(badge);
        }
    }
    // The ECN -> CNP -> rate-cut chain: receivers that send CNPs, to senders that act on them.
    QList<QGraphicsRectItem *> receivers, senders;
    for (auto it = m_servers.cbegin(); it != m_servers.cend(); ++it) {
        const model::PortSample *p = m_rates->row(it.key());
        QGraphicsRectItem *r = it.value();
        if (!p)
            continue;
        r->setToolTip(
            tr("%1\nin %2 Gb/s, out %3 Gb/s\nCE marks %4, CNP sent %5, CNP handled %6\nPFC rx %7, "
               "tx %8")
                .arg(p->name())
                .arg(p->value(model::Metric::InBits).value_or(0) / 1e9, 0, 'f', 2)
                .arg(p->value(model::Metric::OutBits).value_or(0) / 1e9, 0, 'f', 2)
                .arg(rateText(p->value(model::Metric::Ecn), tr("/s")),
                     rateText(p->value(model::Metric::CnpSent), tr("/s")),
                     rateText(p->value(model::Metric::CnpHandled), tr("/s")),
                     rateText(p->value(model::Metric::RxPause), tr("/s")),
                     rateText(p->value(model::Metric::TxPause), tr("/s"))));
        const bool receiver = p->value(model::Metric::CnpSent).value_or(0) > 0;
        const bool sender = p->value(model::Metric::CnpHandled).value_or(0) > 0;
        r->setBrush(receiver ? palette::ecnTint()
                             : (sender ? palette::rateCutTint() : QColor(Qt::white)));
        if (receiver)
            receivers.append(r);
        if (sender)
            senders.append(r);
    }
    for (QGraphicsRectItem *from : std::as_const(receivers)) {
        for (QGraphicsRectItem *to : std::as_const(senders)) {
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
