#pragma once

#include "proto/datamodel/metric.h"

#include <QList>
#include <QObject>
#include <QPointF>
#include <QString>

namespace roce::store {

/// History kept somewhere else than the console's memory (a metrics store), read a window at
/// a time: the charts ask for what they show, get what has arrived so far, and are told when
/// more has. The console's own CounterStore keeps the recent past at full rate either way.
class RangeHistory : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    /// Points (ms, value) of @p port / @p metric within [@p fromMs, @p toMs] as far as they
    /// have arrived; asks for them when the window is not held yet (never blocks).
    virtual QList<QPointF> series(const QString &port, model::Metric metric, qint64 fromMs,
                                  qint64 toMs)
        = 0;

signals:
    /// More points of @p port arrived.
    void updated(const QString &port);
    /// Reading @p port's history failed: why.
    void failed(const QString &port, const QString &message);
};

}  // namespace roce::store
