#include "recordingsettingsdialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace roce::widgets {

RecordingSettingsDialog::RecordingSettingsDialog(QSettings &settings,
                                                 const QString &defaultDirectory, QWidget *parent)
    : QDialog(parent),
      m_settings(settings),
      m_enabled(new QCheckBox(tr("Record everything the console sees, always"), this)),
      m_hours(new QDoubleSpinBox(this)),
      m_gib(new QDoubleSpinBox(this)),
      m_directory(new QLineEdit(this))
{
    setObjectName(QStringLiteral("recordingSettingsDialog"));
    setWindowTitle(tr("Recording settings"));
    m_enabled->setChecked(settings.value(QStringLiteral("recording/enabled"), true).toBool());
    m_hours->setRange(0.1, 24 * 365);
    m_hours->setDecimals(1);
    m_hours->setSuffix(tr(" h"));
    m_hours->setValue(settings.value(QStringLiteral("recording/maxHours"), 24).toDouble());
    m_gib->setRange(0.01, 100000);
    m_gib->setDecimals(2);
    m_gib->setSuffix(tr(" GiB"));
    m_gib->setValue(settings.value(QStringLiteral("recording/maxGiB"), 2).toDouble());
    m_directory->setText(
        settings.value(QStringLiteral("recording/directory"), defaultDirectory).toString());
    auto *browse = new QPushButton(tr("Browse..."), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Recordings directory"),
                                                              m_directory->text());
        if (!dir.isEmpty())
            m_directory->setText(dir);
    });
    auto *where = new QHBoxLayout;
    where->addWidget(m_directory, 1);
    where->addWidget(browse);
    auto *form = new QFormLayout;
    form->addRow(m_enabled);
    form->addRow(tr("Keep at most:"), m_hours);
    form->addRow(tr("and at most:"), m_gib);
    form->addRow(tr("Directory:"), where);
    auto *note = new QLabel(tr("Hourly segments; the oldest go first when either limit is "
                               "reached. A crash or a power cut loses at most the last second."),
                            this);
    note->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        save();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(buttons);
}

void RecordingSettingsDialog::save()
{
    m_settings.setValue(QStringLiteral("recording/enabled"), m_enabled->isChecked());
    m_settings.setValue(QStringLiteral("recording/maxHours"), m_hours->value());
    m_settings.setValue(QStringLiteral("recording/maxGiB"), m_gib->value());
    m_settings.setValue(QStringLiteral("recording/directory"), m_directory->text().trimmed());
    m_settings.sync();
}

}  // namespace roce::widgets
