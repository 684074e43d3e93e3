#pragma once

#include "proto/common/result.h"

#include <QCoreApplication>

namespace roce::cli {

/// tr() context of every user-visible string of `rocectl run`.
class RunText
{
    Q_DECLARE_TR_FUNCTIONS(RunText)
};

/// A mistake on the command line.
inline Error usageError(const QString &message)
{
    return makeError(ErrorCode::InvalidArgument, message);
}

}  // namespace roce::cli
