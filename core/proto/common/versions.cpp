#include "proto/common/versions.h"

#include "buildinfo.h"

namespace roce {

QString applicationVersion()
{
    return QStringLiteral(ROCE_VERSION_STRING);
}

}  // namespace roce
