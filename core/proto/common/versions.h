#pragma once

#include <QList>
#include <QString>

namespace roce {

/// Version of RoCE Fabric Console itself.
QString applicationVersion();

}  // namespace roce
