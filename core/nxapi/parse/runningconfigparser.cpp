#include "nxapi/parse/interfacename.h"
#include "nxapi/parse/qosconfig.h"
#include "proto/common/jsonfields.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QRegularExpression>

namespace roce::nxapi {

namespace {

class ConfigText
{
    Q_DECLARE_TR_FUNCTIONS(ConfigText)
};

int dscpByName(const QString &name)
{
    static const QHash<QString, int> names {
        {QStringLiteral("default"), 0}, {QStringLiteral("af11"), 10}, {QStringLiteral("af12"), 12},
        {QStringLiteral("af13"), 14},   {QStringLiteral("af21"), 18}, {QStringLiteral("af22"), 20},
        {QStringLiteral("af23"), 22},   {QStringLiteral("af31"), 26}, {QStringLiteral("af32"), 28},
        {QStringLiteral("af33"), 30},   {QStringLiteral("af41"), 34}, {QStringLiteral("af42"), 36},
        {QStringLiteral("af43"), 38},   {QStringLiteral("ef"), 46},   {QStringLiteral("cs0"), 0},
        {QStringLiteral("cs1"), 8},     {QStringLiteral("cs2"), 16},  {QStringLiteral("cs3"), 24},
        {QStringLiteral("cs4"), 32},    {QStringLiteral("cs5"), 40},  {QStringLiteral("cs6"), 48},
        {QStringLiteral("cs7"), 56}};
    return names.value(name.toLower(), -1);
}

QList<int> parseNumberList(const QString &text, int max)
{
    QList<int> out;
    const QStringList parts
        = text.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        const qsizetype dash = part.indexOf(QLatin1Char('-'));
        bool ok1 = false, ok2 = false;
        if (dash > 0) {
            const int a = part.left(dash).toInt(&ok1);
            const int b = part.mid(dash + 1).toInt(&ok2);
            if (ok1 && ok2 && a <= b && b <= max) {
                for (int v = a; v <= b; ++v)
                    out.append(v);
            }
            continue;
        }
        const int v = part.toInt(&ok1);
        if (ok1 && v >= 0 && v <= max)
            out.append(v);
        else if (const int named = dscpByName(part); named >= 0 && max == 63)
            out.append(named);
    }
    return out;
}

/// "150 kbytes" at @p tokens[i]: the value in bytes (kbytes and mbytes are decimal, as the
/// simulated switch and the NX-OS documentation examples use them); packets give nothing.
std::optional<quint64> bytesAt(const QStringList &tokens, qsizetype i)
{
    if (i >= tokens.size())
        return std::nullopt;
    bool ok = false;
    const quint64 v = tokens[i].toULongLong(&ok);
    if (!ok)
        return std::nullopt;
    const QString unit = i + 1 < tokens.size() ? tokens[i + 1].toLower() : QString();
    if (unit == QLatin1String("kbytes"))
        return v * 1000;
    if (unit == QLatin1String("mbytes"))
        return v * 1000 * 1000;
    if (unit == QLatin1String("packets"))
        return std::nullopt;
    return v;
}

std::optional<quint64> valueAfter(const QStringList &tokens, QLatin1String key)
{
    const qsizetype i = tokens.indexOf(key);
    return i < 0 ? std::nullopt : bytesAt(tokens, i + 1);
}

std::optional<int> intAfter(const QStringList &tokens, QLatin1String key)
{
    const qsizetype i = tokens.indexOf(key);
    if (i < 0 || i + 1 >= tokens.size())
        return std::nullopt;
    bool ok = false;
    const int v = tokens[i + 1].toInt(&ok);
    return ok ? std::optional<int>(v) : std::nullopt;
}

void applyPolicyAction(PolicyClass &c, const QStringList &t, const ConfigLine &line)
{
    c.lines.append(line);
    const QString first = t.value(0);
    if (first == QLatin1String("set") && t.value(1) == QLatin1String("qos-group"))
        c.setQosGroup = t.value(2).toInt();
    else if (first == QLatin1String("set") && t.value(1) == QLatin1String("cos"))
        c.setCos = t.value(2).toInt();
    else if (first == QLatin1String("mtu"))
        c.mtu = t.value(1).toInt();
    else if (first == QLatin1String("priority")) {
        c.priorityLevel = intAfter(t, QLatin1String("level")).value_or(1);
    } else if (first == QLatin1String("bandwidth")) {
        if (const auto pct = intAfter(t, QLatin1String("percent")))
            c.bandwidthPercent = pct;
    } else if (first == QLatin1String("pause")) {
        const qsizetype i = t.indexOf(QLatin1String("pfc-cos"));
        if (i >= 0)
            c.pausePfcCos = parseNumberList(t.mid(i + 1).join(QLatin1Char(' ')), 7);
        if (const auto v = valueAfter(t, QLatin1String("buffer-size")))
            c.pauseBufferSize = v;
        if (const auto v = valueAfter(t, QLatin1String("pause-threshold")))
            c.pauseThreshold = v;
        if (const auto v = valueAfter(t, QLatin1String("resume-threshold")))
            c.resumeThreshold = v;
    } else if (first == QLatin1String("random-detect")) {
        c.randomDetect = true;
        if (const auto v = valueAfter(t, QLatin1String("minimum-threshold")))
            c.wredMinBytes = v;
        if (const auto v = valueAfter(t, QLatin1String("maximum-threshold")))
            c.wredMaxBytes = v;
        const qsizetype th = t.indexOf(QLatin1String("threshold"));
        if (th >= 0 && th + 1 < t.size())
            c.wredProfile = t[th + 1];
        if (t.contains(QLatin1String("ecn")))
            c.ecn = true;
    } else if (first == QLatin1String("congestion-control") && t.contains(QLatin1String("ecn"))) {
        c.randomDetect = true;
        c.ecn = true;
    }
}

}  // namespace

QList<int> parseDscpList(const QString &text)
{
    return parseNumberList(text, 63);
}

const PolicyClass *PolicyMap::findClass(const QString &className) const
{
    for (const PolicyClass &c : classes) {
        if (c.name == className)
            return &c;
    }
    return nullptr;
}

const PolicyMap *QosConfig::findPolicy(const QString &type, const QString &name) const
{
    for (const PolicyMap &p : policyMaps) {
        if (p.type == type && p.name == name)
            return &p;
    }
    return nullptr;
}

const ClassMap *QosConfig::findClassMap(const QString &type, const QString &name) const
{
    for (const ClassMap &c : classMaps) {
        if (c.type == type && c.name == name)
            return &c;
    }
    return nullptr;
}

const InterfaceConfig *QosConfig::findInterface(const QString &name) const
{
    const QString full = longInterfaceName(name);
    for (const InterfaceConfig &i : interfaces) {
        if (i.name == full)
            return &i;
    }
    return nullptr;
}

namespace {

/// Where parseRunningConfigQos stands between lines: the configuration read so far, the
/// block that indented lines belong to and the policy class that actions go to.
struct QosParse {
    enum class Block { None, ClassMap, PolicyMap, SystemQos, Interface };
    QosConfig config;
    Block block = Block::None;
    PolicyClass *policyClass = nullptr;
    int statements = 0;
};

/// "class-map [type TYPE] [match-all|match-any] NAME".
ClassMap classMapHeader(const QStringList &t, const ConfigLine &line)
{
    ClassMap cm;
    qsizetype i = 1;
    cm.type = QStringLiteral("qos");
    if (t.value(1) == QLatin1String("type")) {
        cm.type = t.value(2);
        i = 3;
    }
    if (t.value(i) == QLatin1String("match-all") || t.value(i) == QLatin1String("match-any"))
        ++i;
    cm.name = t.value(i);
    cm.lines.append(line);
    return cm;
}

/// "policy-map [type TYPE] NAME".
PolicyMap policyMapHeader(const QStringList &t, const ConfigLine &line)
{
    PolicyMap pm;
    pm.type = QStringLiteral("qos");
    qsizetype i = 1;
    if (t.value(1) == QLatin1String("type")) {
        pm.type = t.value(2);
        i = 3;
    }
    pm.name = t.value(i);
    pm.lines.append(line);
    return pm;
}

/// A line that is not indented: it ends the block before it, and may start one.
void parseTopLevelLine(QosParse &state, const QStringList &t, const ConfigLine &line)
{
    using Block = QosParse::Block;
    state.block = Block::None;
    state.policyClass = nullptr;
    if (t[0] == QLatin1String("class-map")) {
        state.config.classMaps.append(classMapHeader(t, line));
        state.block = Block::ClassMap;
        ++state.statements;
    } else if (t[0] == QLatin1String("policy-map")) {
        state.config.policyMaps.append(policyMapHeader(t, line));
        state.block = Block::PolicyMap;
        ++state.statements;
    } else if (t[0] == QLatin1String("system") && t.value(1) == QLatin1String("qos")) {
        state.config.systemQosLines.append(line);
        state.block = Block::SystemQos;
        ++state.statements;
    } else if (t[0] == QLatin1String("interface") && t.size() >= 2) {
        InterfaceConfig ic;
        ic.name = longInterfaceName(t.mid(1).join(QString()));
        ic.lines.append(line);
        state.config.interfaces.append(ic);
        state.block = Block::Interface;
        ++state.statements;
    } else if (t[0] == QLatin1String("priority-flow-control")
               && t.value(1).startsWith(QLatin1String("watch-dog"))
               && !t.contains(QLatin1String("off"))) {
        state.config.pfcWatchdogGlobal = line;
        ++state.statements;
    } else if (t[0] == QLatin1String("hostname") || t[0] == QLatin1String("version")
               || t[0] == QLatin1String("feature")) {
        ++state.statements;
    }
}

/// A line of a class-map: the DSCP or CoS values it matches.
void parseClassMapLine(ClassMap &cm, const QStringList &t, const ConfigLine &line)
{
    cm.lines.append(line);
    if (t.value(0) == QLatin1String("match") && t.value(1) == QLatin1String("dscp"))
        cm.matchDscp += parseDscpList(t.mid(2).join(QLatin1Char(' ')));
    else if (t.value(0) == QLatin1String("match") && t.value(1) == QLatin1String("cos"))
        cm.matchCos += parseNumberList(t.mid(2).join(QLatin1Char(' ')), 7);
}

/// A line of a policy-map: a class that starts, or an action of the class it is in.
void parsePolicyMapLine(QosParse &state, const QStringList &t, const ConfigLine &line)
{
    PolicyMap &pm = state.config.policyMaps.last();
    pm.lines.append(line);
    if (t.value(0) == QLatin1String("class")) {
        PolicyClass pc;
        pc.name = t.value(1) == QLatin1String("type") ? t.value(3) : t.value(1);
        pc.lines.append(line);
        pm.classes.append(pc);
        state.policyClass = &pm.classes.last();
    } else if (state.policyClass) {
        applyPolicyAction(*state.policyClass, t, line);
    }
}

/// A line of "system qos": the service policies the whole switch applies.
void parseSystemQosLine(QosConfig &config, const QStringList &t, const ConfigLine &line)
{
    config.systemQosLines.append(line);
    if (t.value(0) == QLatin1String("service-policy") && t.value(1) == QLatin1String("type")) {
        const QString type = t.value(2);
        const QString &name = t.last();
        if (type == QLatin1String("network-qos"))
            config.systemNetworkQos = name;
        else if (type == QLatin1String("queuing") && t.contains(QLatin1String("output")))
            config.systemQueuingOutput = name;
        else if (type == QLatin1String("qos"))
            config.systemQosInput = name;
    }
}

/// A line of an interface: its PFC mode and watchdog, MTU, service policies and shutdown.
void parseInterfaceLine(InterfaceConfig &ic, const QStringList &t, const ConfigLine &line)
{
    ic.lines.append(line);
    if (t.value(0) == QLatin1String("priority-flow-control")) {
        if (t.value(1) == QLatin1String("mode"))
            ic.pfcMode = t.value(2);
        else if (t.value(1).startsWith(QLatin1String("watch-dog")))
            ic.pfcWatchdog = !t.contains(QLatin1String("off"));
    } else if (t.value(0) == QLatin1String("mtu")) {
        ic.mtu = t.value(1).toInt();
    } else if (t.value(0) == QLatin1String("service-policy")) {
        if (t.value(2) == QLatin1String("qos"))
            ic.qosInputPolicy = t.last();
        else if (t.value(2) == QLatin1String("queuing") && t.contains(QLatin1String("output")))
            ic.queuingOutputPolicy = t.last();
    } else if (t.value(0) == QLatin1String("shutdown")) {
        ic.shutdown = true;
    } else if (t.value(0) == QLatin1String("no") && t.value(1) == QLatin1String("shutdown")) {
        ic.shutdown = false;
    }
}

/// An indented line: it belongs to the block the last top-level line started.
void parseBlockLine(QosParse &state, const QStringList &t, const ConfigLine &line)
{
    switch (state.block) {
    case QosParse::Block::ClassMap:
        parseClassMapLine(state.config.classMaps.last(), t, line);
        break;
    case QosParse::Block::PolicyMap:
        parsePolicyMapLine(state, t, line);
        break;
    case QosParse::Block::SystemQos:
        parseSystemQosLine(state.config, t, line);
        break;
    case QosParse::Block::Interface:
        parseInterfaceLine(state.config.interfaces.last(), t, line);
        break;
    case QosParse::Block::None:
        break;
    }
}

}  // namespace

Result<QosConfig> parseRunningConfigQos(const QString &text)
{
    QosParse state;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int n = 0; n < lines.size(); ++n) {
        QString raw = lines[n];
        if (raw.endsWith(QLatin1Char('\r')))
            raw.chop(1);
        const QString trimmed = raw.trimmed();
        if (trimmed.isEmpty() || trimmed.startsWith(QLatin1Char('!')))
            continue;
        const ConfigLine line {n + 1, raw};
        const QStringList t = trimmed.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        const bool topLevel = !raw.at(0).isSpace();
        if (topLevel)
            parseTopLevelLine(state, t, line);
        else
            parseBlockLine(state, t, line);
    }
    if (state.statements == 0) {
        return makeError(ErrorCode::Parse,
                         ConfigText::tr("no configuration statements (class-map, policy-map, "
                                        "interface, system qos) in the text"));
    }
    return std::move(state.config);
}

namespace {

QJsonArray intArray(const QList<int> &v)
{
    QJsonArray a;
    for (int i : v)
        a.append(i);
    return a;
}

}  // namespace

QJsonObject qosConfigToJson(const QosConfig &c)
{
    QJsonArray classMaps;
    for (const ClassMap &cm : c.classMaps) {
        QJsonObject o {{QStringLiteral("type"), cm.type}, {QStringLiteral("name"), cm.name}};
        if (!cm.matchDscp.isEmpty())
            o.insert(QStringLiteral("match_dscp"), intArray(cm.matchDscp));
        if (!cm.matchCos.isEmpty())
            o.insert(QStringLiteral("match_cos"), intArray(cm.matchCos));
        classMaps.append(o);
    }
    QJsonArray policies;
    for (const PolicyMap &pm : c.policyMaps) {
        QJsonArray classes;
        for (const PolicyClass &pc : pm.classes) {
            QJsonObject o {{QStringLiteral("class"), pc.name}};
            insertIfSet(o, "set_qos_group", pc.setQosGroup);
            insertIfSet(o, "set_cos", pc.setCos);
            insertIfSet(o, "mtu", pc.mtu);
            insertIfSet(o, "priority_level", pc.priorityLevel);
            insertIfSet(o, "bandwidth_percent", pc.bandwidthPercent);
            if (!pc.pausePfcCos.isEmpty())
                o.insert(QStringLiteral("pause_pfc_cos"), intArray(pc.pausePfcCos));
            insertIfSet(o, "pause_buffer_size", pc.pauseBufferSize);
            insertIfSet(o, "pause_threshold", pc.pauseThreshold);
            insertIfSet(o, "resume_threshold", pc.resumeThreshold);
            if (pc.randomDetect) {
                QJsonObject w {{QStringLiteral("ecn"), pc.ecn}};
                insertIfSet(w, "min_bytes", pc.wredMinBytes);
                insertIfSet(w, "max_bytes", pc.wredMaxBytes);
                if (!pc.wredProfile.isEmpty())
                    w.insert(QStringLiteral("profile"), pc.wredProfile);
                o.insert(QStringLiteral("random_detect"), w);
            }
            classes.append(o);
        }
        policies.append(QJsonObject {{QStringLiteral("type"), pm.type},
                                     {QStringLiteral("name"), pm.name},
                                     {QStringLiteral("classes"), classes}});
    }
    QJsonArray interfaces;
    for (const InterfaceConfig &ic : c.interfaces) {
        QJsonObject o {{QStringLiteral("name"), ic.name}};
        if (!ic.pfcMode.isEmpty())
            o.insert(QStringLiteral("pfc_mode"), ic.pfcMode);
        if (ic.pfcWatchdog)
            o.insert(QStringLiteral("pfc_watchdog"), true);
        insertIfSet(o, "mtu", ic.mtu);
        if (!ic.qosInputPolicy.isEmpty())
            o.insert(QStringLiteral("qos_input_policy"), ic.qosInputPolicy);
        if (!ic.queuingOutputPolicy.isEmpty())
            o.insert(QStringLiteral("queuing_output_policy"), ic.queuingOutputPolicy);
        if (ic.shutdown)
            o.insert(QStringLiteral("shutdown"), true);
        interfaces.append(o);
    }
    QJsonObject system;
    if (!c.systemNetworkQos.isEmpty())
        system.insert(QStringLiteral("network_qos"), c.systemNetworkQos);
    if (!c.systemQueuingOutput.isEmpty())
        system.insert(QStringLiteral("queuing_output"), c.systemQueuingOutput);
    if (!c.systemQosInput.isEmpty())
        system.insert(QStringLiteral("qos_input"), c.systemQosInput);
    return QJsonObject {{QStringLiteral("class_maps"), classMaps},
                        {QStringLiteral("policy_maps"), policies},
                        {QStringLiteral("system_qos"), system},
                        {QStringLiteral("interfaces"), interfaces},
                        {QStringLiteral("pfc_watchdog_global"), c.pfcWatchdogGlobal.has_value()}};
}

}  // namespace roce::nxapi
