// The text of `show interface` (cli_show_ascii, or saved from a terminal), in every layout
// NX-OS prints: N9K/N7K with two load intervals, N5K/N6K with bytes/sec in the rate lines and
// two spaces before BW, mgmt0 with "Rx"/"Tx" and counters run together across lines.
#include "nxapi/parse/showparsers.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <array>
#include <bitset>

namespace roce::nxapi {

namespace {

class InterfaceText
{
    Q_DECLARE_TR_FUNCTIONS(InterfaceText)
};

/// "<count> <words>" pairs of the counter lines, by their words. Where the words are the same
/// in both directions ("bytes", "unicast packets"), the RX/TX section decides.
struct CounterWords {
    const char *words;
    PortCounter rx, tx;
};
constexpr CounterWords kCounterWords[] = {
    {"input packets", PortCounter::InPkts, PortCounter::InPkts},
    {"output packets", PortCounter::OutPkts, PortCounter::OutPkts},
    {"bytes", PortCounter::InBytes, PortCounter::OutBytes},
    {"unicast packets", PortCounter::InUcast, PortCounter::OutUcast},
    {"multicast packets", PortCounter::InMcast, PortCounter::OutMcast},
    {"broadcast packets", PortCounter::InBcast, PortCounter::OutBcast},
    {"input error", PortCounter::InErrors, PortCounter::InErrors},
    {"input errors", PortCounter::InErrors, PortCounter::InErrors},
    {"output error", PortCounter::OutErrors, PortCounter::OutErrors},
    {"output errors", PortCounter::OutErrors, PortCounter::OutErrors},
    {"input discard", PortCounter::InDiscards, PortCounter::InDiscards},
    {"output discard", PortCounter::OutDiscards, PortCounter::OutDiscards},
    {"CRC", PortCounter::Crc, PortCounter::Crc},
    {"CRC/FCS", PortCounter::Crc, PortCounter::Crc},              // N7K, N9K 9.x on
    {"packets input", PortCounter::InPkts, PortCounter::InPkts},  // loopbacks
    {"packets output", PortCounter::OutPkts, PortCounter::OutPkts},
    {"crc", PortCounter::Crc, PortCounter::Crc},  // N5K 4.x/5.x
    {"runt", PortCounter::Runts, PortCounter::Runts},
    {"giant", PortCounter::Giants, PortCounter::Giants},
    {"Rx pause", PortCounter::InPause, PortCounter::InPause},
    {"Tx pause", PortCounter::OutPause, PortCounter::OutPause},
    {"runts", PortCounter::Runts, PortCounter::Runts},
    {"giants", PortCounter::Giants, PortCounter::Giants},
};

std::optional<PortCounter> counterFor(QStringView words, bool rx)
{
    for (const CounterWords &w : kCounterWords) {
        if (words == QLatin1String(w.words))
            return rx ? w.rx : w.tx;
    }
    return std::nullopt;
}

/// "30 seconds", "1 minute", "5 minute": the interval in seconds.
int intervalSeconds(int count, QStringView unit)
{
    return unit.startsWith(QLatin1String("minute")) ? count * 60 : count;
}

/// An interface name as NX-OS prints it in a header: a letter first and a digit somewhere
/// ("Ethernet1/1", "mgmt0", "port-channel10", "Vlan1", "nve1"), never a sentence word.
bool looksLikeInterface(QStringView name)
{
    if (name.isEmpty() || !name.front().isLetter())
        return false;
    return std::any_of(name.begin(), name.end(), [](QChar c) { return c.isDigit(); });
}

/// Where the parse stands in the block of one interface.
struct Block {
    PortStatus *port = nullptr;
    int headerLine = 0;
    bool rx = true;
    bool sectionSeen = false;           ///< an RX/TX line came: "bytes" has a direction
    bool rateSeen[2] = {false, false};  ///< input, output: the first interval is kept
    std::bitset<std::size_t(PortCounter::Count)> seen;  ///< counters this block set
};

struct TextParse {
    SwitchSnapshot &into;
    Block block;
    int found = 0;

    void issue(const QString &subject, const QString &message)
    {
        into.issues.append(CommandIssue {QString(), 0, message, subject});
    }
    /// A line of the block's counters that cannot be this block's: the header of another
    /// interface was not recognised. Nothing more is credited until the next header.
    void lostBlock(int lineNo, const QString &line, const QString &what)
    {
        issue(QStringLiteral("line %1").arg(lineNo),
              InterfaceText::tr("line %1 (\"%2\") repeats %3 of %4 (header on line %5): an "
                                "interface header before it was not recognised, so the counters "
                                "that follow are not read rather than credited to %4")
                  .arg(lineNo)
                  .arg(line.trimmed(), what, block.port->name)
                  .arg(block.headerLine));
        block = Block {};
    }
};

/// "Ethernet1/1 is up", "  Ethernet1/2 is down (Link not connected)", "Vlan1 is down
/// (Administratively down), line protocol is down": true when @p line is a header, then
/// the block is that interface's (or none, reported, for a state this parser does not know).
bool readHeader(TextParse &p, const QString &line, int lineNo)
{
    static const QRegularExpression header(QStringLiteral(R"(^\s*(\S+) is (\S.*)$)"));
    static const QRegularExpression state(QStringLiteral(R"(^(up|down|administratively down)\b)"));
    const auto m = header.match(line);
    if (!m.hasMatch() || !looksLikeInterface(m.capturedView(1)))
        return false;
    const auto s = state.match(m.capturedView(2));
    if (!s.hasMatch()) {
        p.issue(m.captured(1),
                InterfaceText::tr("line %1: \"%2\" reads as the header of %3 with a state this "
                                  "parser does not know; its block is not read")
                    .arg(lineNo)
                    .arg(line.trimmed(), m.captured(1)));
        p.block = Block {};
        return true;
    }
    p.block = Block {};
    p.block.port = &p.into.port(m.captured(1));
    // "Vlan1 is administratively down": down, and down by configuration (JSON gives the
    // state "down" and the admin state "down" for it).
    if (s.capturedView(1) == QLatin1String("administratively down")) {
        p.block.port->state = QStringLiteral("down");
        p.block.port->adminState = QStringLiteral("down");
    } else {
        p.block.port->state = s.captured(1);
        // "is down (Administratively down)": the admin state a `show interface` header gives.
        if (m.capturedView(2).contains(QLatin1String("(Administratively down)")))
            p.block.port->adminState = QStringLiteral("down");
    }
    p.block.headerLine = lineNo;
    ++p.found;
    return true;
}

/// The fields of a block's descriptive lines: admin state, description, MTU and bandwidth,
/// duplex and speed, when counters were last cleared.
void readFields(PortStatus &port, const QString &line)
{
    static const QRegularExpression admin(QStringLiteral(R"(^\s*admin state is (\w+))"));
    static const QRegularExpression desc(QStringLiteral(R"(^\s*Description:\s?(.*)$)"));
    static const QRegularExpression mtu(QStringLiteral(R"(\bMTU\s+(\d+)\s+bytes\b)"));
    static const QRegularExpression bw(QStringLiteral(R"(\bBW\s+(\d+)\s+Kbit\b)"));
    static const QRegularExpression speed(
        QStringLiteral(R"(^\s*(?:full|half|auto)-duplex\s*,\s*([^,]*?)\s*(?:,|$))"));
    static const QRegularExpression cleared(
        QStringLiteral(R"(^\s*Last clearing of "show interface" counters\s+(.*?)\s*$)"));
    if (const auto m = admin.match(line); m.hasMatch())
        port.adminState = m.captured(1);
    if (const auto m = desc.match(line); m.hasMatch())
        port.description = m.captured(1).trimmed();
    if (const auto m = mtu.match(line); m.hasMatch())
        port.mtu = m.captured(1).toInt();
    if (const auto m = bw.match(line); m.hasMatch())
        port.bandwidthKbit = m.captured(1).toULongLong();
    if (const auto m = speed.match(line); m.hasMatch() && !m.captured(1).isEmpty())
        port.speed = m.captured(1);
    if (const auto m = cleared.match(line); m.hasMatch())
        port.clearCounters = m.captured(1);
}

/// "30 seconds input rate 1234 bits/sec, 5 packets/sec" (N5K/N6K also print "154 bytes/sec,"
/// between them; mgmt0 says "1 minute"). Only the first interval is kept: the JSON path reads
/// interval 1 too, so text and JSON give the same rates.
bool readRate(Block &b, const QString &line)
{
    static const QRegularExpression rate(QStringLiteral(
        R"((\d+) (seconds?|minutes?) (input|output) rate (\d+) bits/sec(?:,?\s*\d+ bytes/sec)?(?:,?\s*(\d+) (?:packets|frames)/sec)?)"));
    const auto m = rate.match(line);
    if (!m.hasMatch())
        return false;
    const bool in = m.capturedView(3) == QLatin1String("input");
    if (std::exchange(b.rateSeen[in ? 0 : 1], true))
        return true;
    PortStatus &port = *b.port;
    port.loadIntervalSeconds = intervalSeconds(m.captured(1).toInt(), m.capturedView(2));
    (in ? port.inRateBits : port.outRateBits) = m.captured(4).toULongLong();
    // An older mgmt0 prints packets/sec on the line before ("6 broadcast packets  0
    // packets/sec"): then only the bits are this line's.
    if (m.hasCaptured(5))
        (in ? port.inRatePkts : port.outRatePkts) = m.captured(5).toULongLong();
    return true;
}

/// The "<count> <words>" pairs of a counter line. False when one repeats a counter this block
/// already set (then @p repeated names it), or when one has no known direction (then
/// @p undirected names it); the line's counters are then not read.
bool readCounters(Block &b, const QString &line, QString *repeated, QString *undirected)
{
    // Words run until two spaces, a number or the end: "0 input with dribble  0 input
    // discard", and mgmt0's "19443 input packets 5 unicast packets 7887 multicast packets".
    // A word followed by punctuation is not a counter ("MTU 9216 bytes,", "69 bytes/sec").
    static const QRegularExpression pair(QStringLiteral(
        R"((?:^|\s)(\d+) ([A-Za-z][A-Za-z\-/]*(?: [A-Za-z][A-Za-z\-/]*)*)(?=\s|$))"));
    struct Found {
        PortCounter counter;
        quint64 value;
    };
    // "L3 in Switched:", "ucast: 0 pkts, 0 bytes - mcast: ...": labelled routing statistics,
    // not the interface's counters.
    if (line.contains(QLatin1Char(':')))
        return true;
    // A line that says its direction ("0 packets output 0 bytes") overrides the section.
    bool rx = b.rx;
    bool directionKnown = b.sectionSeen;
    if (line.contains(QLatin1String("output"))) {
        rx = false;
        directionKnown = true;
    } else if (line.contains(QLatin1String("input"))) {
        rx = true;
        directionKnown = true;
    }
    std::array<Found, 16> found {};
    std::size_t n = 0;
    for (auto it = pair.globalMatch(line); it.hasNext() && n < found.size();) {
        const auto m = it.next();
        const auto c = counterFor(m.capturedView(2), rx);
        if (!c)
            continue;
        // "unicast packets" before any RX/TX line, on a line that names no direction (a
        // capture whose section header was lost): which way they went is not known.
        if (!directionKnown && *c != counterFor(m.capturedView(2), !rx)) {
            *undirected = m.captured(0).trimmed();
            return false;
        }
        found[n++] = {*c, m.captured(1).toULongLong()};
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (b.seen.test(std::size_t(found[i].counter))) {
            *repeated = QString::fromLatin1(portCounterKey(found[i].counter));
            return false;
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        b.port->counters.set(found[i].counter, found[i].value);
        b.seen.set(std::size_t(found[i].counter));
    }
    return true;
}

}  // namespace

Result<void> parseShowInterfaceText(const QString &text, SwitchSnapshot &into)
{
    TextParse p {into, {}, 0};
    const qsizetype issuesBefore = into.issues.size();
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const int lineNo = int(i) + 1;
        QString line = lines[i];
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        if (readHeader(p, line, lineNo) || !p.block.port)
            continue;
        const QString t = line.trimmed();
        // "RX"/"TX" on N9K/N7K, "Rx"/"Tx" on mgmt0 and N5K.
        if (t.compare(QLatin1String("RX"), Qt::CaseInsensitive) == 0
            || t.compare(QLatin1String("TX"), Qt::CaseInsensitive) == 0) {
            p.block.rx = t.compare(QLatin1String("RX"), Qt::CaseInsensitive) == 0;
            p.block.sectionSeen = true;
            continue;
        }
        readFields(*p.block.port, line);
        if (readRate(p.block, line))
            continue;
        QString repeated, undirected;
        if (readCounters(p.block, line, &repeated, &undirected))
            continue;
        if (!repeated.isEmpty()) {
            p.lostBlock(lineNo, line, repeated);
        } else {
            p.issue(p.block.port->name,
                    InterfaceText::tr("line %1 (\"%2\"): \"%3\" of %4 comes before any RX/TX "
                                      "line and says no direction; the line is not read")
                        .arg(lineNo)
                        .arg(line.trimmed(), undirected, p.block.port->name));
        }
    }
    if (p.found == 0) {
        into.issues.resize(issuesBefore);  // a failed parse changes nothing
        return makeError(ErrorCode::Parse,
                         InterfaceText::tr("no \"<interface> is up|down\" line in the text"));
    }
    return {};
}

}  // namespace roce::nxapi
