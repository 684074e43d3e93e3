#include "linemesh.h"

#include <algorithm>
#include <cmath>

namespace roce::widgets {

namespace {

/// 32.32 fixed point: a line's minor coordinate steps by a constant, in integers.
qint64 toFixed(double v)
{
    return qint64(std::llround(std::clamp(v, -1e9, 1e9) * 4294967296.0));
}

/// One line much as QPainter draws a one-pixel aliased line: along its major axis every
/// pixel from the one holding its start to the one holding its end, each at the row (column)
/// where the line crosses that pixel's centre. Where a falling line steps to the next row,
/// QPainter's stroker may round the other way: a pixel off at most. Only the pixels inside the
/// image are visited, however long the line (a map zoomed far in has lines thousands of pixels
/// long).
void drawLine(QImage &image, QRgb pixel, const QLineF &line)
{
    const double dx = line.dx(), dy = line.dy();
    const bool alongX = std::abs(dx) >= std::abs(dy);
    // Along the major axis a, the minor coordinate b = base + a * slope.
    const double a1 = alongX ? line.x1() : line.y1(), a2 = alongX ? line.x2() : line.y2();
    const double b1 = alongX ? line.y1() : line.x1();
    const double slope = alongX ? (dx == 0 ? 0 : dy / dx) : dx / dy;
    const double base = b1 - a1 * slope;
    const double lo = std::min(a1, a2), hi = std::max(a1, a2);
    const int major = alongX ? image.width() : image.height();
    const int minor = alongX ? image.height() : image.width();
    if (hi < 0 || lo >= major)
        return;
    // Clamped before they become ints: a map zoomed far in has ends far outside.
    const int first = int(std::floor(std::max(lo, 0.0)));
    const int last = int(std::floor(std::min(hi, double(major - 1))));
    // The end pixels sample the line where it ends, not past it.
    const auto at = [&](int a) { return toFixed(base + std::clamp(a + 0.5, lo, hi) * slope); };
    const qint64 step = toFixed(slope);
    // Stepped from the first pixel's centre; the two end pixels are sampled apart.
    qint64 b = toFixed(base + (first + 0.5) * slope);
    auto *bits = reinterpret_cast<QRgb *>(image.bits());
    const qsizetype stride = image.bytesPerLine() / qsizetype(sizeof(QRgb));
    const qsizetype majorStride = alongX ? 1 : stride, minorStride = alongX ? stride : 1;
    for (int a = first; a <= last; ++a, b += step) {
        const qint64 bi = (a == first || a == last ? at(a) : b) >> 32;  // floor, in C++20
        if (bi >= 0 && bi < minor)
            bits[a * majorStride + bi * minorStride] = pixel;
    }
}

}  // namespace

void drawLineMesh(QImage &image, const QList<ColouredLines> &lines)
{
    Q_ASSERT(image.format() == QImage::Format_ARGB32_Premultiplied);
    for (const auto &[colour, group] : lines) {
        const QRgb pixel = qPremultiply(colour);
        for (const QLineF &line : group)
            drawLine(image, pixel, line);
    }
}

}  // namespace roce::widgets
