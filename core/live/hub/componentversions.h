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

/// Versions of Qt, libssh, rdma-core (libibverbs) and QtKeychain, read at run time where the
/// library can tell, otherwise the version the build was configured against. It lives above
/// the agent's library because libssh and QtKeychain are the console's, not the agent's.
QList<ComponentVersion> componentVersions();

}  // namespace roce
