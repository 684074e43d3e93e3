#pragma once

#include "live/recording/jobevents.h"

#include <QWidget>

class QPlainTextEdit;
class QTableView;

namespace roce::widgets {

/// The experiments of a replayed recording: the jobs the replay has reached, and the output
/// of the selected one up to the replay position. Double-clicking a job asks to seek to its
/// start.
class RecordedJobsView : public QWidget
{
    Q_OBJECT

public:
    explicit RecordedJobsView(recording::RecordedJobsModel *model, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    QString outputText() const;

signals:
    void seekRequested(qint64 ms);

private:
    void showJob(int row);

    recording::RecordedJobsModel *m_model;
    QTableView *m_table;
    QPlainTextEdit *m_output;
    int m_shown = -1;
};

}  // namespace roce::widgets
