#include "cli/access/joboptions.h"

#include <QCoreApplication>

namespace roce::cli {

namespace {

class JobOptionsText
{
    Q_DECLARE_TR_FUNCTIONS(JobOptionsText)
};

}  // namespace

JobOptions::JobOptions()
    : m_ints {{QCommandLineOption(QStringLiteral("port"),
                                  JobOptionsText::tr("TCP port of the tool."),
                                  QStringLiteral("port")),
               "port", 1, 65535},
              {QCommandLineOption(QStringLiteral("duration"),
                                  JobOptionsText::tr("Seconds (-D/-t)."),
                                  QStringLiteral("seconds")),
               "duration_s", 1, 3600},
              {QCommandLineOption(QStringLiteral("ib-port"),
                                  JobOptionsText::tr("perftest: port (-i)."), QStringLiteral("n")),
               "ib_port", 1, 255},
              {QCommandLineOption(QStringLiteral("gid-index"),
                                  JobOptionsText::tr("perftest: GID index (-x)."),
                                  QStringLiteral("n")),
               "gid_index", 0, 255},
              {QCommandLineOption(QStringLiteral("qps"), JobOptionsText::tr("perftest: QPs (-q)."),
                                  QStringLiteral("n")),
               "qps", 1, 256},
              {QCommandLineOption(QStringLiteral("tclass"),
                                  JobOptionsText::tr("perftest: traffic class (--tclass, DSCP x "
                                                     "4)."),
                                  QStringLiteral("n")),
               "traffic_class", 0, 255},
              {QCommandLineOption(QStringLiteral("timeout"),
                                  JobOptionsText::tr("Kill the job after this many seconds."),
                                  QStringLiteral("seconds")),
               "timeout_s", 1, 86400}},
      m_size(QStringLiteral("size"), JobOptionsText::tr("Message size in bytes (-s)."),
             QStringLiteral("bytes")),
      m_iterations(QStringLiteral("iterations"),
                   JobOptionsText::tr("perftest: iterations (-n); train: training iterations."),
                   QStringLiteral("n")),
      m_device(QStringLiteral("device"), JobOptionsText::tr("perftest: RDMA device (-d)."),
               QStringLiteral("name"))
{ }

void JobOptions::addOptions(QCommandLineParser &parser) const
{
    for (const IntOption &o : m_ints)
        parser.addOption(o.option);
    parser.addOptions({m_size, m_iterations, m_device});
}

Result<void> JobOptions::read(const QCommandLineParser &parser, QJsonObject &spec) const
{
    bool ok = false;
    for (const IntOption &o : m_ints) {
        if (!parser.isSet(o.option))
            continue;
        const int v = parser.value(o.option).toInt(&ok);
        if (!ok || v < o.min || v > o.max) {
            return makeError(ErrorCode::InvalidArgument,
                             JobOptionsText::tr("--%1 wants a number from %2 to %3")
                                 .arg(o.option.names().first())
                                 .arg(o.min)
                                 .arg(o.max));
        }
        spec.insert(QLatin1String(o.key), v);
    }
    for (const auto &[option, key] :
         {std::pair {&m_size, "size"}, std::pair {&m_iterations, "iterations"}}) {
        if (!parser.isSet(*option))
            continue;
        const qint64 v = parser.value(*option).toLongLong(&ok);
        if (!ok || v <= 0) {
            return makeError(
                ErrorCode::InvalidArgument,
                JobOptionsText::tr("--%1 wants a positive number").arg(QLatin1String(key)));
        }
        spec.insert(QLatin1String(key), QJsonValue(v));
    }
    if (parser.isSet(m_device))
        spec.insert(QStringLiteral("device"), parser.value(m_device));
    return {};
}

}  // namespace roce::cli
