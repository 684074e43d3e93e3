#include "annotationdialog.h"

#include <QCheckBox>
#include <QDateTime>
#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace roce::widgets {

namespace {

QString timeText(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
}

}  // namespace

AnnotationDialog::AnnotationDialog(qint64 fromMs, qint64 toMs, const QString &port, QWidget *parent)
    : QDialog(parent),
      m_fromMs(fromMs),
      m_toMs(std::max(fromMs, toMs)),
      m_port(port),
      m_text(new QLineEdit(this)),
      m_until(new QCheckBox(tr("Until"), this)),
      m_untilEdit(new QDateTimeEdit(this)),
      m_onFabric(new QRadioButton(tr("The whole fabric"), this)),
      m_onPort(new QRadioButton(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("annotationDialog"));
    setWindowTitle(tr("Annotate"));
    auto *form = new QFormLayout;
    const bool range = m_toMs > m_fromMs;
    form->addRow(tr("When:"),
                 new QLabel(range ? tr("%1 to %2").arg(timeText(m_fromMs), timeText(m_toMs))
                                  : timeText(m_fromMs),
                            this));
    // A moment can be made a range ("WRED min 150 KB from here" until it was changed back).
    m_untilEdit->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    m_untilEdit->setDateTime(QDateTime::fromMSecsSinceEpoch(m_fromMs + 60'000));
    m_untilEdit->setMinimumDateTime(QDateTime::fromMSecsSinceEpoch(m_fromMs));
    m_untilEdit->setEnabled(false);
    connect(m_until, &QCheckBox::toggled, m_untilEdit, &QWidget::setEnabled);
    if (!range) {
        auto *until = new QHBoxLayout;
        until->addWidget(m_until);
        until->addWidget(m_untilEdit, 1);
        form->addRow(QString(), until);
    } else {
        m_until->hide();
        m_untilEdit->hide();
    }
    m_onPort->setText(tr("Port %1").arg(port));
    m_onPort->setVisible(!port.isEmpty());
    (port.isEmpty() ? m_onFabric : m_onPort)->setChecked(true);
    auto *about = new QVBoxLayout;
    about->addWidget(m_onFabric);
    about->addWidget(m_onPort);
    form->addRow(tr("About:"), about);
    m_text->setObjectName(QStringLiteral("annotationText"));
    m_text->setPlaceholderText(tr("What happened, or what was changed (\"WRED min 150 KB from "
                                  "here\")"));
    m_text->setMinimumWidth(380);
    form->addRow(tr("Note:"), m_text);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_buttons);
    QPushButton *ok = m_buttons->button(QDialogButtonBox::Ok);
    ok->setEnabled(false);
    connect(m_text, &QLineEdit::textChanged, ok,
            [ok](const QString &t) { ok->setEnabled(!t.trimmed().isEmpty()); });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

recording::Annotation AnnotationDialog::annotation() const
{
    recording::Annotation a;
    a.id = recording::nextAnnotationId();
    a.fromMs = m_fromMs;
    a.toMs = m_toMs;
    if (m_until->isChecked() && m_toMs == m_fromMs)
        a.toMs = std::max(m_fromMs, m_untilEdit->dateTime().toMSecsSinceEpoch());
    a.port = m_onPort->isChecked() ? m_port : QString();
    a.text = m_text->text().trimmed();
    a.createdMs = QDateTime::currentMSecsSinceEpoch();
    return a;
}

}  // namespace roce::widgets
