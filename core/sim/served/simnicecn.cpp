#include "sim/served/simnicecn.h"

#include "sim/engine/fabric.h"

#include <QCoreApplication>

#include <functional>

namespace roce::sim {

namespace {

class SimNicEcnText
{
    Q_DECLARE_TR_FUNCTIONS(SimNicEcnText)
};

/// One file of roce_rp/ or roce_np/: how it reads from and writes to the model.
struct EcnFile {
    const char *name;
    std::function<qint64(const DcqcnParams &, const HostConfig &)> read;
    std::function<void(DcqcnParams &, HostConfig &, qint64)> write;
    qint64 max;  ///< largest value the file takes
};

constexpr qint64 kMaxRateMbps = 800000;
constexpr qint64 kMaxUs = 100000000;

const QList<EcnFile> &rpFiles()
{
    static const QList<EcnFile> files {
        {"rpg_time_reset",
         [](const DcqcnParams &d, const HostConfig &) { return d.timeReset / kNsPerUs; },
         [](DcqcnParams &d, HostConfig &, qint64 v) { d.timeReset = v * kNsPerUs; }, kMaxUs},
        {"rpg_ai_rate", [](const DcqcnParams &d, const HostConfig &) { return d.aiRate / kMbps; },
         [](DcqcnParams &d, HostConfig &, qint64 v) { d.aiRate = v * kMbps; }, kMaxRateMbps},
        {"rpg_hai_rate", [](const DcqcnParams &d, const HostConfig &) { return d.haiRate / kMbps; },
         [](DcqcnParams &d, HostConfig &, qint64 v) { d.haiRate = v * kMbps; }, kMaxRateMbps},
        {"rpg_min_rate", [](const DcqcnParams &d, const HostConfig &) { return d.minRate / kMbps; },
         [](DcqcnParams &d, HostConfig &, qint64 v) { d.minRate = v * kMbps; }, kMaxRateMbps},
        {"rate_to_set_on_first_cnp",
         [](const DcqcnParams &d, const HostConfig &) { return d.rateOnFirstCnp / kMbps; },
         [](DcqcnParams &d, HostConfig &, qint64 v) { d.rateOnFirstCnp = v * kMbps; },
         kMaxRateMbps},
        // In 64-byte units (REFERENCE-DCQCN §8: assumed until read on hardware); 0: none.
        {"rpg_byte_reset",
         [](const DcqcnParams &d, const HostConfig &) { return d.byteReset / 64; },
         [](DcqcnParams &d, HostConfig &, qint64 v) { d.byteReset = v * 64; }, 1LL << 31},
        {"rpg_threshold",
         [](const DcqcnParams &d, const HostConfig &) { return qint64(d.threshold); },
         [](DcqcnParams &d, HostConfig &, qint64 v) { d.threshold = int(v); }, 31},
        {"rpg_gd", [](const DcqcnParams &d, const HostConfig &) { return qint64(d.gd); },
         [](DcqcnParams &d, HostConfig &, qint64 v) { d.gd = int(v); }, 15},
        {"rpg_min_dec_fac",
         [](const DcqcnParams &d, const HostConfig &) { return qint64(d.minDecFac); },
         [](DcqcnParams &d, HostConfig &, qint64 v) { d.minDecFac = int(v); }, 100},
        {"dce_tcp_g", [](const DcqcnParams &d, const HostConfig &) { return qint64(d.dceTcpG); },
         [](DcqcnParams &d, HostConfig &, qint64 v) { d.dceTcpG = int(v); }, 1023},
        {"dce_tcp_rtt",
         [](const DcqcnParams &d, const HostConfig &) { return d.alphaPeriod / kNsPerUs; },
         [](DcqcnParams &d, HostConfig &, qint64 v) {
             d.alphaPeriod = std::max<qint64>(1, v) * kNsPerUs;
         },
         kMaxUs},
        {"rate_reduce_monitor_period",
         [](const DcqcnParams &d, const HostConfig &) { return d.rateReducePeriod / kNsPerUs; },
         [](DcqcnParams &d, HostConfig &, qint64 v) {
             d.rateReducePeriod = std::max<qint64>(1, v) * kNsPerUs;
         },
         kMaxUs},
        {"initial_alpha_value",
         [](const DcqcnParams &d, const HostConfig &) { return qint64(d.initialAlpha); },
         [](DcqcnParams &d, HostConfig &, qint64 v) { d.initialAlpha = int(v); }, 1023},
        {"clamp_tgt_rate",
         [](const DcqcnParams &d, const HostConfig &) { return qint64(d.clampTgtRate); },
         [](DcqcnParams &d, HostConfig &, qint64 v) { d.clampTgtRate = v != 0; }, 1},
        {"clamp_tgt_rate_after_time_inc",
         [](const DcqcnParams &d, const HostConfig &) {
             return qint64(d.clampTgtRateAfterTimeInc);
         },
         [](DcqcnParams &d, HostConfig &, qint64 v) { d.clampTgtRateAfterTimeInc = v != 0; }, 1},
    };
    return files;
}

const QList<EcnFile> &npFiles()
{
    static const QList<EcnFile> files {
        {"min_time_between_cnps",
         [](const DcqcnParams &d, const HostConfig &) { return d.minTimeBetweenCnps / kNsPerUs; },
         [](DcqcnParams &d, HostConfig &, qint64 v) { d.minTimeBetweenCnps = v * kNsPerUs; },
         kMaxUs},
        {"cnp_dscp", [](const DcqcnParams &, const HostConfig &h) { return qint64(h.cnpDscp); },
         [](DcqcnParams &, HostConfig &h, qint64 v) { h.cnpDscp = int(v); }, 63},
    };
    return files;
}

/// Applies one directory's files (@p values) with @p files and the per-priority enables to
/// @p prios; the first refusal, or nothing.
QString applyDirectory(const QString &dir, const QList<EcnFile> &files, const QJsonObject &values,
                       DcqcnParams &d, HostConfig &h, quint8 &prios)
{
    for (auto it = values.begin(); it != values.end(); ++it) {
        const QString value = it.value().isString() ? it.value().toString().trimmed()
                                                    : QString::number(it.value().toInteger(-1));
        bool ok = false;
        const qint64 v = value.toLongLong(&ok);
        const QString path = dir + QLatin1Char('/') + it.key();
        if (it.key().startsWith(QLatin1String("enable/"))) {
            bool okPrio = false;
            const int prio = it.key().mid(7).toInt(&okPrio);
            if (!okPrio || prio < 0 || prio > 7)
                return SimNicEcnText::tr("%1: no such file").arg(path);
            if (!ok || (v != 0 && v != 1))
                return SimNicEcnText::tr("%1: takes 0 or 1, not '%2'").arg(path, value);
            prios = quint8(v ? (prios | (1u << prio)) : (prios & ~(1u << prio)));
            continue;
        }
        const auto file = std::find_if(files.begin(), files.end(), [&](const EcnFile &f) {
            return it.key() == QLatin1String(f.name);
        });
        if (file == files.end())
            return SimNicEcnText::tr("%1: no such file").arg(path);
        if (!ok || v < 0 || v > file->max)
            return SimNicEcnText::tr("%1: takes 0 to %2, not '%3'")
                .arg(path)
                .arg(file->max)
                .arg(value);
        file->write(d, h, v);
    }
    return {};
}

}  // namespace

NicEcnFiles readNicEcn(const Fabric &fabric, int host)
{
    const DcqcnParams d = fabric.hostDcqcn(host);
    const HostConfig h = fabric.hostConfig(host);
    NicEcnFiles out;
    for (const EcnFile &f : rpFiles())
        out.roceRp.insert(QLatin1String(f.name), QString::number(f.read(d, h)));
    for (const EcnFile &f : npFiles())
        out.roceNp.insert(QLatin1String(f.name), QString::number(f.read(d, h)));
    for (int prio = 0; prio < 8; ++prio) {
        const QString key = QStringLiteral("enable/") + QString::number(prio);
        out.roceNp.insert(
            key, (h.ecnNpPrios & (1u << prio)) ? QStringLiteral("1") : QStringLiteral("0"));
        out.roceRp.insert(
            key, (h.ecnRpPrios & (1u << prio)) ? QStringLiteral("1") : QStringLiteral("0"));
    }
    return out;
}

Result<void> writeNicEcn(Fabric &fabric, int host, const QJsonObject &roceNp,
                         const QJsonObject &roceRp)
{
    DcqcnParams d = fabric.hostDcqcn(host);
    HostConfig h = fabric.hostConfig(host);
    QString error
        = applyDirectory(QStringLiteral("roce_np"), npFiles(), roceNp, d, h, h.ecnNpPrios);
    if (error.isEmpty())
        error = applyDirectory(QStringLiteral("roce_rp"), rpFiles(), roceRp, d, h, h.ecnRpPrios);
    if (!error.isEmpty())
        return makeError(ErrorCode::InvalidArgument, error);
    fabric.setHostDcqcn(host, d);
    fabric.setHostConfig(host, h);
    return {};
}

}  // namespace roce::sim
