#include "proto/datamodel/counterdelta.h"

namespace roce::model {

namespace {

constexpr quint64 k32 = quint64(1) << 32;
// Slack over line rate before a delta counts as implausible (rounding of poll times).
constexpr double kSlack = 1.25;

}  // namespace

std::optional<quint64> counterDelta(quint64 previous, quint64 current, double seconds,
                                    double maxPerSecond)
{
    const double bound = maxPerSecond > 0 ? maxPerSecond * seconds * kSlack : 0;
    auto plausible = [&](quint64 d) { return bound > 0 ? double(d) <= bound : true; };
    if (current >= previous) {
        const quint64 d = current - previous;
        return plausible(d) ? std::optional(d) : std::nullopt;
    }
    // A counter that falls to exactly zero was reset (reload, clear, or a spurious zero),
    // never wrapped. A wrap leaves the counter near its width's top and brings it back near
    // zero: 64-bit (NX-OS) from the upper half, 32-bit (older counters) from the top quarter.
    if (current == 0)
        return std::nullopt;
    const quint64 wrapped64 = current - previous;  // modulo 2^64
    if (previous >= (quint64(1) << 63) && current < (quint64(1) << 62) && plausible(wrapped64))
        return wrapped64;
    if (previous < k32 && previous >= k32 / 4 * 3 && current < k32 / 4) {
        const quint64 wrapped32 = current + k32 - previous;
        if (bound > 0 ? double(wrapped32) <= bound : wrapped32 < k32 / 2)
            return wrapped32;
    }
    return std::nullopt;
}

}  // namespace roce::model
