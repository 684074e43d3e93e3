#pragma once

#include "live/recording/annotation.h"

#include <QDialog>

class QCheckBox;
class QDateTimeEdit;
class QDialogButtonBox;
class QLineEdit;
class QRadioButton;

namespace roce::widgets {

/// Writes an annotation: at a moment or over a range (a moment can be given an end), about
/// the whole fabric or the port it was asked on, and its text (required).
class AnnotationDialog : public QDialog
{
    Q_OBJECT

public:
    AnnotationDialog(qint64 fromMs, qint64 toMs, const QString &port, QWidget *parent = nullptr);

    /// What the user wrote, with a new id and the time it was written.
    recording::Annotation annotation() const;
    QLineEdit *textEdit() const { return m_text; }
    QDialogButtonBox *buttons() const { return m_buttons; }
    QCheckBox *untilBox() const { return m_until; }
    QDateTimeEdit *untilEdit() const { return m_untilEdit; }
    QRadioButton *portChoice() const { return m_onPort; }

private:
    qint64 m_fromMs, m_toMs;
    QString m_port;
    QLineEdit *m_text;
    QCheckBox *m_until;
    QDateTimeEdit *m_untilEdit;
    QRadioButton *m_onFabric, *m_onPort;
    QDialogButtonBox *m_buttons;
};

}  // namespace roce::widgets
