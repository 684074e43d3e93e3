// What every fuzz target shares: the input as Qt types and a check that fails loudly.
#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <QString>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace roce::fuzz {

/// The input without a copy: QByteArray over libFuzzer's buffer, which has exactly @p size
/// bytes, so AddressSanitizer sees any read past the end (a copy would hide it in Qt's spare
/// capacity).
inline QByteArray rawBytes(const std::uint8_t *data, std::size_t size)
{
    return QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
}

/// The input as text, decoded as the parsers' callers decode tool output.
inline QString utf8Text(const std::uint8_t *data, std::size_t size)
{
    return QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
}

/// Compact JSON of @p value, to compare two values whatever their key order.
inline QByteArray compact(const QJsonValue &value)
{
    if (value.isObject())
        return QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    if (value.isArray())
        return QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
    return QJsonDocument(QJsonArray {value}).toJson(QJsonDocument::Compact);
}

/// An invariant of a parser: when it does not hold, the input is a finding (libFuzzer saves
/// it as a crash), with both values printed.
[[noreturn]] inline void fail(const char *what, const QByteArray &a = {}, const QByteArray &b = {})
{
    std::fprintf(stderr, "invariant broken: %s\n", what);
    // Long values: from a little before where they first differ.
    qsizetype from = 0;
    while (from < a.size() && from < b.size() && a.at(from) == b.at(from))
        ++from;
    from = !a.isEmpty() && !b.isEmpty() ? qMax<qsizetype>(0, from - 200) : 0;
    if (!a.isEmpty())
        std::fprintf(stderr, "  first:  %s\n", a.mid(from, 2000).constData());
    if (!b.isEmpty())
        std::fprintf(stderr, "  second: %s\n", b.mid(from, 2000).constData());
    std::abort();
}

}  // namespace roce::fuzz

#define ROCE_FUZZ_CHECK(condition)                                                                 \
    do {                                                                                           \
        if (!(condition))                                                                          \
            ::roce::fuzz::fail(#condition);                                                        \
    } while (false)
