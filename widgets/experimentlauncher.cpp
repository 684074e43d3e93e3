#include "experimentlauncher.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace roce::widgets {

namespace {

QStringList toolsFor(ExperimentLauncher::Experiment e)
{
    switch (e) {
    case ExperimentLauncher::RdmaBandwidth:
        return {QStringLiteral("ib_write_bw"), QStringLiteral("ib_send_bw"),
                QStringLiteral("ib_read_bw")};
    case ExperimentLauncher::RdmaLatency:
        return {QStringLiteral("ib_write_lat"), QStringLiteral("ib_send_lat"),
                QStringLiteral("ib_read_lat")};
    case ExperimentLauncher::TcpBandwidth:
        return {QStringLiteral("iperf3")};
    case ExperimentLauncher::TcpLatency:
        return {QStringLiteral("sockperf")};
    case ExperimentLauncher::Matrix:
        return {QStringLiteral("ib_write_bw"), QStringLiteral("ib_write_lat"),
                QStringLiteral("ib_send_bw"),  QStringLiteral("ib_read_bw"),
                QStringLiteral("iperf3"),      QStringLiteral("sockperf")};
    case ExperimentLauncher::Training:
        return {QStringLiteral("train")};
    }
    return {};
}

QSpinBox *spin(int min, int max, int value, const QString &special = {})
{
    auto *s = new QSpinBox;
    s->setRange(min, max);
    s->setValue(value);
    if (!special.isEmpty())
        s->setSpecialValueText(special);
    return s;
}

}  // namespace

ExperimentLauncher::ExperimentLauncher(QWidget *parent)
    : QWidget(parent),
      m_experiment(new QComboBox),
      m_tool(new QComboBox),
      m_preset(new QComboBox),
      m_server(new QComboBox),
      m_client(new QComboBox),
      m_hub(new QComboBox),
      m_gid(new QComboBox),
      m_backend(new QComboBox),
      m_hostList(new QListWidget),
      m_device(new QLineEdit),
      m_label(new QLineEdit),
      m_qps(spin(1, 256, 1)),
      m_size(spin(0, 1 << 30, 0, tr("tool default"))),
      m_duration(spin(0, 3600, 0, tr("tool default"))),
      m_iterations(spin(0, 1000000, 0, tr("tool default"))),
      m_dscp(spin(-1, 63, -1,
                  tr("host "
                     "default"))),
      m_modelMb(spin(1, 4096, 16)),
      m_sweep(new QCheckBox(tr("every size from 2 B to 8 MB"))),
      m_run(new QPushButton(tr("Run"))),
      m_cancel(new QPushButton(tr("Cancel"))),
      m_log(new QPlainTextEdit)
{
    m_experiment->addItem(tr("RDMA bandwidth"), RdmaBandwidth);
    m_experiment->addItem(tr("RDMA latency"), RdmaLatency);
    m_experiment->addItem(tr("TCP bandwidth (iperf3)"), TcpBandwidth);
    m_experiment->addItem(tr("TCP latency (sockperf)"), TcpLatency);
    m_experiment->addItem(tr("Pairwise matrix"), Matrix);
    m_experiment->addItem(tr("Training run"), Training);
    m_preset->addItem(tr("None"), NoPreset);
    m_preset->addItem(tr("Seed bandwidth: 1 MB x 4 QPs"), SeedBandwidth);
    m_preset->addItem(tr("Seed latency: 2 B"), SeedLatency);
    m_preset->addItem(tr("Message size sweep"), SizeSweep);
    m_preset->addItem(tr("RDMA vs TCP (bandwidth, both)"), RdmaVersusTcp);
    m_backend->addItems({QStringLiteral("gloo"), QStringLiteral("nccl")});
    m_gid->addItem(tr("auto"), -1);
    m_device->setPlaceholderText(tr("first RDMA device"));
    m_label->setPlaceholderText(tr("e.g. QoS on, after IRQ tuning"));
    m_hostList->setMaximumHeight(120);
    m_dscp->setToolTip(tr("RoCE traffic class as DSCP (perftest --tclass = DSCP x 4)"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(5000);
    m_log->setPlaceholderText(tr("The tools' output appears here while a run goes."));
    m_cancel->setEnabled(false);

    m_form = new QFormLayout;
    m_form->addRow(tr("Experiment"), m_experiment);
    m_form->addRow(tr("Test"), m_tool);
    m_form->addRow(tr("Preset"), m_preset);
    m_form->addRow(tr("Server"), m_server);
    m_form->addRow(tr("Client"), m_client);
    m_form->addRow(tr("Hosts"), m_hostList);
    m_form->addRow(tr("Against"), m_hub);
    m_form->addRow(tr("Device"), m_device);
    m_form->addRow(tr("GID index"), m_gid);
    m_form->addRow(tr("QPs"), m_qps);
    m_form->addRow(tr("Message size (B)"), m_size);
    m_form->addRow(tr("Sweep"), m_sweep);
    m_form->addRow(tr("Duration (s)"), m_duration);
    m_form->addRow(tr("Iterations"), m_iterations);
    m_form->addRow(tr("DSCP"), m_dscp);
    m_form->addRow(tr("Backend"), m_backend);
    m_form->addRow(tr("Gradient (MB)"), m_modelMb);
    m_form->addRow(tr("Label"), m_label);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_run);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(m_form);
    layout->addLayout(buttons);
    layout->addWidget(m_log, 1);

    connect(m_experiment, &QComboBox::currentIndexChanged, this, [this] {
        updateTools();
        updateVisibility();
    });
    connect(m_preset, &QComboBox::currentIndexChanged, this, &ExperimentLauncher::applyPreset);
    connect(m_sweep, &QCheckBox::toggled, m_size, &QWidget::setDisabled);
    connect(m_server, &QComboBox::currentIndexChanged, this, &ExperimentLauncher::updateGidChoices);
    connect(m_run, &QPushButton::clicked, this, [this] {
        const auto list = requests();
        if (!list.isEmpty())
            emit startRequested(list);
    });
    connect(m_cancel, &QPushButton::clicked, this, &ExperimentLauncher::cancelRequested);
    updateTools();
    updateVisibility();
}

void ExperimentLauncher::setHosts(const QList<experiments::ExperimentHost> &hosts)
{
    m_hosts = hosts;
    for (QComboBox *c : {m_server, m_client}) {
        const QString current = c->currentText();
        c->clear();
        for (const auto &h : hosts)
            c->addItem(h.name);
        if (!current.isEmpty())
            c->setCurrentText(current);
    }
    if (m_client->currentIndex() == 0 && hosts.size() > 1)
        m_client->setCurrentIndex(1);
    m_hub->clear();
    m_hub->addItem(tr("every pair"));
    m_hostList->clear();
    for (const auto &h : hosts) {
        m_hub->addItem(h.name);
        auto *item = new QListWidgetItem(h.name, m_hostList);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
    }
    m_run->setEnabled(!hosts.isEmpty() && !m_cancel->isEnabled());
}

void ExperimentLauncher::setGids(const QString &hostName, const QList<monitor::HostGid> &gids)
{
    m_gids.insert(hostName, gids);
    if (hostName == m_server->currentText())
        updateGidChoices();
}

void ExperimentLauncher::updateGidChoices()
{
    const int current = m_gid->currentData().toInt();
    m_gid->clear();
    m_gid->addItem(tr("auto"), -1);
    for (const monitor::HostGid &g : m_gids.value(m_server->currentText())) {
        const bool v2 = g.gid.type == QLatin1String("RoCE v2");
        m_gid->addItem(tr("%1  %2 port %3  %4  %5%6")
                           .arg(g.gid.index)
                           .arg(g.device)
                           .arg(g.port)
                           .arg(g.gid.type, g.gid.ipv4.isEmpty() ? g.gid.gid : g.gid.ipv4,
                                v2 ? tr("  (RoCE v2)") : QString()),
                       g.gid.index);
        m_gid->setItemData(m_gid->count() - 1, g.device, Qt::UserRole + 1);
    }
    const int again = m_gid->findData(current);
    m_gid->setCurrentIndex(again >= 0 ? again : 0);
}

void ExperimentLauncher::updateTools()
{
    const auto e = Experiment(m_experiment->currentData().toInt());
    m_tool->clear();
    m_tool->addItems(toolsFor(e));
}

void ExperimentLauncher::updateVisibility()
{
    const auto e = Experiment(m_experiment->currentData().toInt());
    const bool pair = e != Matrix && e != Training;
    const bool rdma = e == RdmaBandwidth || e == RdmaLatency || e == Matrix;
    auto show = [this](QWidget *w, bool visible) { m_form->setRowVisible(w, visible); };
    show(m_server, pair);
    show(m_client, pair);
    show(m_hostList, !pair);
    show(m_hub, e == Matrix);
    show(m_device, rdma);
    show(m_gid, rdma);
    show(m_qps, e == RdmaBandwidth || e == Matrix);
    show(m_size, e != Training && e != TcpBandwidth);
    show(m_sweep, e == RdmaBandwidth || e == RdmaLatency);
    show(m_dscp, rdma);
    show(m_backend, e == Training);
    show(m_modelMb, e == Training);
    show(m_preset, e != Training);
}

void ExperimentLauncher::applyPreset()
{
    switch (Preset(m_preset->currentData().toInt())) {
    case NoPreset:
        return;
    case SeedBandwidth:
        setExperiment(RdmaBandwidth);
        m_size->setValue(1048576);
        m_qps->setValue(4);
        m_sweep->setChecked(false);
        break;
    case SeedLatency:
        setExperiment(RdmaLatency);
        m_size->setValue(2);
        m_sweep->setChecked(false);
        break;
    case SizeSweep:
        if (m_experiment->currentData().toInt() != RdmaLatency)
            setExperiment(RdmaBandwidth);
        m_sweep->setChecked(true);
        break;
    case RdmaVersusTcp:
        setExperiment(RdmaBandwidth);
        m_size->setValue(1048576);
        m_qps->setValue(4);
        break;
    }
}

const experiments::ExperimentHost *ExperimentLauncher::host(const QString &name) const
{
    for (const auto &h : m_hosts) {
        if (h.name == name)
            return &h;
    }
    return nullptr;
}

experiments::ExperimentRequest ExperimentLauncher::baseRequest(const QString &tool) const
{
    const auto e = Experiment(m_experiment->currentData().toInt());
    experiments::ExperimentRequest r;
    r.kind = e == Matrix ? experiments::ExperimentKind::Matrix
        : e == Training  ? experiments::ExperimentKind::Training
                         : experiments::ExperimentKind::Pair;
    r.label = m_label->text().trimmed();
    agentproto::JobSpec &j = r.job;
    j.tool = tool;
    if (m_duration->value() > 0)
        j.durationS = m_duration->value();
    if (j.isPerftest()) {
        j.device = m_device->text().trimmed();
        if (m_gid->currentData().toInt() >= 0) {
            j.gidIndex = m_gid->currentData().toInt();
            if (j.device.isEmpty())
                j.device = m_gid->currentData(Qt::UserRole + 1).toString();
        }
        if (!j.isLatency())
            j.qps = m_qps->value();
        j.allSizes = m_sweep->isChecked() && e != Matrix;
        if (m_size->value() > 0 && !j.allSizes)  // a sweep runs every size
            j.size = m_size->value();
        if (m_iterations->value() > 0)
            j.iterations = m_iterations->value();
        if (m_dscp->value() >= 0)
            j.trafficClass = m_dscp->value() * 4;
    } else if (tool == QLatin1String("sockperf")) {
        if (m_size->value() > 0)
            j.messageSize = m_size->value();
    } else if (tool == QLatin1String("train")) {
        j.backend = m_backend->currentText();
        j.modelMb = m_modelMb->value();
        if (m_iterations->value() > 0)
            j.trainIterations = m_iterations->value();
    }
    if (r.kind == experiments::ExperimentKind::Pair) {
        const auto *s = host(m_server->currentText());
        const auto *c = host(m_client->currentText());
        if (s && c)
            r.hosts = {*s, *c};
    } else {
        for (int i = 0; i < m_hostList->count(); ++i) {
            if (m_hostList->item(i)->checkState() == Qt::Checked) {
                if (const auto *h = host(m_hostList->item(i)->text()))
                    r.hosts.append(*h);
            }
        }
        if (r.kind == experiments::ExperimentKind::Matrix && m_hub->currentIndex() > 0)
            r.hub = m_hub->currentText();
    }
    return r;
}

QList<experiments::ExperimentRequest> ExperimentLauncher::requests() const
{
    QList<experiments::ExperimentRequest> list {baseRequest(m_tool->currentText())};
    if (Preset(m_preset->currentData().toInt()) == RdmaVersusTcp
        && m_experiment->currentData().toInt() == RdmaBandwidth) {
        experiments::ExperimentRequest tcp = baseRequest(QStringLiteral("iperf3"));
        tcp.job.qps = 1;
        tcp.job.size.reset();
        const QString base = list.first().label;
        list.first().label = base.isEmpty() ? tr("RDMA") : tr("%1, RDMA").arg(base);
        tcp.label = base.isEmpty() ? tr("TCP") : tr("%1, TCP").arg(base);
        list.append(tcp);
    }
    return list;
}

void ExperimentLauncher::setExperiment(Experiment e)
{
    m_experiment->setCurrentIndex(m_experiment->findData(e));
}

void ExperimentLauncher::setPreset(Preset p)
{
    m_preset->setCurrentIndex(m_preset->findData(p));
}

void ExperimentLauncher::setPair(const QString &server, const QString &client)
{
    m_server->setCurrentText(server);
    m_client->setCurrentText(client);
}

void ExperimentLauncher::setLabel(const QString &label)
{
    m_label->setText(label);
}

void ExperimentLauncher::setDurationSeconds(int seconds)
{
    m_duration->setValue(seconds);
}

void ExperimentLauncher::setIterations(int iterations)
{
    m_iterations->setValue(iterations);
}

void ExperimentLauncher::setMessageSize(int bytes)
{
    m_size->setValue(bytes);
}

void ExperimentLauncher::setTool(const QString &tool)
{
    m_tool->setCurrentText(tool);
}

void ExperimentLauncher::setSelectedHosts(const QStringList &hosts)
{
    for (int i = 0; i < m_hostList->count(); ++i) {
        m_hostList->item(i)->setCheckState(
            hosts.contains(m_hostList->item(i)->text()) ? Qt::Checked : Qt::Unchecked);
    }
}

void ExperimentLauncher::setRunning(bool running)
{
    m_run->setEnabled(!running && !m_hosts.isEmpty());
    m_cancel->setEnabled(running);
}

void ExperimentLauncher::appendProgress(const QString &line)
{
    m_log->appendPlainText(line);
}

}  // namespace roce::widgets
