#include "sim/engine/reactionpoint.h"

#include <algorithm>
#include <limits>

namespace roce::sim {

namespace {
constexpr int kPaperOne = 65536;  // alpha = 1.0 in Q16
// NVIDIA alpha is specified in 1/1024 units. Updating a 10-bit value every microsecond with
// (G*a)>>10 floors away a whole unit per tick once alpha is small, which zeroes it within
// microseconds of each CNP; the documented steady state (~1 % cut per CNP) needs the
// fraction. Alpha is therefore kept with 10 extra fractional bits (still integer, exact).
constexpr int kAlphaFrac = 10;
constexpr TimeNs kNever = std::numeric_limits<TimeNs>::max();
}  // namespace

ReactionPoint::ReactionPoint(const DcqcnParams *params, RateBps lineRate)
    : m_p(params), m_line(lineRate), m_rc(lineRate), m_rt(lineRate)
{
    // DCQCN has no slow start: QPs begin at line rate (REFERENCE-DCQCN §1.1).
    m_alpha
        = params->flavor == DcqcnFlavor::Paper2015 ? kPaperOne : params->initialAlpha << kAlphaFrac;
}

int ReactionPoint::alpha1024() const
{
    if (m_p && m_p->flavor == DcqcnFlavor::Paper2015)
        return int((std::int64_t(m_alpha) * 1024) / kPaperOne);
    return m_alpha >> kAlphaFrac;
}

TimeNs ReactionPoint::nextTimer() const
{
    if (!m_seenCnp)
        return kNever;
    return std::min({m_tAlpha, m_tDec, m_tInc});
}

void ReactionPoint::setLineRate(RateBps lineRate)
{
    m_line = lineRate;
    m_rc = std::min(m_rc, lineRate);
    m_rt = std::min(m_rt, lineRate);
    if (!m_seenCnp)
        m_rc = m_rt = lineRate;
}

void ReactionPoint::onCnp(TimeNs t)
{
    const DcqcnParams &p = *m_p;
    if (p.flavor == DcqcnFlavor::Paper2015) {
        // Paper: cut at once per CNP, RT = RC, alpha moves towards 1.
        m_seenCnp = true;
        m_rt = m_rc;
        const RateBps cut = RateBps((__int128(m_rc) * m_alpha) >> 17);  // RC * alpha / 2
        m_rc = std::max(p.minRate, m_rc - cut);
        m_alpha = m_alpha - (m_alpha >> p.paperGShift) + (kPaperOne >> p.paperGShift);
        m_t = m_bc = 0;
        m_byteAcc = 0;
        m_tInc = t + p.timeReset;
        m_tAlpha = t + p.alphaPeriod;
        m_tDec = kNever;
        return;
    }
    if (!m_seenCnp) {
        m_seenCnp = true;
        m_alpha = p.initialAlpha << kAlphaFrac;
        if (p.rateOnFirstCnp > 0)
            m_rc = m_rt = std::min(p.rateOnFirstCnp, m_line);
        m_tAlpha = t + p.alphaPeriod;
        m_tDec = t + p.rateReducePeriod;
        m_tInc = t + p.timeReset;
        // HPCC's mlx model cuts 4 us after the first CNP; isekai only arms the timers.
        m_decCnp = p.decreaseOnFirstCnp;
        return;
    }
    m_alphaCnp = true;
    m_decCnp = true;
}

void ReactionPoint::decreaseNvidia()
{
    const DcqcnParams &p = *m_p;
    if (p.clampTgtRate || m_bc > 0 || (p.clampTgtRateAfterTimeInc && m_t > 0))
        m_rt = m_rc;
    const RateBps byAlpha = RateBps((__int128(m_rc) * m_alpha) >> (p.gd + kAlphaFrac));
    const RateBps capped = m_rc * (100 - p.minDecFac) / 100;
    m_rc -= std::min(byAlpha, capped);
    m_rc = std::max(m_rc, p.minRate);
    m_t = m_bc = 0;
    m_byteAcc = 0;
    m_decCnp = false;
}

void ReactionPoint::increase(bool byTimer)
{
    const DcqcnParams &p = *m_p;
    if (p.flavor == DcqcnFlavor::Paper2015) {
        // Paper: increment the stage counter first, then pick the stage (QCN style).
        (byTimer ? m_t : m_bc)++;
        const int hi = std::max(m_t, m_bc);
        const int lo = std::min(m_t, m_bc);
        if (hi < p.threshold) {
            // fast recovery: RT unchanged
        } else if (lo > p.threshold) {
            m_rt += RateBps(lo - p.threshold) * p.haiRate;
        } else {
            m_rt += p.aiRate;
        }
        m_rt = std::min(m_rt, m_line);
        m_rc = std::min(m_line, (m_rc + m_rt) / 2);
        return;
    }
    // Without a byte counter (SimAI's DCQCN) the timer's stage alone decides.
    const int bc = p.byteReset > 0 ? m_bc : m_t;
    if (std::min(m_t, bc) > p.threshold)
        m_rt += p.haiRate;
    else if (std::max(m_t, bc) >= p.threshold)
        m_rt += p.aiRate;
    m_rt = std::min(m_rt, m_line);
    m_rc = std::min(m_line, (m_rc + m_rt) / 2);
    (byTimer ? m_t : m_bc)++;
}

void ReactionPoint::runTimers(TimeNs t)
{
    if (!m_seenCnp)
        return;
    const DcqcnParams &p = *m_p;
    if (p.flavor == DcqcnFlavor::Paper2015) {
        while (t >= m_tAlpha) {
            m_alpha -= m_alpha >> p.paperGShift;
            m_tAlpha += p.alphaPeriod;
        }
        while (t >= m_tInc) {
            increase(true);
            m_tInc += p.timeReset;
        }
        return;
    }
    while (t >= m_tAlpha) {
        if (!m_alphaCnp && m_alpha == 0) {
            // Alpha at rest: jump to the next period after t instead of looping per tick.
            const TimeNs periods = (t - m_tAlpha) / p.alphaPeriod + 1;
            m_tAlpha += periods * p.alphaPeriod;
            break;
        }
        if (m_alphaCnp)
            m_alpha = std::min(1023 << kAlphaFrac,
                               ((p.dceTcpG * m_alpha) >> 10) + ((1024 - p.dceTcpG) << kAlphaFrac));
        else
            m_alpha = (p.dceTcpG * m_alpha) >> 10;
        m_alphaCnp = false;
        m_tAlpha += p.alphaPeriod;
    }
    while (t >= m_tDec) {
        if (m_decCnp) {
            decreaseNvidia();
            m_tInc = m_tDec + p.timeReset;  // a decrease restarts the increase timer
        }
        m_tDec += p.rateReducePeriod;
    }
    while (t >= m_tInc) {
        increase(true);
        m_tInc += p.timeReset;
    }
}

void ReactionPoint::onBytesSent(Bytes bytes)
{
    if (!m_seenCnp || m_p->byteReset <= 0)
        return;
    m_byteAcc += bytes;
    while (m_byteAcc >= m_p->byteReset) {
        m_byteAcc -= m_p->byteReset;
        increase(false);
    }
}

}  // namespace roce::sim
