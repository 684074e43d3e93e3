#include "live/maplayout/layeredlayout.h"

#include <QHash>

#include <algorithm>
#include <cmath>

namespace roce::models {

namespace {

constexpr double kUplinkStrip = 4;  ///< coloured strip under a leaf's title: its uplinks

}  // namespace

LayeredLayout LayeredLayout::compute(const LeafSpineFabric &fabric, const Options &options)
{
    LayeredLayout first = computeOnce(fabric, options);
    if (first.fitScale <= 0)
        return first;
    Options o = options;
    o.groupTitleHeight = std::max(options.groupTitleHeight, 15 / first.fitScale);
    o.spineHeight = std::max(options.spineHeight, 18 / first.fitScale);
    o.panelGap = std::max(options.panelGap, 8 / first.fitScale);
    return computeOnce(fabric, o);
}

LayeredLayout LayeredLayout::computeOnce(const LeafSpineFabric &fabric, const Options &o)
{
    LayeredLayout out;
    if (fabric.leaves.isEmpty())
        return out;

    // Groups in order of first appearance; leaves keep their order inside a group.
    QStringList groups;
    QList<QList<int>> groupLeaves;
    for (int l = 0; l < fabric.leaves.size(); ++l) {
        const QString &g = fabric.leaves.at(l).group;
        qsizetype gi = groups.indexOf(g);
        if (gi < 0) {
            groups.append(g);
            groupLeaves.append(QList<int>());
            gi = groups.size() - 1;
        }
        groupLeaves[gi].append(l);
    }
    QList<int> perLeaf(fabric.leaves.size(), 0);
    for (const auto &n : fabric.nics)
        if (n.leaf >= 0 && n.leaf < perLeaf.size())
            ++perLeaf[n.leaf];
    const int maxNics = std::max(1, *std::max_element(perLeaf.begin(), perLeaf.end()));

    // A cell grid about twice as wide as tall.
    const int columns = std::max(1, static_cast<int>(std::ceil(std::sqrt(maxNics * 2.0))));
    const int rows = (maxNics + columns - 1) / columns;
    const double pitch = o.cell + o.cellGap;
    const double blockW = 2 * o.blockPad + columns * pitch - o.cellGap;
    const double blockH = o.titleHeight + kUplinkStrip + 2 * o.blockPad + rows * pitch - o.cellGap;

    qsizetype largestGroup = 0;
    for (const auto &g : groupLeaves)
        largestGroup = std::max(largestGroup, g.size());
    const int groupCount = static_cast<int>(groups.size());

    // Try every (leaves per panel row, panels per row) and keep the one that fits largest.
    struct Choice {
        int leafColumns = 1, panelColumns = 1;
        double w = 0, h = 0, scale = 0;
    } best;
    for (int lc = 1; lc <= largestGroup; ++lc) {
        const int lr = static_cast<int>((largestGroup + lc - 1) / lc);
        const double pw = lc * blockW + (lc - 1) * o.blockGap;
        const double ph = o.groupTitleHeight + lr * blockH + (lr - 1) * o.blockGap;
        for (int pc = 1; pc <= groupCount; ++pc) {
            const int pr = (groupCount + pc - 1) / pc;
            const double w = pc * pw + (pc - 1) * o.panelGap;
            const double h = o.spineHeight + o.panelGap + pr * ph + (pr - 1) * o.panelGap;
            const double scale = std::min(o.viewport.width() / w, o.viewport.height() / h);
            if (scale > best.scale)
                best = {lc, pc, w, h, scale};
        }
    }

    out.cellColumns = columns;
    out.groupTitleHeight = o.groupTitleHeight;
    out.fitScale = best.scale;
    out.bounds = QRectF(0, 0, best.w, best.h);
    out.spineBand = QRectF(0, 0, best.w, o.spineHeight);
    const int lr = static_cast<int>((largestGroup + best.leafColumns - 1) / best.leafColumns);
    const double pw = best.leafColumns * blockW + (best.leafColumns - 1) * o.blockGap;
    const double ph = o.groupTitleHeight + lr * blockH + (lr - 1) * o.blockGap;

    out.leaves.resize(fabric.leaves.size());
    out.leafPanel.resize(fabric.leaves.size());
    for (int g = 0; g < groupCount; ++g) {
        const int column = g % best.panelColumns, row = g / best.panelColumns;  // grid cell
        const double px = column * (pw + o.panelGap);
        const double py = o.spineHeight + o.panelGap + row * (ph + o.panelGap);
        out.panels.append(QRectF(px, py, pw, ph));
        out.panelTitles.append(groups.at(g));
        const QList<int> &members = groupLeaves.at(g);
        for (int i = 0; i < members.size(); ++i) {
            const int leafColumn = i % best.leafColumns, leafRow = i / best.leafColumns;
            const double x = px + leafColumn * (blockW + o.blockGap);
            const double y = py + o.groupTitleHeight + leafRow * (blockH + o.blockGap);
            out.leaves[members.at(i)] = QRectF(x, y, blockW, blockH);
            out.leafPanel[members.at(i)] = g;
        }
    }

    // Cells: in each leaf, in the order the NICs are listed.
    out.cellPitch = pitch;
    out.cellOffset = QPointF(o.blockPad, o.titleHeight + kUplinkStrip + o.blockPad);
    out.cells.resize(fabric.nics.size());
    out.leafCells.resize(fabric.leaves.size());
    for (int n = 0; n < fabric.nics.size(); ++n) {
        const int leaf = fabric.nics.at(n).leaf;
        if (leaf < 0 || leaf >= out.leaves.size())
            continue;
        const auto slot = out.leafCells[leaf].size();
        out.leafCells[leaf].append(n);
        const QPointF origin = out.leaves.at(leaf).topLeft() + out.cellOffset;
        const auto cellColumn = slot % columns, cellRow = slot / columns;
        out.cells[n] = QRectF(origin.x() + double(cellColumn) * pitch,
                              origin.y() + double(cellRow) * pitch, o.cell, o.cell);
    }

    // Spines spread over the width.
    const auto spineCount = fabric.spines.size();
    if (spineCount > 0) {
        const double slot = best.w / spineCount;
        const double w = std::min(140.0, slot - 6);
        for (qsizetype s = 0; s < spineCount; ++s)
            out.spines.append(QRectF(s * slot + (slot - w) / 2, 2, w, o.spineHeight - 4));
    }
    return out;
}

int LayeredLayout::leafAt(const QPointF &p) const
{
    for (int l = 0; l < leaves.size(); ++l)
        if (leaves.at(l).contains(p))
            return l;
    return -1;
}

int LayeredLayout::cellAt(const QPointF &p) const
{
    // Runs on every mouse move: the slot under the pointer is computed, not searched for.
    const int leaf = leafAt(p);
    if (leaf < 0 || cellPitch <= 0)
        return -1;
    const QPointF local = p - leaves.at(leaf).topLeft() - cellOffset;
    if (local.x() < 0 || local.y() < 0)
        return -1;
    const int column = static_cast<int>(local.x() / cellPitch);
    const int row = static_cast<int>(local.y() / cellPitch);
    if (column >= cellColumns)
        return -1;
    const int n = leafCells.at(leaf).value(row * cellColumns + column, -1);
    return n >= 0 && cells.at(n).contains(p) ? n : -1;  // not in the gap between cells
}

}  // namespace roce::models
