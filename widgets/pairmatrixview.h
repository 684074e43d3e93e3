#pragma once

#include <QWidget>

namespace roce::models {
class PairMatrixModel;
}

namespace roce::widgets {

/// The pingmesh pair matrix as a heat map: one cell per sender (row) and responder (column),
/// green when the pair answers as fast as its kind of path does, amber to red as it slows
/// down, red with any loss, blank when the pair is not on the pinglist. Lines separate the
/// switches, the rows and columns of what a verdict names are outlined, and hovering a cell
/// says its figures. Painted directly: 128 x 128 NICs are 16,384 cells.
class PairMatrixView : public QWidget
{
    Q_OBJECT

public:
    explicit PairMatrixView(models::PairMatrixModel *model, QWidget *parent = nullptr);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Geometry {
        int labels = 0;  ///< width of the row labels (and height of the column labels)
        double cell = 0;
        int n = 0;
    };
    Geometry geometry() const;

    models::PairMatrixModel *m_model;
};

}  // namespace roce::widgets
