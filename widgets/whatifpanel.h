#pragma once

#include "collect/results/resultstore.h"
#include "nxapi/qos/qosform.h"

#include <QStringList>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QSplitter;

namespace roce::widgets {

class ComparisonView;

/// What if: a QoS change pasted as NX-OS configuration lines (and NIC lines
/// `ecn/roce_rp/FILE VALUE`), previewed on the twin of the fabric the window watches, and the
/// result beside the fabric now in the comparison view the experiments use: the fabric as it
/// was seen, the twin's run of it (how well it is calibrated), and the twin with the change.
/// The panel applies nothing to any device; the app runs the preview (previewRequested()).
class WhatIfPanel : public QWidget
{
    Q_OBJECT

public:
    explicit WhatIfPanel(QWidget *parent = nullptr);

    QString changeText() const;
    void setChangeText(const QString &text);
    int watchSeconds() const;
    /// Starts a preview as the Preview button does.
    void requestPreview();

    /// What the preview is doing (the button is disabled until it ends).
    void showProgress(const QString &what);
    /// The preview's runs (previewRuns()), and what the twin assumed or could not tell;
    /// @p packetModel: they ran on the packet model.
    void showPreview(const QList<results::RunRecord> &runs, const QStringList &uncertain,
                     const QStringList &notes, bool packetModel = false);
    void showFailure(const QString &message);
    ComparisonView *comparison() const { return m_comparison; }

    /// The settings in force, as the twin read them: the form starts from them and can be
    /// used from then on (before a first preview it cannot: there is nothing to start from).
    void setCurrentForm(const nxapi::QosForm &current);
    /// What the form's fields say now.
    nxapi::QosForm formValues() const;
    /// Writes @p lines (the form's change) into the change.
    void showComposed(const QString &lines);

signals:
    /// @p packetModel: the twin runs the packet model (every counter exact; slower on a large
    /// fabric) instead of the fluid one.
    void previewRequested(const QString &change, int seconds, bool packetModel);
    /// "Write the change": the lines that take the fabric from @p current to @p wanted.
    void composeRequested(const nxapi::QosForm &current, const nxapi::QosForm &wanted);

private:
    QPlainTextEdit *m_change;
    QSpinBox *m_seconds;
    QComboBox *m_model;
    QPushButton *m_preview;
    QLabel *m_status;
    ComparisonView *m_comparison;
    QLabel *m_notes;
    QSplitter *m_split;
    /// The form: beside the text, the settings most changes touch.
    QWidget *buildForm();
    void showForm(const nxapi::QosForm &current);
    QGroupBox *m_form = nullptr;
    QCheckBox *m_wred = nullptr, *m_ecn = nullptr, *m_pfc = nullptr, *m_staticPause = nullptr;
    QSpinBox *m_wredMin = nullptr, *m_wredMax = nullptr, *m_dropProbability = nullptr;
    QSpinBox *m_pause = nullptr, *m_resume = nullptr, *m_buffer = nullptr;
    QSpinBox *m_timeReset = nullptr;
    nxapi::QosForm m_current;
};

}  // namespace roce::widgets
