#include "live/hub/componentversions.h"

#include "buildinfo.h"

#include <QtGlobal>

#include <libssh/libssh.h>

namespace roce {

QList<ComponentVersion> componentVersions()
{
    QList<ComponentVersion> list;
    list.append({QStringLiteral("qt"), QStringLiteral("Qt"), QString::fromLatin1(qVersion()),
                 QStringLiteral("runtime")});
    // ssh_version(0) returns the full runtime version string, e.g. "0.10.6/openssl/zlib".
    list.append({QStringLiteral("libssh"), QStringLiteral("libssh"),
                 QString::fromLatin1(ssh_version(0)), QStringLiteral("runtime")});
    // libibverbs has no run-time version call; rdma-core's version is the tail of the
    // libibverbs pkg-config version (1.14.44.0 -> rdma-core 44.0).
    list.append({QStringLiteral("rdma_core"), QStringLiteral("rdma-core"),
                 QStringLiteral(ROCE_RDMA_CORE_VERSION), QStringLiteral("build")});
    list.append({QStringLiteral("qtkeychain"), QStringLiteral("QtKeychain"),
                 QStringLiteral(ROCE_QTKEYCHAIN_VERSION), QStringLiteral("build")});
    return list;
}

}  // namespace roce
