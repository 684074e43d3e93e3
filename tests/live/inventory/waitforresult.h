#pragma once

#include "proto/common/result.h"

#include <QDeadlineTimer>
#include <QTest>

#include <optional>

/// Runs @p start(callback) and waits, with the event loop running, for the callback's Result
/// (the keychain answers asynchronously over D-Bus); a callback that never comes is a Timeout
/// error, which the caller's checks then report.
template <typename T, typename Start> T waitForResult(Start start)
{
    std::optional<T> out;
    start([&out](T value) { out.emplace(std::move(value)); });
    QDeadlineTimer deadline(10000);
    while (!out && !deadline.hasExpired())
        QTest::qWait(10);
    if (!out)
        return T(roce::Error {roce::ErrorCode::Timeout, QStringLiteral("no answer within 10 s")});
    return std::move(*out);
}
