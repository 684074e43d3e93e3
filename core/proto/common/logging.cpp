#include "proto/common/logging.h"

Q_LOGGING_CATEGORY(lcCore, "roce.core", QtInfoMsg)
Q_LOGGING_CATEGORY(lcCli, "roce.cli", QtInfoMsg)
