#pragma once

#include <QCoreApplication>

namespace roce::cli {

/// tr() context of every user-visible string of `rocectl run`.
class RunText
{
    Q_DECLARE_TR_FUNCTIONS(RunText)
};

}  // namespace roce::cli
