#pragma once

#include <QtGlobal>

#include <array>
#include <bitset>
#include <optional>

namespace roce::nxapi {

/// A fixed set of 64-bit counters named by enum @p E (which ends in `Count`), each either
/// reported or absent. Absent is not zero: a release that does not report a counter must not
/// look like one that reports no traffic. No allocation, so parsing a 48-port switch stays
/// cheap.
template <typename E> class CounterSet
{
public:
    static constexpr std::size_t Size = std::size_t(E::Count);

    void set(E c, quint64 v)
    {
        m_values[std::size_t(c)] = v;
        m_present.set(std::size_t(c));
    }
    void add(E c, quint64 v) { set(c, value(c).value_or(0) + v); }
    std::optional<quint64> value(E c) const
    {
        if (!m_present.test(std::size_t(c)))
            return std::nullopt;
        return m_values[std::size_t(c)];
    }
    bool has(E c) const { return m_present.test(std::size_t(c)); }
    bool empty() const { return m_present.none(); }

private:
    std::array<quint64, Size> m_values {};
    std::bitset<Size> m_present;
};

}  // namespace roce::nxapi
