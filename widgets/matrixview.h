#pragma once

#include <QWidget>

class QLabel;
class QTableView;

namespace roce::models {
class MatrixModel;
}

namespace roce::widgets {

/// The pairwise matrix as a heat map: green for the best pairs, red for the worst, grey for
/// pairs that failed, and the suspect node's row and column outlined, with a sentence that
/// names it.
class MatrixView : public QWidget
{
    Q_OBJECT

public:
    explicit MatrixView(models::MatrixModel *model, QWidget *parent = nullptr);
    QTableView *table() const { return m_table; }
    QString summary() const;

private:
    void updateSummary();

    models::MatrixModel *m_model;
    QTableView *m_table;
    QLabel *m_summary;
};

}  // namespace roce::widgets
