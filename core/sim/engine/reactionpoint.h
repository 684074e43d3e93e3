#pragma once

#include "sim/engine/params.h"

namespace roce::sim {

/// DCQCN reaction point of one QP (sender side): current rate RC, target rate RT, alpha
/// and the increase/decrease timers, for both the NVIDIA firmware semantics and the
/// SIGCOMM'15 paper (REFERENCE-DCQCN §6.4). Pure integer arithmetic.
class ReactionPoint
{
public:
    ReactionPoint() = default;
    ReactionPoint(const DcqcnParams *params, RateBps lineRate);

    /// A CNP reached this QP at time @p t.
    void onCnp(TimeNs t);
    /// Runs the alpha, decrease and increase timers due at or before @p t.
    void runTimers(TimeNs t);
    /// @p bytes were sent: advances the byte counter (and its increase events).
    void onBytesSent(Bytes bytes);
    /// Link speed changed (or the QP moved): rates are clamped to the new line rate.
    void setLineRate(RateBps lineRate);

    RateBps currentRate() const { return m_rc; }
    RateBps targetRate() const { return m_rt; }
    /// Alpha in 1/1024 (nvidia) or 1/65536 scaled to 1/1024 (paper), for display.
    int alpha1024() const;
    bool congested() const { return m_seenCnp; }
    /// Earliest time a timer of this QP is due (for skipping idle time).
    TimeNs nextTimer() const;

private:
    void increase(bool byTimer);
    void decreaseNvidia();

    const DcqcnParams *m_p = nullptr;
    RateBps m_line = 0;
    RateBps m_rc = 0;
    RateBps m_rt = 0;
    int m_alpha = 0;  // nvidia: 0..1023; paper: 0..65536 (Q16)
    bool m_seenCnp = false;
    bool m_alphaCnp = false;
    bool m_decCnp = false;
    int m_t = 0;   // timer increase stage
    int m_bc = 0;  // byte-counter increase stage
    Bytes m_byteAcc = 0;
    TimeNs m_tAlpha = 0;
    TimeNs m_tDec = 0;
    TimeNs m_tInc = 0;
};

}  // namespace roce::sim
