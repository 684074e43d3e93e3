#pragma once

#include "collect/monitor/agentmonitor.h"
#include "live/experiments/experimentrunner.h"

#include <QHash>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace roce::widgets {

/// The test launcher: pick the experiment (RDMA bandwidth or latency, TCP bandwidth or
/// latency, a pairwise matrix, a training run), the hosts, the device and GID (offered from
/// the agent's GID table, RoCE v2 marked), QPs, message size or a sweep, duration or
/// iterations, traffic class, or a preset from the seeds' runs. Emits the requests; shows
/// progress and offers cancel while they run.
class ExperimentLauncher : public QWidget
{
    Q_OBJECT

public:
    enum Experiment { RdmaBandwidth, RdmaLatency, TcpBandwidth, TcpLatency, Matrix, Training };
    Q_ENUM(Experiment)
    enum Preset { NoPreset, SeedBandwidth, SeedLatency, SizeSweep, RdmaVersusTcp };
    Q_ENUM(Preset)

    explicit ExperimentLauncher(QWidget *parent = nullptr);

    void setHosts(const QList<experiments::ExperimentHost> &hosts);
    void setGids(const QString &host, const QList<monitor::HostGid> &gids);

    /// The requests the form describes now (a preset may make several).
    QList<experiments::ExperimentRequest> requests() const;

    // For tests and scripted demos: what a user would click.
    void setExperiment(Experiment e);
    void setPreset(Preset p);
    void setPair(const QString &server, const QString &client);
    void setLabel(const QString &label);
    void setDurationSeconds(int seconds);
    void setIterations(int iterations);
    void setTool(const QString &tool);
    void setMessageSize(int bytes);
    /// Matrix and training: run on these hosts only.
    void setSelectedHosts(const QStringList &hosts);
    QPushButton *runButton() const { return m_run; }
    QPushButton *cancelButton() const { return m_cancel; }

public slots:
    void setRunning(bool running);
    void appendProgress(const QString &line);

signals:
    void startRequested(const QList<roce::experiments::ExperimentRequest> &requests);
    void cancelRequested();

private:
    void updateVisibility();
    void updateTools();
    void updateGidChoices();
    void applyPreset();
    experiments::ExperimentRequest baseRequest(const QString &tool) const;
    const experiments::ExperimentHost *host(const QString &name) const;

    QList<experiments::ExperimentHost> m_hosts;
    QHash<QString, QList<monitor::HostGid>> m_gids;
    QFormLayout *m_form = nullptr;
    QComboBox *m_experiment, *m_tool, *m_preset, *m_server, *m_client, *m_hub, *m_gid, *m_backend;
    QListWidget *m_hostList;
    QLineEdit *m_device, *m_label;
    QSpinBox *m_qps, *m_size, *m_duration, *m_iterations, *m_dscp, *m_modelMb;
    QCheckBox *m_sweep;
    QPushButton *m_run, *m_cancel;
    QPlainTextEdit *m_log;
};

}  // namespace roce::widgets
