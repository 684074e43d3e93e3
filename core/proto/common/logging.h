#pragma once

#include <QLoggingCategory>

// One logging category per module. Enable with QT_LOGGING_RULES="roce.*.debug=true".
Q_DECLARE_LOGGING_CATEGORY(lcCore)
Q_DECLARE_LOGGING_CATEGORY(lcCli)
