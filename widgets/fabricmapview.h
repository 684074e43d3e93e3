#pragma once

#include "live/diagnosis/finding.h"
#include "live/maplayout/layeredlayout.h"
#include "live/maplayout/leafspinefabric.h"

#include <QColor>
#include <QGraphicsView>
#include <QList>
#include <QPair>

class QTimer;

namespace roce::models {
class PortTableModel;
}

namespace roce::widgets {

class FabricMapItem;

/// The map of a leaf/spine fabric of any size: spines on top, leaves grouped in panels (a
/// rail, a pod), and under each leaf one cell per server NIC cabled to it, coloured by what
/// matters first: down (dark), drops (red), pauses (amber), then utilization (light to dark
/// blue), ECN marks outlined in violet. Each leaf's uplinks are a strip under its title,
/// coloured the same way. Aggregation keeps 1024 hosts x 8 NICs readable in one window;
/// the wheel zooms (labels and host names appear as there is room), a drag pans, find()
/// searches hosts, leaves and spines. Everything is painted by one item that only draws what
/// is exposed, so a live update of every port stays well within a frame.
class FabricMapView : public QGraphicsView
{
    Q_OBJECT

public:
    explicit FabricMapView(const models::PortTableModel *rates, QWidget *parent = nullptr);

    void setFabric(const models::LeafSpineFabric &fabric);
    const models::LeafSpineFabric &fabric() const { return m_fabric; }
    const models::LayeredLayout &geometry() const { return m_geometry; }

    /// Re-reads every cell, uplink and spine from the port table (coalesced on updates).
    void refresh();

    /// Highlights the hosts, leaves or spines whose name contains @p text (case-insensitive)
    /// and zooms to the first; returns how many NIC cells and switches matched. Empty clears.
    int find(const QString &text);
    QList<int> highlightedCells() const { return m_highlightCells; }
    /// The ECN -> CNP -> rate-cut chains drawn: (receiver cell that sends CNPs, sender cell that
    /// handles them), as LeafSpineFabric::nics indexes. Drawn when there are few enough to read.
    QList<QPair<int, int>> chains() const { return m_chains; }

    /// Marks what the diagnosis names: the cause of each active finding above info (its NIC
    /// cell, leaf or spine), and the NICs it holds back.
    void setFindings(const QList<diagnosis::Finding> &findings);
    /// Outlines @p row (a NIC, a leaf or spine port, a switch) as the selection and keeps it in
    /// view.
    void setSelectedPort(const QString &row);
    /// For tests: the NIC cells marked as causes, as victims, and the selected one (-1).
    QList<int> rootCells() const { return m_rootCells; }
    QList<int> victimCells() const { return m_victimCells; }
    int selectedCell() const { return m_selectedCell; }

    void zoomIn();
    void zoomOut();
    void fitAll();
    /// Current scale relative to the scene (1 = one scene unit per pixel).
    double zoom() const;

    /// Cell colour of NIC @p nic (as LeafSpineFabric::nics), and the colour of a leaf's
    /// uplink @p uplink (as LeafSpineFabric::uplinks), for tests.
    QColor cellColor(int nic) const;
    QColor uplinkColor(int uplink) const;
    /// What the tooltip says at scene point @p p.
    QString describeAt(const QPointF &p) const;

signals:
    /// A click on a NIC cell (its leaf port row, or the NIC row when the switch port has no
    /// data) or on a leaf/spine title.
    void portSelected(const QString &row);
    /// Right click on a port: "Annotate this port...".
    void annotateRequested(const QString &row);
    /// Number of matches of the last find().
    void found(int matches);

protected:
    void wheelEvent(QWheelEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    friend class FabricMapItem;
    QString rowAt(const QPointF &p) const;
    void relayout();

    const models::PortTableModel *m_rates;
    models::LeafSpineFabric m_fabric;
    models::LayeredLayout m_geometry;
    FabricMapItem *m_item = nullptr;
    QTimer *m_refreshSoon;
    /// Rows of the rate model for each NIC (its own, its leaf port's) and each uplink (leaf
    /// and spine port), resolved once: a 1,024-host refresh reads 20,000 ports a frame.
    struct RowCache {
        QList<int> nicOwn, nicLeaf, upLeaf, upSpine;
        bool valid = false;
    } m_rows;
    void resolveRows();
    QList<QColor> m_cellColors;
    QList<bool> m_cellEcn;
    QList<QColor> m_uplinkColors;
    QList<QColor> m_spineColors;
    QList<QList<int>> m_leafUplinks;  ///< uplink indexes per leaf
    QList<int> m_highlightCells;
    QList<QPair<int, int>> m_chains;
    QList<int> m_highlightLeaves;
    QList<int> m_highlightSpines;
    QList<int> m_rootCells, m_victimCells, m_rootLeaves, m_rootSpines;
    QStringList m_rootIds, m_victimIds;
    int m_selectedCell = -1, m_selectedLeaf = -1, m_selectedSpine = -1;
    QString m_selectedRow;
    /// Cells, leaves and spines @p ids name (a NIC row, a leaf port row, a switch name).
    void locate(const QStringList &ids, QList<int> *cells, QList<int> *leaves,
                QList<int> *spines) const;
    bool m_userZoomed = false;
    QSizeF m_layoutViewport;  ///< the viewport size the geometry was computed for
};

}  // namespace roce::widgets
