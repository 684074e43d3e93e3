// The running-config QoS parser (parseRunningConfigQos, core/nxapi/parse/runningconfigparser.cpp)
// on NX-OS configuration text, and the JSON it is reported as. Every line it keeps as
// evidence must be a line of the text, with its right number.
#include "fuzzcommon.h"
#include "nxapi/parse/qosconfig.h"

using namespace roce::nxapi;

namespace {

void checkLines(const QList<ConfigLine> &lines, const QStringList &text)
{
    for (const ConfigLine &l : lines) {
        if (l.number < 1 || l.number > text.size())
            roce::fuzz::fail("evidence line number out of range", QByteArray::number(l.number));
        QString original = text.at(l.number - 1);
        if (original.endsWith(QLatin1Char('\r')))
            original.chop(1);
        if (original != l.text)
            roce::fuzz::fail("evidence line differs from the text", l.text.toUtf8(),
                             original.toUtf8());
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString text = roce::fuzz::utf8Text(data, size);
    const auto config = parseRunningConfigQos(text);
    if (!config) {
        ROCE_FUZZ_CHECK(!config.error().message.isEmpty());
        return 0;
    }
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const ClassMap &c : config->classMaps) {
        checkLines(c.lines, lines);
        for (const int dscp : c.matchDscp)
            ROCE_FUZZ_CHECK(dscp >= 0 && dscp <= 63);
        for (const int cos : c.matchCos)
            ROCE_FUZZ_CHECK(cos >= 0 && cos <= 7);
    }
    for (const PolicyMap &p : config->policyMaps) {
        checkLines(p.lines, lines);
        for (const PolicyClass &c : p.classes) {
            checkLines(c.lines, lines);
            ROCE_FUZZ_CHECK(p.findClass(c.name) != nullptr);
            for (const int cos : c.pausePfcCos)
                ROCE_FUZZ_CHECK(cos >= 0 && cos <= 7);
        }
        ROCE_FUZZ_CHECK(config->findPolicy(p.type, p.name) != nullptr);
    }
    for (const InterfaceConfig &i : config->interfaces) {
        checkLines(i.lines, lines);
        ROCE_FUZZ_CHECK(config->findInterface(i.name) != nullptr);
    }
    checkLines(config->systemQosLines, lines);
    if (config->pfcWatchdogGlobal)
        checkLines({*config->pfcWatchdogGlobal}, lines);
    qosConfigToJson(*config);
    parseDscpList(text);
    return 0;
}
