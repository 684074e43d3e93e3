#pragma once

#include <QString>

class QWidget;

namespace roce::app {

/// After @p delayMs, renders @p window into a PNG at @p path (creating its folder) and
/// ends the event loop: exit code 0 when the file was written, 1 otherwise. Used by
/// `roce-console --screenshot` for documentation and by the GUI smoke test.
void scheduleScreenshot(QWidget *window, const QString &path, int delayMs);

}  // namespace roce::app
