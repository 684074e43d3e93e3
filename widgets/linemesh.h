#pragma once

#include <QImage>
#include <QLineF>
#include <QList>
#include <QRgb>

#include <utility>

namespace roce::widgets {

/// Lines of one colour, in the image's pixels.
using ColouredLines = std::pair<QRgb, QList<QLineF>>;

/// Draws @p lines one pixel wide, opaque and without smoothing into @p image (ARGB32
/// premultiplied), within a pixel of where QPainter's aliased one-pixel pen would, in order: later
/// lines over earlier ones, what falls outside clipped away. The fabric map's spine-leaf mesh
/// is thousands of long lines a frame; QPainter blends them pixel by pixel through its span
/// functions, this writes each pixel once.
void drawLineMesh(QImage &image, const QList<ColouredLines> &lines);

}  // namespace roce::widgets
