#pragma once

#include <QDialog>

class QCheckBox;
class QDoubleSpinBox;
class QLineEdit;
class QSettings;

namespace roce::widgets {

/// File > Recording settings...: whether the flight recorder runs, how much it keeps (hours
/// and GiB, the oldest segments go first) and where. Stored in QSettings under "recording/".
class RecordingSettingsDialog : public QDialog
{
    Q_OBJECT

public:
    RecordingSettingsDialog(QSettings &settings, const QString &defaultDirectory,
                            QWidget *parent = nullptr);

    /// Writes the fields to the settings (OK does it).
    void save();
    QCheckBox *enabledBox() const { return m_enabled; }
    QDoubleSpinBox *hoursBox() const { return m_hours; }
    QDoubleSpinBox *gibBox() const { return m_gib; }
    QLineEdit *directoryEdit() const { return m_directory; }

private:
    QSettings &m_settings;
    QCheckBox *m_enabled;
    QDoubleSpinBox *m_hours, *m_gib;
    QLineEdit *m_directory;
};

}  // namespace roce::widgets
