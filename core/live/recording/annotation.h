#pragma once

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>

#include <optional>

namespace roce::recording {

/// A note on the time axis: a moment ("PFC storm starts") or a range ("WRED min 150 KB from
/// here"), about the whole fabric or one port. Kept in the recording with everything else, so
/// that replays, clips and exports carry it; shown on every chart and on the timeline.
struct Annotation {
    qint64 id = 0;      ///< unique within a recording (see nextAnnotationId())
    qint64 fromMs = 0;  ///< console clock, ms since the epoch
    qint64 toMs = 0;    ///< == fromMs: a moment
    QString port;       ///< a port's key ("leaf1/Ethernet1/3", "gpu01/mlx5_0/1"); empty: the fabric
    QString text;
    qint64 createdMs = 0;  ///< when it was written (wall clock)

    bool isRange() const { return toMs > fromMs; }
    /// Whether it is shown for @p portKey: fabric-wide notes everywhere, port notes on theirs.
    bool appliesTo(const QString &portKey) const { return port.isEmpty() || port == portKey; }
    bool overlaps(qint64 from, qint64 to) const { return fromMs <= to && toMs >= from; }
    friend bool operator==(const Annotation &, const Annotation &) = default;
};

/// {"id", "from_ms", "to_ms", "port" (absent: the fabric), "text", "created_ms"}: the form
/// annotations take in recordings, exports and `rocectl replay --json`.
QJsonObject annotationToJson(const Annotation &annotation);
/// The inverse; nullopt (and @p error says which field) when a field is missing or wrong.
std::optional<Annotation> annotationFromJson(const QJsonObject &json, QString *error = nullptr);
/// An id no other annotation of this process got: the wall clock in microseconds, made
/// strictly increasing.
qint64 nextAnnotationId();

}  // namespace roce::recording

Q_DECLARE_METATYPE(roce::recording::Annotation)
