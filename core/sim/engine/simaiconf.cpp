#include "sim/engine/simaiconf.h"

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>

#include <cmath>

namespace roce::sim {

namespace {

class SimaiText
{
    Q_DECLARE_TR_FUNCTIONS(SimaiText)
};

/// An ns-3 DataRate string ("50Mb/s", "1Gbps", "100000b/s"), in bit/s; -1 if it is not one.
RateBps dataRate(const QString &text)
{
    static const QRegularExpression re(
        QStringLiteral("^([0-9]+(?:\\.[0-9]+)?)\\s*([kKmMgG]?)(?:b/s|bps)$"));
    const auto m = re.match(text);
    if (!m.hasMatch())
        return -1;
    const QString prefix = m.captured(2).toLower();
    const double scale = prefix == QLatin1String("k") ? 1e3
        : prefix == QLatin1String("m")                ? 1e6
        : prefix == QLatin1String("g")                ? 1e9
                                                      : 1.0;
    return RateBps(std::llround(m.captured(1).toDouble() * scale));
}

QString rateText(RateBps rate)
{
    return rate % kMbps == 0 ? QStringLiteral("%1Mb/s").arg(rate / kMbps)
                             : QStringLiteral("%1b/s").arg(rate);
}

/// A map key's value list ("N r1 v1 ... rN vN") at link speed @p speed.
Result<double> mapValue(const QString &key, const QStringList &values, RateBps speed)
{
    bool ok = false;
    const int n = values.value(0).toInt(&ok);
    if (!ok || n < 1 || values.size() < 1 + 2 * n) {
        return makeError(ErrorCode::Parse,
                         SimaiText::tr("%1: expected a count and that many pairs of link speed "
                                       "and value")
                             .arg(key));
    }
    QStringList speeds;
    for (int i = 0; i < n; ++i) {
        bool okRate = false, okValue = false;
        const qint64 rate = values.value(1 + 2 * i).toLongLong(&okRate);
        const double value = values.value(2 + 2 * i).toDouble(&okValue);
        if (!okRate || !okValue)
            return makeError(ErrorCode::Parse,
                             SimaiText::tr("%1: pair %2 is not two numbers").arg(key).arg(i + 1));
        if (rate == speed)
            return value;
        speeds.append(QString::number(rate / kGbps) + QLatin1Char('G'));
    }
    return makeError(ErrorCode::NotFound,
                     SimaiText::tr("%1 has no value for %2G links (it has %3)")
                         .arg(key)
                         .arg(speed / kGbps)
                         .arg(speeds.join(QStringLiteral(", "))));
}

}  // namespace

Result<SimaiParams> readSimaiConf(const QString &text, RateBps linkSpeed, const SimaiParams &base)
{
    // SimAI reads whitespace-separated tokens: a key, then its value(s); a map's values run
    // to the next key. Keys are upper case with underscores.
    static const QRegularExpression keyRe(QStringLiteral("^[A-Z][A-Z0-9_]*$"));
    QHash<QString, QStringList> keys;
    QString current;
    for (const QString &token :
         text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts)) {
        if (keyRe.match(token).hasMatch()) {
            current = token;
            keys.insert(current, {});
        } else if (!current.isEmpty()) {
            keys[current].append(token);
        }
    }
    SimaiParams out = base;
    DcqcnParams &d = out.dcqcn;
    auto value = [&](const QString &key) { return keys.value(key).value(0); };
    for (const QString &key :
         {QStringLiteral("CC_MODE"), QStringLiteral("ALPHA_RESUME_INTERVAL"),
          QStringLiteral("RATE_DECREASE_INTERVAL"), QStringLiteral("RP_TIMER"),
          QStringLiteral("EWMA_GAIN"), QStringLiteral("FAST_RECOVERY_TIMES"),
          QStringLiteral("RATE_AI"), QStringLiteral("RATE_HAI"), QStringLiteral("MIN_RATE"),
          QStringLiteral("KMIN_MAP"), QStringLiteral("KMAX_MAP"), QStringLiteral("PMAX_MAP")}) {
        if (value(key).isEmpty())
            return makeError(ErrorCode::Parse,
                             SimaiText::tr("%1 is missing or has no value").arg(key));
    }
    if (value(QStringLiteral("CC_MODE")) != QLatin1String("1")) {
        return makeError(ErrorCode::Unsupported,
                         SimaiText::tr("CC_MODE %1 is not DCQCN (1): 3 is HPCC, 7 TIMELY, 8 DCTCP")
                             .arg(value(QStringLiteral("CC_MODE"))));
    }
    if (value(QStringLiteral("RATE_BOUND")) == QLatin1String("0")) {
        return makeError(ErrorCode::Unsupported,
                         SimaiText::tr("RATE_BOUND 0: SimAI then sends at line rate whatever "
                                       "DCQCN decides, which this model does not do"));
    }
    auto micros = [&](const QString &key, TimeNs *target) {
        bool ok = false;
        const double us = value(key).toDouble(&ok);
        if (ok && us > 0)
            *target = TimeNs(std::llround(us * double(kNsPerUs)));
        return ok && us > 0;
    };
    auto rate = [&](const QString &key, RateBps *target) {
        const RateBps r = dataRate(value(key));
        if (r > 0)
            *target = r;
        return r > 0;
    };
    bool okG = false, okF = false;
    const double g = value(QStringLiteral("EWMA_GAIN")).toDouble(&okG);
    const int f = value(QStringLiteral("FAST_RECOVERY_TIMES")).toInt(&okF);
    if (!micros(QStringLiteral("ALPHA_RESUME_INTERVAL"), &d.alphaPeriod)
        || !micros(QStringLiteral("RATE_DECREASE_INTERVAL"), &d.rateReducePeriod)
        || !micros(QStringLiteral("RP_TIMER"), &d.timeReset)
        || !rate(QStringLiteral("RATE_AI"), &d.aiRate)
        || !rate(QStringLiteral("RATE_HAI"), &d.haiRate)
        || !rate(QStringLiteral("MIN_RATE"), &d.minRate) || !okG || g <= 0 || g >= 1 || !okF
        || f < 0) {
        return makeError(ErrorCode::Parse,
                         SimaiText::tr("a DCQCN value does not parse (intervals in us, rates as "
                                       "50Mb/s, EWMA_GAIN in (0, 1), FAST_RECOVERY_TIMES >= 0)"));
    }
    // SimAI's reaction point is NVIDIA's: alpha = (1 - g) alpha + g every alpha interval that
    // saw a CNP, a cut of alpha/2 every decrease interval that saw one, no cut on the first
    // CNP, rate increases driven by the timer alone, the target clamped once increases began.
    d.flavor = DcqcnFlavor::Nvidia;
    d.dceTcpG = int(std::lround(1024.0 * (1.0 - g)));
    d.threshold = f;
    d.clampTgtRate = value(QStringLiteral("CLAMP_TARGET_RATE")) == QLatin1String("1");
    d.clampTgtRateAfterTimeInc = true;
    d.byteReset = 0;
    d.decreaseOnFirstCnp = false;
    d.rateOnFirstCnp = 0;
    d.initialAlpha = 1023;
    d.gd = 11;  // cut = RC * alpha / 2
    d.minDecFac = 50;
    // Its notification point sends a CNP for every marked packet.
    d.minTimeBetweenCnps = 0;
    d.deferCnp = false;

    const auto kmin
        = mapValue(QStringLiteral("KMIN_MAP"), keys.value(QStringLiteral("KMIN_MAP")), linkSpeed);
    const auto kmax
        = mapValue(QStringLiteral("KMAX_MAP"), keys.value(QStringLiteral("KMAX_MAP")), linkSpeed);
    const auto pmax
        = mapValue(QStringLiteral("PMAX_MAP"), keys.value(QStringLiteral("PMAX_MAP")), linkSpeed);
    for (const auto *r : {&kmin, &kmax, &pmax}) {
        if (!r->ok())
            return r->error();
    }
    // K values are in KB of 1000 bytes; PMAX is a probability.
    out.wred.kmin = Bytes(std::llround(kmin.value() * 1000));
    out.wred.kmax = Bytes(std::llround(kmax.value() * 1000));
    out.wred.pmaxPercent = int(std::lround(pmax.value() * 100));
    out.wred.ecn = true;
    out.wred.enabled = value(QStringLiteral("ENABLE_QCN")) != QLatin1String("0");
    if (out.wred.kmin >= out.wred.kmax) {
        return makeError(
            ErrorCode::Parse,
            SimaiText::tr("KMIN_MAP is not below KMAX_MAP at %1G").arg(linkSpeed / kGbps));
    }
    if (std::abs(pmax.value() * 100 - out.wred.pmaxPercent) > 1e-6) {
        out.notes.append(
            SimaiText::tr("PMAX %1 is rounded to %2 % (WRED here takes whole percents)")
                .arg(pmax.value())
                .arg(out.wred.pmaxPercent));
    }
    out.notes.append(SimaiText::tr("SimAI marks on the queue after the departing packet has left "
                                   "it; this model, on the queue before (one packet apart)"));
    return out;
}

QString writeSimaiConf(const SimaiParams &params, const QList<RateBps> &linkSpeeds,
                       QStringList *notes)
{
    const DcqcnParams &d = params.dcqcn;
    const WredParams &w = params.wred;
    auto us = [](TimeNs t) { return QString::number(double(t) / double(kNsPerUs)); };
    auto map = [&](auto value) {
        QStringList parts {QString::number(linkSpeeds.size())};
        for (const RateBps speed : linkSpeeds)
            parts << QString::number(speed) << value;
        return parts.join(QLatin1Char(' '));
    };
    // The alpha gain: NVIDIA's G in 1/1024 (alpha = G alpha + (1024 - G)), the paper's 1/2^k.
    const double g = d.flavor == DcqcnFlavor::Paper2015 ? 1.0 / double(1 << d.paperGShift)
                                                        : double(1024 - d.dceTcpG) / 1024.0;
    QString t;
    t += QStringLiteral("ENABLE_QCN %1\n").arg(w.enabled && w.ecn ? 1 : 0);
    t += QStringLiteral("CC_MODE 1\n");
    t += QStringLiteral("ALPHA_RESUME_INTERVAL %1\n").arg(us(d.alphaPeriod));
    t += QStringLiteral("RATE_DECREASE_INTERVAL %1\n").arg(us(d.rateReducePeriod));
    t += QStringLiteral("CLAMP_TARGET_RATE %1\n").arg(d.clampTgtRate ? 1 : 0);
    t += QStringLiteral("RP_TIMER %1\n").arg(us(d.timeReset));
    t += QStringLiteral("EWMA_GAIN %1\n").arg(QString::number(g, 'g', 10));
    t += QStringLiteral("FAST_RECOVERY_TIMES %1\n").arg(d.threshold);
    t += QStringLiteral("RATE_AI %1\n").arg(rateText(d.aiRate));
    t += QStringLiteral("RATE_HAI %1\n").arg(rateText(d.haiRate));
    t += QStringLiteral("MIN_RATE %1\n").arg(rateText(d.minRate));
    t += QStringLiteral("RATE_BOUND 1\n");
    t += QStringLiteral("KMAX_MAP %1\n").arg(map(QString::number(double(w.kmax) / 1000.0)));
    t += QStringLiteral("KMIN_MAP %1\n").arg(map(QString::number(double(w.kmin) / 1000.0)));
    t += QStringLiteral("PMAX_MAP %1\n").arg(map(QString::number(w.pmaxPercent / 100.0)));
    if (notes) {
        if (d.byteReset > 0) {
            notes->append(SimaiText::tr("the byte counter (%1 bytes) has no SimAI key: SimAI "
                                        "increases the rate on its timer alone")
                              .arg(d.byteReset));
        }
        if (d.minTimeBetweenCnps > 0) {
            notes->append(SimaiText::tr("min_time_between_cnps (%1 us) has no SimAI key: SimAI "
                                        "sends a CNP for every marked packet")
                              .arg(us(d.minTimeBetweenCnps)));
        }
        if (d.flavor == DcqcnFlavor::Paper2015) {
            notes->append(SimaiText::tr("the paper's reaction point (a cut on every CNP) has no "
                                        "SimAI mode: SimAI runs NVIDIA's"));
        }
        if (d.decreaseOnFirstCnp) {
            notes->append(SimaiText::tr("the cut on the first CNP has no SimAI key: SimAI cuts "
                                        "from the second"));
        }
    }
    return t;
}

}  // namespace roce::sim
