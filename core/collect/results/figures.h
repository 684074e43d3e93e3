#pragma once

#include <QString>
#include <QStringView>
#include <QtGlobal>

namespace roce::results {

/// How the value of a figure of a run is written for people.
enum class FigureUnit : quint8 {
    Text,          ///< words, shown as they are (the tool, the state)
    Number,        ///< a plain number (a loss, a count of queue pairs)
    Packets,       ///< a counter total of packets or frames: "1500 pkt"
    Bytes,         ///< a traffic volume, SI: "3.07 GB"
    Bits,          ///< a traffic volume counted in bits, written in bytes as Bytes is
    MessageBytes,  ///< a message size, binary (perftest's sizes are powers of 2): "64 KiB"
    Gbps,          ///< "23.15 Gb/s"
    Microseconds,  ///< "14.32 us"
    Milliseconds,  ///< "812.4 ms"
    Seconds,       ///< "2.5 s"
    PerSecond,     ///< a rate of events: "13263 /s", "0.5 /s"
    Kilobytes,     ///< a queue's depth: "319.1 KB"
};

/// A figure's name for people (translated) and how its value is written.
struct FigureInfo {
    QString label;
    FigureUnit unit = FigureUnit::Number;
};

/// The one table of figure names that `rocectl results` and the console's Compare view
/// share. @p key is a row of a comparison ("bandwidth_gbps", "latency_p99_usec",
/// "mean_step_ms", "sweep_65536_bytes"), a parameter of a run ("duration_s", "size"), or a
/// counter total during a run ("fabric_cnp_handled" of the NICs, "switch_mmu_drops" of the
/// switch; a recording's range has them under the metric keys, "fabric_ecn_marks_per_s"),
/// which is named after its metric in the metric table. A key nobody knows comes back as
/// itself, as a number: a new figure still shows, only less nicely.
FigureInfo figureInfo(const QString &key);

/// @p value with its unit: "23.15 Gb/s", "3.07 GB", "64 KiB", "0 pkt" (Text: the number).
QString formatFigure(double value, FigureUnit unit);
/// A traffic volume in SI units (1 GB = 10^9 bytes, as Gb/s counts bits): "1.5 GB".
QString formatBytes(double bytes);
/// A message size in binary units: "2 B", "64 KiB", "8 MiB".
QString formatMessageSize(double bytes);

}  // namespace roce::results
