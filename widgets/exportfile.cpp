#include "exportfile.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileDialog>
#include <QMessageBox>
#include <QPixmap>
#include <QWidget>

namespace roce::widgets {

namespace {

class ExportText
{
    Q_DECLARE_TR_FUNCTIONS(ExportText)
};

}  // namespace

bool saveText(const QString &path, const QString &text, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(text.toUtf8()) < 0) {
        if (error)
            *error = f.errorString();
        return false;
    }
    return true;
}

bool saveWidgetPng(QWidget *widget, const QString &path, QString *error)
{
    if (!widget->grab().save(path, "PNG")) {
        if (error)
            *error = ExportText::tr("cannot write %1").arg(path);
        return false;
    }
    return true;
}

void askAndSave(QWidget *parent, const QString &title, const QString &suggestedName,
                const QString &filter,
                const std::function<bool(const QString &path, QString *error)> &save)
{
    const QString path = QFileDialog::getSaveFileName(parent, title, suggestedName, filter);
    QString error;
    if (!path.isEmpty() && !save(path, &error))
        QMessageBox::warning(parent, ExportText::tr("Export failed"), error);
}

}  // namespace roce::widgets
