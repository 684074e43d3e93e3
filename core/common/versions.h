#pragma once

#include <QList>
#include <QString>

namespace roce {

/// One component the program is built on, with the version in use.
struct ComponentVersion {
    QString key;      ///< stable machine name, e.g. "qt", "libssh"
    QString name;     ///< human name, e.g. "Qt"
    QString version;  ///< version string as reported by the component
    QString source;   ///< "runtime" or "build" (where the number was read)
};

/// Version of RoCE Fabric Console itself.
QString applicationVersion();

/// Versions of Qt, libssh, rdma-core (libibverbs) and QtKeychain, read at run time where the
/// library can tell, otherwise the version the build was configured against.
QList<ComponentVersion> componentVersions();

}  // namespace roce
