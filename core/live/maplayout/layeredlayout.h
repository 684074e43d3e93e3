#pragma once

#include "live/maplayout/leafspinefabric.h"

#include <QList>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QString>

namespace roce::models {

/// Geometry of the layered (spine / leaf / server) map, computed once per fabric: pure
/// arithmetic, no widgets, so it is tested and benchmarked on its own.
///
/// Each leaf is a block: a title bar, an uplink strip, and a grid of cells, one per NIC
/// cabled to it. Leaves of one group (a rail) form a panel; panels are tiled. The panel grid
/// and the leaves per panel row are chosen so that the whole fabric, fitted into the target
/// viewport, is drawn as large as possible: at 1024 hosts x 8 NICs in 1600x1000 every cell
/// stays a few pixels wide and every group title readable, and zooming in shows names.
struct LayeredLayout {
    struct Options {
        QSizeF viewport {1600, 1000};
        double cell = 10;              ///< side of one NIC cell
        double cellGap = 1;            ///< between cells
        double blockPad = 4;           ///< inside a leaf block
        double blockGap = 8;           ///< between leaf blocks
        double panelGap = 24;          ///< between groups
        double titleHeight = 14;       ///< a leaf's name
        double groupTitleHeight = 16;  ///< a group's name, above its leaves
        double spineHeight = 28;
    };

    QRectF bounds;
    QRectF spineBand;  ///< where the spines sit, above everything
    QList<QRectF> spines;
    QList<QRectF> leaves;  ///< whole block per leaf (title + uplinks + cells)
    QList<QRectF> panels;  ///< per group, with room for its title on top
    QStringList panelTitles;
    double groupTitleHeight = 0;  ///< height of the title band at the top of each panel
    QList<int> leafPanel;         ///< group index per leaf
    QList<QRectF> cells;          ///< per NIC (index as LeafSpineFabric::nics)
    int cellColumns = 0;          ///< columns of the cell grid inside a leaf block
    double cellPitch = 0;         ///< cell side + gap
    QPointF cellOffset;           ///< first cell's top-left, relative to its leaf block's
    QList<QList<int>> leafCells;  ///< NIC indexes per leaf, in slot order
    double fitScale = 1.0;        ///< scale at which bounds fits Options::viewport

    /// The NIC whose cell contains @p p, or -1 (cells are found by arithmetic, not by search).
    int cellAt(const QPointF &p) const;
    /// The leaf whose block contains @p p, or -1.
    int leafAt(const QPointF &p) const;

    /// Group titles and spines are sized so that, fitted, they are at least 15 and 18 pixels
    /// tall: a second pass corrects them for the scale the first pass found.
    static LayeredLayout compute(const LeafSpineFabric &fabric, const Options &options);
    static LayeredLayout compute(const LeafSpineFabric &fabric)
    {
        return compute(fabric, Options {});
    }

private:
    static LayeredLayout computeOnce(const LeafSpineFabric &fabric, const Options &options);
};

}  // namespace roce::models
