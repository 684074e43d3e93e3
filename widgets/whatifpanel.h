#pragma once

#include "collect/results/resultstore.h"

#include <QStringList>
#include <QWidget>

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
    /// The preview's runs (previewRuns()), and what the twin assumed or could not tell.
    void showPreview(const QList<results::RunRecord> &runs, const QStringList &uncertain,
                     const QStringList &notes);
    void showFailure(const QString &message);
    ComparisonView *comparison() const { return m_comparison; }

signals:
    void previewRequested(const QString &change, int seconds);

private:
    QPlainTextEdit *m_change;
    QSpinBox *m_seconds;
    QPushButton *m_preview;
    QLabel *m_status;
    ComparisonView *m_comparison;
    QLabel *m_notes;
    QSplitter *m_split;
};

}  // namespace roce::widgets
