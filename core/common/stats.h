#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

namespace roce {

/// The @p q quantile (0..1) of @p values by nearest rank; 0 when empty. Reorders @p values
/// (nth_element: linear, no full sort).
inline double quantile(std::vector<double> &values, double q)
{
    if (values.empty())
        return 0;
    const auto rank = std::size_t(
        std::clamp(std::ceil(q * double(values.size())) - 1.0, 0.0, double(values.size() - 1)));
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(rank), values.end());
    return values[rank];
}

/// @p v rounded to two decimals: the precision reports and evidence show figures with.
inline double round2(double v)
{
    return std::round(v * 100) / 100;
}

}  // namespace roce
