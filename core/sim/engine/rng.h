#pragma once

#include <cstdint>

namespace roce::sim {

/// SplitMix64: seeds the per-port generators from one master seed (REFERENCE-DCQCN §6.6).
inline std::uint64_t splitMix64(std::uint64_t &state)
{
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/// xoshiro256**: small, fast and identical on every platform (unlike std distributions).
class Xoshiro256
{
public:
    Xoshiro256() = default;
    Xoshiro256(std::uint64_t masterSeed, std::uint64_t stream)
    {
        std::uint64_t sm = masterSeed ^ (stream * 0xd1342543de82ef95ULL);
        for (auto &word : m_s)
            word = splitMix64(sm);
    }

    std::uint64_t next()
    {
        const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
        const std::uint64_t t = m_s[1] << 17;
        m_s[2] ^= m_s[0];
        m_s[3] ^= m_s[1];
        m_s[1] ^= m_s[2];
        m_s[0] ^= m_s[3];
        m_s[2] ^= t;
        m_s[3] = rotl(m_s[3], 45);
        return result;
    }

    /// Bernoulli trial with probability threshold/2^64 (threshold = p * 2^64).
    bool bernoulli(std::uint64_t threshold) { return next() < threshold; }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t m_s[4] = {1, 2, 3, 4};
};

}  // namespace roce::sim
