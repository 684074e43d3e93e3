#include "palette.h"

#include <algorithm>

namespace roce::widgets::palette {

QColor down()
{
    return {0x45, 0x4a, 0x50};
}

QColor drop()
{
    return {0xd3, 0x2f, 0x2f};
}

QColor pause()
{
    return {0xf9, 0xa8, 0x25};
}

QColor ecn()
{
    return {0x8e, 0x24, 0xaa};
}

QColor noData()
{
    return {0xd9, 0xdd, 0xe1};
}

QColor utilization(double fraction)
{
    const double t = std::clamp(fraction, 0.0, 1.0);
    return QColor::fromRgbF(float(0.89 - 0.84 * t), float(0.95 - 0.67 * t), float(0.99 - 0.36 * t));
}

QColor highlight()
{
    return {0x00, 0xc8, 0xff};
}

QColor selection()
{
    return QColor(0x1f, 0x6f, 0xeb);
}

QColor rootCause()
{
    return QColor(0x8b, 0x00, 0x3a);
}

QColor dropTint()
{
    return {0xf4, 0xc7, 0xc3};
}

QColor pauseTint()
{
    return {0xfc, 0xe8, 0xb2};
}

QColor ecnTint()
{
    return {0xe1, 0xbe, 0xe7};  // pale ecn()
}

QColor rateCutTint()
{
    return {0xf3, 0xe5, 0xf5};  // paler still: the far end of the CNP chain
}

QColor invalidTint()
{
    return {0xf8, 0xd7, 0xda};
}

QColor criticalText()
{
    return {0xb0, 0x1e, 0x14};
}

QColor warningText()
{
    return {0x9a, 0x5b, 0x00};
}

QColor linkLoad(double fraction)
{
    if (fraction <= 0.005)
        return {0xb0, 0xb0, 0xb0};
    const double t = std::clamp(fraction, 0.0, 1.0);
    if (t < 0.5)
        return QColor::fromRgbF(float(0.2 + 1.2 * t), 0.65f, 0.25f);
    return QColor::fromRgbF(0.85f, float(0.65 - 1.0 * (t - 0.5)), 0.2f);
}

QColor badness(double value)
{
    const QColor best = good(), mid = pause(), worst = drop();
    auto mix = [](const QColor &a, const QColor &b, double t) {
        return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
                                float(a.greenF() + (b.greenF() - a.greenF()) * t),
                                float(a.blueF() + (b.blueF() - a.blueF()) * t));
    };
    return value < 0.5 ? mix(best, mid, value * 2) : mix(mid, worst, (value - 0.5) * 2);
}

QColor good()
{
    return {0x2e, 0x9d, 0x4f};
}

QColor inTraffic()
{
    return {0x1f, 0x6f, 0xd1};
}

QColor failed()
{
    return {0x9e, 0x9e, 0x9e};
}

QColor suspect()
{
    return {0x8b, 0x00, 0x00};
}

QColor outline()
{
    return {0x44, 0x44, 0x44};
}

QColor titleText()
{
    return {0x22, 0x22, 0x22};
}

QColor subtitleText()
{
    return {0x33, 0x33, 0x33};
}

QColor containerBorder()
{
    return {0x90, 0x96, 0x9c};
}

QColor containerFill()
{
    return {0xf7, 0xf8, 0xfa};
}

QColor switchFill()
{
    return {0xdd, 0xe6, 0xf4};
}

QColor hypervisorFill()
{
    return {0xee, 0xee, 0xee};
}

QColor hypervisorLink()
{
    return {0x99, 0x99, 0x99};
}

}  // namespace roce::widgets::palette
