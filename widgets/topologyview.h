#pragma once

#include "live/diagnosis/finding.h"
#include "live/maplayout/fabriclayout.h"

#include <QGraphicsView>
#include <QHash>

class QGraphicsItem;
class QGraphicsLineItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QTimer;

namespace roce::model {
struct PortSample;
}
namespace roce::models {
class PortTableModel;
}

namespace roce::widgets {

/// The topology map: the switch, its ports, hypervisors and servers, links drawn by their
/// utilization (width and colour), dark and dashed when down, with badges for every metric
/// the metric table marks as a drop, PFC pauses (arrow: who pauses whom) and ECN marks, and
/// the ECN -> CNP -> rate-cut chain as dashed lines from the receivers that send CNPs to the
/// senders that handle them. The diagnosis's cause is marked apart from its victims. A legend
/// says what the colours mean. Hover shows the numbers; a click selects the port or server
/// for the other views, and the selection is drawn.
class TopologyView : public QGraphicsView
{
    Q_OBJECT

public:
    explicit TopologyView(const models::PortTableModel *rates, QWidget *parent = nullptr);

    void setFabric(const models::FabricLayout &layout);
    /// Restyles links, badges and chains from the port table (called on its updates).
    void refresh();
    /// Marks what the diagnosis names: the cause of each active finding above info, and what
    /// it holds back (its victims).
    void setFindings(const QList<diagnosis::Finding> &findings);
    /// Draws @p port (a switch port or a NIC row) as the selection.
    void setSelectedPort(const QString &port);

    /// For tests: the drawn link of @p switchPort, and the badges shown on it ("down",
    /// "drops", "pfc-up", "pfc-down", "ecn", "root", "victim").
    QGraphicsLineItem *link(const QString &switchPort) const { return m_links.value(switchPort); }
    QStringList badges(const QString &switchPort) const;
    int chainCount() const { return int(m_chains.size()); }
    /// For tests: how the box of NIC row @p nic is marked ("root", "victim", "drops",
    /// "down", "selected"), space-separated.
    QString serverMarks(const QString &nic) const;
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
    void addLegend();
    QGraphicsItem *badge(const QString &port, const QPointF &at, const QColor &colour,
                         const QString &kind, const QString &text, const QString &tip);
    /// refresh()'s steps: what the last one drew goes, then links, servers and chains anew.
    void clearOverlays();
    void restyleLink(const QString &port, QGraphicsLineItem *line);
    void addLinkBadges(const QString &port, const QGraphicsLineItem &line,
                       const model::PortSample &p, bool down, bool dropping);
    /// Restyles the box of NIC row @p row; a box that sends CNPs joins @p receivers, one that
    /// handles them @p senders.
    void restyleServer(const QString &row, QGraphicsRectItem *r,
                       QList<QGraphicsRectItem *> &receivers, QList<QGraphicsRectItem *> &senders);
    void drawCnpChains(const QList<QGraphicsRectItem *> &receivers,
                       const QList<QGraphicsRectItem *> &senders);

    const models::PortTableModel *m_rates;
    models::FabricLayout m_layout;
    QHash<QString, QGraphicsLineItem *> m_links;      ///< by switch port
    QHash<QString, QList<QGraphicsItem *>> m_badges;  ///< by switch port
    QHash<QString, QGraphicsRectItem *> m_servers;    ///< by NIC row name
    QTimer *m_refreshSoon;  ///< coalesces the updates of the switch and every agent into one
    QList<QGraphicsItem *> m_chains;
    QList<QGraphicsItem *> m_marks;  ///< selection and diagnosis marks, redrawn on refresh
    QHash<QString, QString> m_serverMarks;
    QGraphicsRectItem *m_switchBox = nullptr;
    QStringList m_roots, m_victims;
    QString m_selected;
};

}  // namespace roce::widgets
