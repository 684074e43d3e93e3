#include "cli/run/runoptions.h"

#include "cli/run/runtext.h"
#include "collect/results/resultstore.h"

namespace roce::cli {

RunOptions::RunOptions()
    : sim(QStringLiteral("sim"),
          RunText::tr("Run on an in-process simulated fabric (the reference cluster).")),
      scenario(QStringLiteral("scenario"),
               RunText::tr("--sim: start this live scenario first (lossy-incast for QoS off, "
                           "...)."),
               QStringLiteral("name")),
      speed(QStringLiteral("speed"),
            RunText::tr("--sim: simulated seconds per wall second (default 1)."),
            QStringLiteral("x"), QStringLiteral("1")),
      agent(QStringLiteral("agent"),
            RunText::tr("An agent, NAME=HOST:PORT or HOST:PORT (repeat for each host)."),
            QStringLiteral("agent")),
      address(QStringLiteral("address"),
              RunText::tr("NAME=IP: the address peers use for test traffic to NAME (default: "
                          "its agent's host)."),
              QStringLiteral("name=ip")),
      server(QStringLiteral("server"),
             RunText::tr("bw/lat/tcp: the server host (default: the first)."),
             QStringLiteral("name")),
      client(QStringLiteral("client"),
             RunText::tr("bw/lat/tcp: the client host (default: the second)."),
             QStringLiteral("name")),
      hosts(QStringLiteral("hosts"),
            RunText::tr("matrix/train: the hosts, comma-separated (default: all)."),
            QStringLiteral("a,b,...")),
      hub(QStringLiteral("hub"), RunText::tr("matrix: test every host against this one only."),
          QStringLiteral("name")),
      test(QStringLiteral("test"),
           RunText::tr("The tool: ib_write_bw, ib_send_bw, ib_read_bw, ib_*_lat, iperf3 or "
                       "sockperf."),
           QStringLiteral("tool")),
      preset(QStringLiteral("preset"),
             RunText::tr("seed-bw (1 MB x 4 QPs), seed-lat (2 B) or sweep (every size from 2 B "
                         "to 8 MB)."),
             QStringLiteral("name")),
      sweep(QStringLiteral("sweep"), RunText::tr("perftest: every message size (-a).")),
      streams(QStringLiteral("streams"), RunText::tr("iperf3: parallel streams (-P)."),
              QStringLiteral("n")),
      backend(QStringLiteral("backend"), RunText::tr("train: gloo or nccl (default gloo)."),
              QStringLiteral("name")),
      modelMb(QStringLiteral("model-mb"), RunText::tr("train: gradient size in MB (default 16)."),
              QStringLiteral("mb")),
      masterPort(QStringLiteral("master-port"),
                 RunText::tr("train: rendezvous port (default 29500)."), QStringLiteral("port")),
      ifname(QStringLiteral("ifname"),
             RunText::tr("train: the interface gloo/NCCL use (lo on one machine)."),
             QStringLiteral("name")),
      label(QStringLiteral("label"),
            RunText::tr("Record under this label (\"QoS on\", \"after IRQ tuning\")."),
            QStringLiteral("text")),
      db(QStringLiteral("db"),
         RunText::tr("Results database (default %1).").arg(results::ResultStore::defaultPath()),
         QStringLiteral("path"), results::ResultStore::defaultPath()),
      noRecord(QStringLiteral("no-record"), RunText::tr("Do not record the run.")),
      json(QStringLiteral("json"), RunText::tr("Print the run as JSON."))
{ }

QString RunOptions::description()
{
    return RunText::tr("bw: ib_write_bw (or --test ib_send_bw/ib_read_bw) from --client to "
                       "--server. lat: ib_write_lat (or _send/_read). tcp: iperf3 (or --test "
                       "sockperf). matrix: the test between every ordered pair of --hosts (or "
                       "every host against --hub). train: one training rank per host of --hosts. "
                       "Progress goes to stderr; the result to stdout (--json: the run as "
                       "`rocectl results show --json` prints it). Exit status 0 when the "
                       "experiment succeeded, 1 when it failed.");
}

void RunOptions::addTo(QCommandLineParser &parser) const
{
    parser.addPositionalArgument(QStringLiteral("experiment"),
                                 RunText::tr("bw, lat, tcp, matrix or train"));
    parser.addOptions({sim,     scenario,   speed,  agent,  address, server,   client,
                       hosts,   hub,        test,   preset, sweep,   streams,  backend,
                       modelMb, masterPort, ifname, label,  db,      noRecord, json});
}

Result<void> RunOptions::readTuning(const QCommandLineParser &parser, const JobOptions &jobOptions,
                                    QJsonObject &spec) const
{
    const auto usage
        = [](const QString &message) { return makeError(ErrorCode::InvalidArgument, message); };
    if (parser.isSet(preset)) {
        const QString p = parser.value(preset);
        if (p == QLatin1String("seed-bw")) {
            spec.insert(QStringLiteral("size"), 1048576);
            spec.insert(QStringLiteral("qps"), 4);
        } else if (p == QLatin1String("seed-lat")) {
            spec.insert(QStringLiteral("size"), 2);
        } else if (p == QLatin1String("sweep")) {
            spec.insert(QStringLiteral("all_sizes"), true);
        } else {
            return usage(RunText::tr("unknown preset %1 (seed-bw, seed-lat, sweep)").arg(p));
        }
    }
    if (parser.isSet(sweep))
        spec.insert(QStringLiteral("all_sizes"), true);
    if (const auto read = jobOptions.read(parser, spec); !read)
        return usage(read.error().message);
    bool ok = false;
    for (const auto &[option, key] :
         {std::pair {&streams, "streams"}, std::pair {&modelMb, "model_mb"},
          std::pair {&masterPort, "master_port"}}) {
        if (!parser.isSet(*option))
            continue;
        const int v = parser.value(*option).toInt(&ok);
        if (!ok || v <= 0)
            return usage(RunText::tr("--%1 wants a positive number").arg(option->names().first()));
        spec.insert(QLatin1String(key), v);
    }
    if (parser.isSet(backend))
        spec.insert(QStringLiteral("backend"), parser.value(backend));
    if (parser.isSet(ifname))
        spec.insert(QStringLiteral("ifname"), parser.value(ifname));
    return {};
}

}  // namespace roce::cli
