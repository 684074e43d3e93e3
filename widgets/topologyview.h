#pragma once

#include "live/maplayout/fabriclayout.h"

#include <QGraphicsView>
#include <QHash>

class QGraphicsItem;
class QGraphicsLineItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QTimer;

namespace roce::models {
class PortTableModel;
}

namespace roce::widgets {

/// The topology map: the switch, its ports, hypervisors and servers, links drawn by their
/// utilization (width and colour) with badges for MMU drops, PFC pauses (arrow: who pauses
/// whom) and ECN marks, and the ECN -> CNP -> rate-cut chain as dashed lines from the
/// receivers that send CNPs to the senders that handle them. Hover shows the numbers; a
/// click selects the port or server for the other views.
class TopologyView : public QGraphicsView
{
    Q_OBJECT

public:
    explicit TopologyView(const models::PortTableModel *rates, QWidget *parent = nullptr);

    void setFabric(const models::FabricLayout &layout);
    /// Restyles links, badges and chains from the port table (called on its updates).
    void refresh();

    /// For tests: the drawn link of @p switchPort, and the badges shown on it ("drops",
    /// "pfc-up", "pfc-down", "ecn").
    QGraphicsLineItem *link(const QString &switchPort) const { return m_links.value(switchPort); }
    QStringList badges(const QString &switchPort) const;
    int chainCount() const { return int(m_chains.size()); }
    QSize sizeHint() const override { return {860, 500}; }

signals:
    void portSelected(const QString &port);
    /// Right click on a port: "Annotate this port...".
    void annotateRequested(const QString &port);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;

private:
    QGraphicsRectItem *box(const QString &text, const QRectF &rect, const QColor &fill,
                           const QString &selects);

    const models::PortTableModel *m_rates;
    models::FabricLayout m_layout;
    QHash<QString, QGraphicsLineItem *> m_links;      ///< by switch port
    QHash<QString, QList<QGraphicsItem *>> m_badges;  ///< by switch port
    QHash<QString, QGraphicsRectItem *> m_servers;    ///< by NIC row name
    QTimer *m_refreshSoon;  ///< coalesces the updates of the switch and every agent into one
    QList<QGraphicsItem *> m_chains;
};

}  // namespace roce::widgets
