#include "recordedjobsview.h"

#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace roce::widgets {

RecordedJobsView::RecordedJobsView(recording::RecordedJobsModel *model, QWidget *parent)
    : QWidget(parent),
      m_model(model),
      m_table(new QTableView(this)),
      m_output(new QPlainTextEdit(this))
{
    auto *title = new QLabel(tr("Experiments in the recording (output up to the replay "
                                "position; double-click to go to a job's start)"),
                             this);
    title->setWordWrap(true);
    m_table->setObjectName(QStringLiteral("recordedJobsTable"));
    m_table->setModel(model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_output->setObjectName(QStringLiteral("recordedJobOutput"));
    m_output->setReadOnly(true);
    m_output->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_output->setPlaceholderText(tr("Select a job to see its output."));
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(m_output);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(title);
    layout->addWidget(split);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { showJob(current.row()); });
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        if (index.isValid())
            emit seekRequested(m_model->job(index.row()).startedMs);
    });
    connect(model, &recording::RecordedJobsModel::jobUpdated, this, [this](int row) {
        if (row == m_shown)
            showJob(row);
    });
    connect(model, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &, int, int last) {
                // The newest job is the one to watch unless the user picked another.
                if (m_shown < 0 || m_shown == last - 1)
                    m_table->selectRow(last);
            });
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        m_shown = -1;
        m_output->clear();
    });
}

void RecordedJobsView::showJob(int row)
{
    m_shown = row;
    if (row < 0 || row >= m_model->rowCount()) {
        m_output->clear();
        return;
    }
    const recording::RecordedJobsModel::Job &job = m_model->job(row);
    QStringList lines = job.output;
    if (!job.iterations.isEmpty())
        lines.append(tr("%n training step(s) recorded", nullptr, int(job.iterations.size())));
    if (!job.state.isEmpty())
        lines.append(job.error.isEmpty() ? tr("Ended: %1").arg(job.state)
                                         : tr("Ended: %1 (%2)").arg(job.state, job.error));
    m_output->setPlainText(lines.join(QLatin1Char('\n')));
    m_output->moveCursor(QTextCursor::End);
}

QString RecordedJobsView::outputText() const
{
    return m_output->toPlainText();
}

}  // namespace roce::widgets
