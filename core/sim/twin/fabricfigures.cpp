#include "sim/twin/fabricfigures.h"

#include <QJsonValue>

#include <array>
#include <cmath>

namespace roce::sim::twin {

namespace {

struct FigureField {
    const char *key;
    double FabricFigures::*value;
    double floor;  ///< below this, the fabric showed nothing
};

constexpr std::array<FigureField, 9> kFields {{
    {"queue_mean_kb", &FabricFigures::queueMeanKb, 1},
    {"goodput_gbps", &FabricFigures::goodputGbps, 0.01},
    {"ecn_marks_per_s", &FabricFigures::ecnMarksPerS, 1},
    {"cnp_sent_per_s", &FabricFigures::cnpSentPerS, 1},
    {"cnp_handled_per_s", &FabricFigures::cnpHandledPerS, 1},
    {"rx_pauses_per_s", &FabricFigures::rxPausesPerS, 1},
    {"tx_pauses_per_s", &FabricFigures::txPausesPerS, 1},
    {"ingress_mmu_drops_per_s", &FabricFigures::ingressMmuDropsPerS, 1},
    {"egress_drops_per_s", &FabricFigures::egressDropsPerS, 1},
}};

const FigureField *fieldOf(const QString &key)
{
    for (const FigureField &f : kFields) {
        if (key == QLatin1String(f.key))
            return &f;
    }
    return nullptr;
}

}  // namespace

QStringList figureKeys()
{
    QStringList keys;
    for (const FigureField &f : kFields)
        keys.append(QLatin1String(f.key));
    return keys;
}

double figure(const FabricFigures &figures, const QString &key)
{
    const FigureField *f = fieldOf(key);
    return f ? figures.*(f->value) : 0;
}

QJsonObject figuresToJson(const FabricFigures &figures)
{
    QJsonObject out;
    for (const FigureField &f : kFields)
        out.insert(QLatin1String(f.key), figures.*(f.value));
    out.insert(QStringLiteral("queue_port"), figures.queuePort);
    return out;
}

QJsonObject relativeErrors(const FabricFigures &predicted, const FabricFigures &observed)
{
    QJsonObject out;
    for (const FigureField &f : kFields) {
        const double p = predicted.*(f.value);
        const double o = observed.*(f.value);
        if (std::abs(o) < f.floor)
            out.insert(QLatin1String(f.key),
                       std::abs(p) < f.floor ? QJsonValue(0.0) : QJsonValue(QJsonValue::Null));
        else
            out.insert(QLatin1String(f.key), std::abs(p - o) / std::abs(o));
    }
    return out;
}

bool dropsAgree(double predicted, double observed)
{
    if (observed < 1)
        return predicted < 1;
    return predicted >= observed / 2 && predicted <= observed * 2;
}

}  // namespace roce::sim::twin
