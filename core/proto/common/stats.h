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

/// The median of @p values: the middle one, or the mean of the two middle ones for an even
/// count (not the lower one, as quantile() by nearest rank gives: with two values that would be
/// their minimum); 0 when empty. Reorders @p values.
inline double median(std::vector<double> &values)
{
    if (values.empty())
        return 0;
    const std::size_t n = values.size();
    const auto upper = values.begin() + std::ptrdiff_t(n / 2);
    std::nth_element(values.begin(), upper, values.end());
    if (n % 2 == 1)
        return *upper;
    // After nth_element everything before upper is no greater: the lower middle is its max.
    return (*std::max_element(values.begin(), upper) + *upper) / 2;
}

/// @p v rounded to two decimals: the precision reports and evidence show figures with.
inline double round2(double v)
{
    return std::round(v * 100) / 100;
}

}  // namespace roce
