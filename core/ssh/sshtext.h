#pragma once

#include <QCoreApplication>

namespace roce::ssh {

/// tr() context of every user-visible string of the SSH module.
class SshText
{
    Q_DECLARE_TR_FUNCTIONS(SshText)
};

}  // namespace roce::ssh
