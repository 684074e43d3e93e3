#include "screenshot.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QPixmap>
#include <QPointer>
#include <QTextStream>
#include <QTimer>
#include <QWidget>

#include <cstdio>

namespace roce::app {

namespace {
class ScreenshotText
{
    Q_DECLARE_TR_FUNCTIONS(ScreenshotText)
};
}  // namespace

void scheduleScreenshot(QWidget *window, const QString &path, int delayMs)
{
    QPointer<QWidget> guarded(window);
    QTimer::singleShot(delayMs, window, [guarded, path] {
        QTextStream err(stderr);
        if (!guarded) {
            QCoreApplication::exit(1);
            return;
        }
        const QFileInfo info(path);
        QDir().mkpath(info.absolutePath());
        const QPixmap pixmap = guarded->grab();
        if (pixmap.isNull() || !pixmap.save(path, "PNG")) {
            err << ScreenshotText::tr("roce-console: could not write screenshot to %1")
                       .arg(info.absoluteFilePath())
                << QLatin1Char('\n');
            QCoreApplication::exit(1);
            return;
        }
        err << ScreenshotText::tr("roce-console: screenshot saved to %1 (%2x%3)")
                   .arg(info.absoluteFilePath())
                   .arg(pixmap.width())
                   .arg(pixmap.height())
            << QLatin1Char('\n');
        QCoreApplication::exit(0);
    });
}

}  // namespace roce::app
