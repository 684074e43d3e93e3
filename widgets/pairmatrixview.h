#pragma once

#include "live/itemmodels/pairmatrixmodel.h"

#include <QWidget>

namespace roce::widgets {

/// The pingmesh pair matrix as a heat map: one cell per sender (row) and responder (column),
/// green when the pair answers as fast as its kind of path does, amber to red as it slows
/// down, red with any loss, blank when the pair is not on the pinglist. Lines separate the
/// switches, the rows and columns of what a verdict names are outlined, and hovering a cell
/// says its figures. The axes carry their titles (source NIC rows, destination NIC columns)
/// and names, thinned to every few rows when the cells are smaller than a line of text; a
/// legend below says what the colours mean, in µs and %. Painted directly: 128 x 128 NICs are
/// 16,384 cells.
class PairMatrixView : public QWidget
{
    Q_OBJECT

public:
    explicit PairMatrixView(models::PairMatrixModel *model, QWidget *parent = nullptr);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    /// The axes as drawn at the current size: the title of the rows (Qt::Vertical, the
    /// sources) or of the columns (Qt::Horizontal, the destinations), and the name at each row
    /// or column, empty where the names are thinned out. Nothing while the matrix is empty.
    QString axisTitle(Qt::Orientation orientation) const;
    QStringList axisLabels(Qt::Orientation orientation) const;
    /// The legend as drawn: each colour scale's title (with its unit) and its stops' labels,
    /// then what the other marks mean. Nothing while the matrix is empty.
    QStringList legendText() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    /// One entry of the legend, placed by legendLayout(): a colour scale or a mark's key.
    struct LegendItem {
        enum class Kind { Scale, Blank, Itself, Named } kind = Kind::Scale;
        int scale = -1;  ///< of the model's legend(), for a scale
        QString text;    ///< a key's text
        QRect rect;
    };
    struct Geometry {
        int title = 0;   ///< height of an axis title (the rows' runs up the left edge)
        int labels = 0;  ///< width of the row names (and height of the column names)
        double cell = 0;
        int n = 0;
        int step = 1;              ///< every step-th row and column is named
        QList<LegendItem> legend;  ///< placed under or beside the matrix
        double x0() const { return title + labels; }
        double y0() const { return title + labels; }
    };
    Geometry geometry() const;
    Geometry layout(bool legendBeside) const;
    QList<LegendItem> legendLayout(int width, int *height) const;
    int scaleWidth(const models::PairMatrixModel::Scale &scale) const;
    QFont namesFont() const;
    int labelsWidth(int n, int cap) const;
    void paintCells(QPainter &p, const Geometry &g) const;
    void paintMarks(QPainter &p, const Geometry &g) const;
    void paintAxes(QPainter &p, const Geometry &g) const;
    void paintLegend(QPainter &p, const Geometry &g) const;
    void paintScale(QPainter &p, const LegendItem &item) const;
    void paintKey(QPainter &p, const LegendItem &item) const;

    models::PairMatrixModel *m_model;
};

}  // namespace roce::widgets
