#pragma once

#include <QCoreApplication>
#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcSsh)

namespace roce::ssh {

/// tr() context of every user-visible string of the SSH module.
class SshText
{
    Q_DECLARE_TR_FUNCTIONS(SshText)
};

}  // namespace roce::ssh
