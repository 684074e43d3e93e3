#include "sim/served/nxosconfig.h"

#include "nxapi/parse/qosconfig.h"
#include "sim/engine/fabric.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <optional>

namespace roce::sim {

namespace {

class NxosConfigText
{
    Q_DECLARE_TR_FUNCTIONS(NxosConfigText)
};

/// Bytes from "N [bytes|kbytes|mbytes]" at @p words[@p at] (a unit word, if any, is
/// consumed), or -1; NX-OS's units are decimal. (Not an optional: GCC 12 warns of its
/// value as maybe uninitialized after the checks.)
Bytes bytesAt(const QStringList &words, qsizetype &at)
{
    bool ok = false;
    const qint64 n = at < 0 ? -1 : words.value(at).toLongLong(&ok);
    if (!ok || n < 0)
        return -1;
    ++at;
    const QString unit = words.value(at).toLower();
    qint64 scale = 1;
    if (unit == QLatin1String("kbytes"))
        scale = 1000;
    else if (unit == QLatin1String("mbytes"))
        scale = 1000 * 1000;
    else if (unit != QLatin1String("bytes"))
        return n;
    ++at;
    return n * scale;
}

/// The value after @p keyword in @p words, from @p from on: its index, or -1.
qsizetype indexAfter(const QStringList &words, const QString &keyword, qsizetype from = 0)
{
    const qsizetype i = words.indexOf(keyword, from);
    return i < 0 || i + 1 >= words.size() ? -1 : i + 1;
}

/// DSCP values of a `match dscp` list (numbers, ranges, NX-OS's names), read as the audit
/// reads them; an item it cannot read is refused here rather than skipped.
std::optional<QList<int>> dscpList(const QStringList &words)
{
    static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
    QList<int> out;
    for (const QString &item : words.join(QLatin1Char(' ')).split(separators, Qt::SkipEmptyParts)) {
        const QList<int> values = nxapi::parseDscpList(item);
        if (values.isEmpty())
            return std::nullopt;
        out += values;
    }
    if (out.isEmpty())
        return std::nullopt;
    return out;
}

/// qos-group of the class-maps the simulated switch's running-config names.
int groupOfClassMap(const QString &name)
{
    if (name == QLatin1String("ROCE"))
        return ClassRoce;
    if (name == QLatin1String("CNP"))
        return ClassCnp;
    static const QRegularExpression qg(QStringLiteral("^QG([0-7])$"));
    const auto m = qg.match(name);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

QString invalid(const QString &command)
{
    return QStringLiteral("%1\n% Invalid command at '^' marker.\n").arg(command);
}

}  // namespace

NxosConfigurator::NxosConfigurator(Fabric &fabric, int switchIndex)
    : m_fabric(fabric), m_switch(switchIndex)
{ }

void NxosConfigurator::setPolicyNames(const QString &queuing, const QString &networkQos)
{
    m_queuingPolicy = queuing.isEmpty() ? defaultQueuingPolicy() : queuing;
    m_networkQosPolicy = networkQos.isEmpty() ? defaultNetworkQosPolicy() : networkQos;
}

QList<nxapi::CommandOutput> NxosConfigurator::run(const QStringList &commands)
{
    // A request starts in configuration mode, as NX-API's cli_conf does.
    m_mode = Mode::Config;
    QList<nxapi::CommandOutput> outputs;
    for (const QString &command : commands) {
        nxapi::CommandOutput out;
        out.input = command;
        const QString error = apply(command.simplified());
        if (error.isEmpty()) {
            out.body = QJsonObject {};
            out.msg = nxapi::codeMessage(nxapi::CommandCode::Success);
        } else {
            out.code = nxapi::CommandCode::CliError;
            out.clierror = error;
            out.msg = nxapi::codeMessage(out.code);
        }
        outputs.append(out);
        if (!error.isEmpty())
            break;  // stop-on-error
    }
    return outputs;
}

QString NxosConfigurator::apply(const QString &command)
{
    const QStringList words = command.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words.isEmpty())
        return {};
    const QString first = words.first().toLower();
    if (first == QLatin1String("end")) {
        m_mode = Mode::Config;
        return {};
    }
    if (first == QLatin1String("exit")) {
        m_mode = m_mode == Mode::QueuingClass ? Mode::QueuingPolicy
            : m_mode == Mode::NetworkQosClass ? Mode::NetworkQosPolicy
                                              : Mode::Config;
        return {};
    }
    if (first == QLatin1String("configure") || first == QLatin1String("conf"))
        return {};
    // A command of the current mode; otherwise NX-OS leaves the sub-mode for its parent when
    // the command belongs there.
    std::optional<QString> outcome;
    switch (m_mode) {
    case Mode::QueuingClass:
        outcome = applyQueuingClass(words);
        break;
    case Mode::NetworkQosClass:
        outcome = applyNetworkQosClass(words);
        break;
    case Mode::QosClassMap:
        outcome = applyClassMap(words);
        break;
    case Mode::Interface:
        outcome = applyInterface(words);
        break;
    case Mode::SystemQos:
        outcome = applySystemQos(words);
        break;
    case Mode::QueuingPolicy:
    case Mode::NetworkQosPolicy:
    case Mode::Config:
        break;
    }
    if (outcome)
        return *outcome;
    if (words.value(0) == QLatin1String("class") && m_mode != Mode::Config) {
        // `class type queuing c-out-8q-q3` / `class type network-qos c-8q-nq3`.
        const QString &name = words.last();
        const bool queuing = m_mode == Mode::QueuingPolicy || m_mode == Mode::QueuingClass;
        const QString roce = queuing ? QStringLiteral("c-out-8q-q%1").arg(ClassRoce)
                                     : QStringLiteral("c-8q-nq%1").arg(ClassRoce);
        if (name != roce) {
            return NxosConfigText::tr(
                       "% The simulated switch models the RoCE class's settings only (%1), not "
                       "%2's.\n")
                .arg(roce, name);
        }
        m_mode = queuing ? Mode::QueuingClass : Mode::NetworkQosClass;
        return {};
    }
    return applyConfig(words).value_or(invalid(command));
}

std::optional<QString> NxosConfigurator::applyConfig(const QStringList &words)
{
    const QString first = words.value(0).toLower();
    if (first == QLatin1String("policy-map") && words.value(1) == QLatin1String("type")) {
        const QString type = words.value(2), name = words.value(3);
        const QString inForce = type == QLatin1String("queuing") ? queuingPolicy()
            : type == QLatin1String("network-qos")               ? networkQosPolicy()
                                                                 : QString();
        if (inForce.isEmpty() || name.isEmpty())
            return std::nullopt;
        if (name != inForce) {
            return NxosConfigText::tr("% The simulated switch models the policy in force only "
                                      "(%1), not %2.\n")
                .arg(inForce, name);
        }
        m_mode = type == QLatin1String("queuing") ? Mode::QueuingPolicy : Mode::NetworkQosPolicy;
        return QString();
    }
    if (first == QLatin1String("class-map") && words.value(1) == QLatin1String("type")
        && words.value(2) == QLatin1String("qos")) {
        const int group = groupOfClassMap(words.last());
        if (group < 0) {
            return NxosConfigText::tr("% The simulated switch models its own class-maps only "
                                      "(ROCE, CNP, QG1 to QG7), not %1.\n")
                .arg(words.last());
        }
        if (m_fabric.spec().switches.size() > 1) {
            return NxosConfigText::tr(
                "% This simulated fabric classifies DSCPs alike on all its switches: a "
                "class-map cannot change on one of them alone.\n");
        }
        m_classGroup = group;
        m_mode = Mode::QosClassMap;
        return QString();
    }
    if (first == QLatin1String("interface") && words.size() >= 2) {
        QList<int> ports;
        if (QString error = resolvePorts(words.mid(1).join(QLatin1Char(' ')), &ports);
            !error.isEmpty())
            return error;
        m_ports = ports;
        m_mode = Mode::Interface;
        return QString();
    }
    if (first == QLatin1String("system") && words.value(1) == QLatin1String("qos")) {
        m_mode = Mode::SystemQos;
        return QString();
    }
    return std::nullopt;
}

std::optional<QString> NxosConfigurator::applyQueuingClass(const QStringList &words)
{
    SwitchQueuing q = m_fabric.switchQueuing(m_switch);
    if (words.value(0) == QLatin1String("no") && words.value(1) == QLatin1String("random-detect")) {
        q.wred.enabled = false;
        m_fabric.setSwitchQueuing(m_switch, q);
        return QString();
    }
    if (words.value(0) != QLatin1String("random-detect"))
        return std::nullopt;
    if (words.contains(QLatin1String("threshold"))) {
        return NxosConfigText::tr("% The simulated switch takes WRED thresholds in bytes "
                                  "(minimum-threshold ... maximum-threshold ...), not a "
                                  "threshold profile.\n");
    }
    qsizetype at = indexAfter(words, QStringLiteral("minimum-threshold"));
    const Bytes kmin = bytesAt(words, at);
    at = indexAfter(words, QStringLiteral("maximum-threshold"));
    const Bytes kmax = bytesAt(words, at);
    at = indexAfter(words, QStringLiteral("drop-probability"));
    bool ok = at >= 0;
    const int pmax = ok ? words.value(at).toInt(&ok) : 0;
    if (kmin < 0 || kmax < 0 || !ok) {
        return NxosConfigText::tr("% Incomplete command: random-detect minimum-threshold N "
                                  "[kbytes] maximum-threshold N [kbytes] drop-probability P "
                                  "weight W [ecn]\n");
    }
    if (kmin >= kmax || pmax < 0 || pmax > 100) {
        return NxosConfigText::tr(
            "% The minimum threshold must be below the maximum one, and the drop "
            "probability 0 to 100.\n");
    }
    q.wred.kmin = kmin;
    q.wred.kmax = kmax;
    q.wred.pmaxPercent = pmax;
    q.wred.ecn = words.contains(QLatin1String("ecn"));
    q.wred.enabled = true;
    m_fabric.setSwitchQueuing(m_switch, q);
    return QString();
}

std::optional<QString> NxosConfigurator::applyNetworkQosClass(const QStringList &words)
{
    const bool no = words.value(0) == QLatin1String("no");
    const QStringList w = no ? words.mid(1) : words;
    if (w.value(0) != QLatin1String("pause"))
        return std::nullopt;
    if (w.value(1) == QLatin1String("buffer-size")) {
        SwitchQueuing q = m_fabric.switchQueuing(m_switch);
        const SwitchQueuing defaults = switchQueuingOf(m_fabric.params().sw);
        if (no) {
            q.pfcMode = defaults.pfcMode;
            q.xoff100g = defaults.xoff100g;
            q.xon100g = defaults.xon100g;
            q.headroom100g = defaults.headroom100g;
            q.thresholdsConfigured = false;
            m_fabric.setSwitchQueuing(m_switch, q);
            return QString();
        }
        qsizetype at = 2;
        const Bytes buffer = bytesAt(w, at);
        at = indexAfter(w, QStringLiteral("pause-threshold"));
        const Bytes xoff = bytesAt(w, at);
        at = indexAfter(w, QStringLiteral("resume-threshold"));
        const Bytes xon = bytesAt(w, at);
        if (buffer < 0 || xoff < 0 || xon < 0) {
            return NxosConfigText::tr("% Incomplete command: pause buffer-size N "
                                      "pause-threshold N resume-threshold N [pfc-cos N]\n");
        }
        if (xon >= xoff || xoff >= buffer) {
            return NxosConfigText::tr("% The resume threshold must be below the pause "
                                      "threshold, and both below the buffer size.\n");
        }
        // The buffer size is the class's whole allowance: what lies above the pause
        // threshold is the headroom.
        q.pfcMode = PfcThresholdMode::StaticNxos;
        q.xoff100g = xoff;
        q.xon100g = xon;
        q.headroom100g = buffer - xoff;
        q.thresholdsConfigured = true;
        m_fabric.setSwitchQueuing(m_switch, q);
        return QString();
    }
    if (w.value(1) == QLatin1String("pfc-cos")) {
        SwitchFaults f = m_fabric.switchFaults(m_switch);
        if (no) {
            if (m_fabric.spec().switches.size() > 1) {
                return NxosConfigText::tr(
                    "% This simulated fabric makes the RoCE class no-drop on all its switches "
                    "alike: take PFC off on the interfaces instead.\n");
            }
            SwitchQosConfig qos = m_fabric.qosConfig();
            qos.noDropConfigured = false;
            m_fabric.setQosConfig(qos);
            return QString();
        }
        bool ok = false;
        const int cos = w.value(2).toInt(&ok);
        if (!ok || cos < 0 || cos > 7)
            return NxosConfigText::tr("% Invalid CoS: %1\n").arg(w.value(2));
        f.pfcCos = cos == m_fabric.qosConfig().noDropPfcCos ? -1 : cos;
        m_fabric.setSwitchFaults(m_switch, f);
        if (m_fabric.spec().switches.size() == 1 && !m_fabric.qosConfig().noDropConfigured) {
            SwitchQosConfig qos = m_fabric.qosConfig();
            qos.noDropConfigured = true;
            m_fabric.setQosConfig(qos);
        }
        return QString();
    }
    return std::nullopt;
}

std::optional<QString> NxosConfigurator::applyClassMap(const QStringList &words)
{
    const bool no = words.value(0) == QLatin1String("no");
    const QStringList w = no ? words.mid(1) : words;
    if (w.value(0) != QLatin1String("match") || w.value(1) != QLatin1String("dscp"))
        return std::nullopt;
    const auto dscps = dscpList(w.mid(2));
    if (!dscps)
        return NxosConfigText::tr("% Invalid DSCP list: %1\n").arg(w.mid(2).join(QLatin1Char(' ')));
    SwitchQosConfig qos = m_fabric.qosConfig();
    for (int d : *dscps) {
        int &group = qos.dscpToQosGroup[std::size_t(d)];
        if (!no)
            group = m_classGroup;
        else if (group == m_classGroup)
            group = ClassDefault;
    }
    m_fabric.setQosConfig(qos);
    return QString();
}

std::optional<QString> NxosConfigurator::applyInterface(const QStringList &words)
{
    const bool no = words.value(0) == QLatin1String("no");
    const QStringList w = no ? words.mid(1) : words;
    if (w.value(0) == QLatin1String("priority-flow-control")
        && w.value(1) == QLatin1String("mode")) {
        const QString mode = w.value(2);
        if (!no && mode != QLatin1String("on") && mode != QLatin1String("off")
            && mode != QLatin1String("auto"))
            return std::nullopt;
        // auto negotiates PFC over DCBX, which the simulated NICs do not speak: it is off.
        const bool on = !no && mode == QLatin1String("on");
        for (int p : std::as_const(m_ports))
            m_fabric.setPfcEnabled(p, on);
        return QString();
    }
    if (w.value(0) == QLatin1String("shutdown") && w.size() == 1) {
        for (int p : std::as_const(m_ports)) {
            if (m_fabric.spec().switchPorts[p].peerKind != PeerKind::None)
                m_fabric.setLinkUp(p, no);
        }
        return QString();
    }
    return std::nullopt;
}

std::optional<QString> NxosConfigurator::applySystemQos(const QStringList &words)
{
    const bool no = words.value(0) == QLatin1String("no");
    const QStringList w = no ? words.mid(1) : words;
    if (w.value(0) != QLatin1String("service-policy"))
        return std::nullopt;
    if (w.value(1) == QLatin1String("type") && w.value(2) == QLatin1String("queuing")
        && w.value(3) == QLatin1String("output")) {
        if (w.value(4) != queuingPolicy()) {
            return NxosConfigText::tr("% policy-map %1 is not configured.\n").arg(w.value(4));
        }
        SwitchFaults f = m_fabric.switchFaults(m_switch);
        f.ecnNotApplied = no;
        m_fabric.setSwitchFaults(m_switch, f);
        return QString();
    }
    return NxosConfigText::tr("% The simulated switch changes its queuing output policy only "
                              "under system qos.\n");
}

QString NxosConfigurator::resolvePorts(const QString &names, QList<int> *ports) const
{
    // "Ethernet1/1-4, Ethernet1/9" or "ethernet1/1/1-4": the last number may be a range.
    static const QRegularExpression item(
        QStringLiteral("^\\s*(?:ethernet|eth|e)\\s*((?:\\d+/)+)(\\d+)(?:\\s*-\\s*(\\d+))?\\s*$"),
        QRegularExpression::CaseInsensitiveOption);
    QHash<QString, int> byName;
    const FabricSpec &spec = m_fabric.spec();
    for (int p = 0; p < spec.switchPorts.size(); ++p) {
        if (spec.switchPorts[p].switchIndex == m_switch)
            byName.insert(spec.switchPorts[p].name.toLower(), p);
    }
    for (const QString &part : names.split(QLatin1Char(','))) {
        const auto m = item.match(part);
        if (!m.hasMatch())
            return NxosConfigText::tr("% Invalid interface: %1\n").arg(part.trimmed());
        const int firstPort = m.captured(2).toInt();
        const int lastPort = m.captured(3).isEmpty() ? firstPort : m.captured(3).toInt();
        for (int n = firstPort; n <= lastPort; ++n) {
            const QString name = QStringLiteral("ethernet%1%2").arg(m.captured(1)).arg(n);
            if (!byName.contains(name)) {
                return NxosConfigText::tr("% Invalid interface: Ethernet%1%2 is not a port of "
                                          "this switch\n")
                    .arg(m.captured(1))
                    .arg(n);
            }
            ports->append(byName.value(name));
        }
    }
    return {};
}

}  // namespace roce::sim
