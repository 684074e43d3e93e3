#pragma once

#include <QString>

namespace roce::model {

/// Whether two strings hold the same text, the cheap answer first. Sources, the recordings'
/// string pool and the hub share one string per port name, state and peer, so two equal
/// strings are nearly always the same data; Qt's operator== calls out to compare the
/// characters even then, and the tick asks this for every port of every frame.
inline bool sameText(const QString &a, const QString &b) noexcept
{
    return a.size() == b.size() && (a.constData() == b.constData() || a == b);
}

}  // namespace roce::model
