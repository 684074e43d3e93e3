#include "trainingview.h"

#include "collect/history/counterstore.h"

#include <QChart>
#include <QChartView>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QMap>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>

namespace roce::widgets {

namespace {

QChart *timeChart(const QString &title, const QList<QLineSeries *> &series)
{
    auto *chart = new QChart;
    chart->setTitle(title);
    chart->setMargins(QMargins(2, 2, 2, 2));
    chart->legend()->setAlignment(Qt::AlignBottom);  // both plots as wide: one time axis
    auto *x = new QDateTimeAxis;
    x->setFormat(QStringLiteral("HH:mm:ss"));
    x->setTickCount(4);
    auto *y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%g"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QLineSeries *s : series) {
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    }
    return chart;
}

QLineSeries *named(const QString &name)
{
    auto *s = new QLineSeries;
    s->setName(name);
    return s;
}

void fitAxes(QChart *chart, qint64 left, qint64 right, double top)
{
    const auto axes = chart->axes();
    for (QAbstractAxis *axis : axes) {
        if (auto *x = qobject_cast<QDateTimeAxis *>(axis)) {
            x->setRange(QDateTime::fromMSecsSinceEpoch(left),
                        QDateTime::fromMSecsSinceEpoch(right));
        } else if (auto *y = qobject_cast<QValueAxis *>(axis)) {
            y->setRange(0, top > 0 ? top * 1.1 : 1);
            y->applyNiceNumbers();
        }
    }
}

}  // namespace

TrainingView::TrainingView(const store::CounterStore *store, QWidget *parent)
    : QWidget(parent),
      m_store(store),
      m_step(named(tr("step ms"))),
      m_allreduce(named(tr("all-reduce ms"))),
      m_loss(named(tr("loss"))),
      m_ecn(named(tr("ECN/CE /s"))),
      m_cnp(named(tr("CNP handled /s"))),
      m_lossAxis(new QValueAxis),
      m_placement(new QTableWidget),
      m_status(new QLabel)
{
    setObjectName(QStringLiteral("trainingView"));
    m_timing = timeChart(tr("Per iteration (rank 0)"), {m_step, m_allreduce});
    // The loss on its own scale, on the right, over the same time axis.
    m_lossAxis->setLabelFormat(QStringLiteral("%.2f"));
    m_lossAxis->setTitleText(tr("loss"));
    m_timing->addAxis(m_lossAxis, Qt::AlignRight);
    m_timing->addSeries(m_loss);
    m_loss->attachAxis(m_timing->axes(Qt::Horizontal).first());
    m_loss->attachAxis(m_lossAxis);
    m_fabric = timeChart(tr("The ranks' NICs"), {m_ecn, m_cnp});
    m_placement->setColumnCount(4);
    m_placement->setHorizontalHeaderLabels({tr("Rank"), tr("Host"), tr("NIC"), tr("Switch port")});
    m_placement->verticalHeader()->hide();
    m_placement->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_placement->setMaximumHeight(130);
    m_status->setText(tr("Start a training run to follow it here."));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_status);
    for (QChart *c : {m_timing, m_fabric}) {
        auto *view = new QChartView(c);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumHeight(130);
        layout->addWidget(view, 1);
    }
    layout->addWidget(m_placement);
    auto *timer = new QTimer(this);
    connect(timer, &QTimer::timeout, this, &TrainingView::refresh);
    timer->start(1000);
}

QList<TrainingView::Placement> TrainingView::place(const QStringList &hosts,
                                                   const models::FabricLayout &layout)
{
    QList<Placement> out;
    for (int r = 0; r < hosts.size(); ++r) {
        Placement p {r, hosts[r], {}, {}};
        for (const auto &a : layout.attachments) {
            for (const auto &s : a.servers) {
                if (s.name == hosts[r]) {
                    p.nic = s.name + QLatin1Char('/') + s.rdmaDevice;
                    p.switchPort = a.switchPort;
                }
            }
        }
        out.append(p);
    }
    return out;
}

void TrainingView::start(const QList<Placement> &ranks, qint64 startedMs)
{
    m_ranks = ranks;
    m_startedMs = startedMs;
    m_lastIteration = -1;
    for (QLineSeries *s : {m_step, m_allreduce, m_loss, m_ecn, m_cnp})
        s->clear();
    m_placement->setRowCount(int(ranks.size()));
    for (int i = 0; i < ranks.size(); ++i) {
        const Placement &p = ranks[i];
        const QStringList cells {QString::number(p.rank), p.host, p.nic,
                                 p.switchPort.isEmpty() ? tr("unknown") : p.switchPort};
        for (int c = 0; c < cells.size(); ++c)
            m_placement->setItem(i, c, new QTableWidgetItem(cells[c]));
    }
    m_placement->resizeColumnsToContents();
    m_status->setText(
        tr("Training on %n rank(s), waiting for the first iteration.", nullptr, int(ranks.size())));
}

void TrainingView::addIteration(int rank, const QJsonObject &iteration, qint64 wallMs)
{
    if (rank != 0)
        return;  // every rank reports the same averaged loss; rank 0 speaks for the job
    m_step->append(double(wallMs), iteration.value(QStringLiteral("step_ms")).toDouble());
    m_allreduce->append(double(wallMs), iteration.value(QStringLiteral("allreduce_ms")).toDouble());
    m_lastIteration = iteration.value(QStringLiteral("iteration")).toInt();
    m_lastLoss = iteration.value(QStringLiteral("loss")).toDouble();
    m_loss->append(double(wallMs), m_lastLoss);
    m_status->setText(status());
}

QString TrainingView::status() const
{
    if (m_lastIteration < 0)
        return m_status->text();
    return tr("Iteration %1: loss %2, step %3 ms, all-reduce %4 ms")
        .arg(m_lastIteration)
        .arg(m_lastLoss, 0, 'f', 4)
        .arg(m_step->count() ? m_step->at(m_step->count() - 1).y() : 0, 0, 'f', 1)
        .arg(m_allreduce->count() ? m_allreduce->at(m_allreduce->count() - 1).y() : 0, 0, 'f', 1);
}

void TrainingView::refresh()
{
    if (!m_startedMs)
        return;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    double top = 0;
    for (const QPointF &p : m_step->points())
        top = std::max(top, p.y());
    // fitAxes() sets every value axis; the loss axis gets its own range after it.
    fitAxes(m_timing, m_startedMs, now, top);
    double lossTop = 0;
    for (const QPointF &p : m_loss->points())
        lossTop = std::max(lossTop, p.y());
    m_lossAxis->setRange(0, lossTop > 0 ? lossTop * 1.1 : 1);
    if (!m_store)
        return;
    // The ranks' NICs summed per second: the counters of the whole job.
    double fabricTop = 0;
    for (const auto &[metric, series] :
         {std::pair {store::Metric::Ecn, m_ecn}, std::pair {store::Metric::CnpHandled, m_cnp}}) {
        QMap<qint64, double> perSecond;
        for (const Placement &p : std::as_const(m_ranks)) {
            if (p.nic.isEmpty())
                continue;
            for (const QPointF &pt : m_store->series(p.nic, metric, m_startedMs))
                perSecond[qint64(pt.x()) / 1000 * 1000] += pt.y();
        }
        QList<QPointF> points;
        for (auto it = perSecond.cbegin(); it != perSecond.cend(); ++it) {
            points.append(QPointF(double(it.key()), it.value()));
            fabricTop = std::max(fabricTop, it.value());
        }
        series->replace(points);
    }
    fitAxes(m_fabric, m_startedMs, now, fabricTop);
}

}  // namespace roce::widgets
