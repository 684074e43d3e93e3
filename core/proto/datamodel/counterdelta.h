#pragma once

#include <QtGlobal>

#include <optional>

namespace roce::model {

/// Counter delta between two readings taken @p seconds apart, at most @p maxPerSecond (0: no
/// bound known). A 64-bit or 32-bit wrap (from near the top of the width to near zero, with a
/// plausible delta) is counted; anything else that goes backwards, a drop to zero, and a jump
/// above the bound are resets: nullopt.
std::optional<quint64> counterDelta(quint64 previous, quint64 current, double seconds,
                                    double maxPerSecond);

}  // namespace roce::model
