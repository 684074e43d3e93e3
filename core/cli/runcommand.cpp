#include "cli/runcommand.h"

#include "cli/agentaccess.h"
#include "cli/joboptions.h"
#include "cli/output.h"
#include "cli/parse.h"
#include "experiments/experimentrunner.h"
#include "experiments/switchsummary.h"
#include "monitor/switchmonitor.h"
#include "results/comparison.h"
#include "results/resultstore.h"
#include "sim/embeddedfabric.h"
#include "sim/simservice.h"
#include "store/counterstore.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

#include <atomic>

#include <memory>

namespace roce::cli {

namespace {

class RunText
{
    Q_DECLARE_TR_FUNCTIONS(RunText)
};

/// What each subcommand runs by default and which tools it accepts.
struct Flavour {
    const char *name;
    const char *defaultTool;
    experiments::ExperimentKind kind;
};

constexpr Flavour kFlavours[] = {
    {"bw", "ib_write_bw", experiments::ExperimentKind::Pair},
    {"lat", "ib_write_lat", experiments::ExperimentKind::Pair},
    {"tcp", "iperf3", experiments::ExperimentKind::Pair},
    {"matrix", "ib_write_bw", experiments::ExperimentKind::Matrix},
    {"train", "train", experiments::ExperimentKind::Training},
};

bool toolFits(const QString &flavour, const QString &tool)
{
    if (flavour == QLatin1String("bw"))
        return tool.startsWith(QLatin1String("ib_")) && tool.endsWith(QLatin1String("_bw"));
    if (flavour == QLatin1String("lat"))
        return tool.startsWith(QLatin1String("ib_")) && tool.endsWith(QLatin1String("_lat"));
    if (flavour == QLatin1String("tcp"))
        return tool == QLatin1String("iperf3") || tool == QLatin1String("sockperf");
    if (flavour == QLatin1String("matrix"))
        return tool != QLatin1String("train") && agentproto::jobTools().contains(tool);
    return tool == QLatin1String("train");
}

QString fabricLine(const QJsonObject &fabric)
{
    const QJsonObject t = fabric.value(QStringLiteral("totals")).toObject();
    if (t.isEmpty())
        return RunText::tr("NICs during the run: no RDMA port was sampled on these hosts");
    auto n = [&t](const char *key) {
        return QString::number(qint64(t.value(QLatin1String(key)).toDouble()));
    };
    return RunText::tr("NICs during the run: %1 CE-marked received, %2 CNPs sent, %3 CNPs "
                       "handled, %4 pauses received, %5 sent, %6 out of sequence")
        .arg(n("ecn"), n("cnp_sent"), n("cnp_handled"), n("rx_pause"), n("tx_pause"), n("oos"));
}

QString switchLine(const QJsonObject &seen)
{
    const QJsonObject t = seen.value(QStringLiteral("totals")).toObject();
    auto n = [&t](const char *key) {
        return QString::number(qint64(t.value(QLatin1String(key)).toDouble()));
    };
    return RunText::tr("Switch ports of the hosts (%1): %2 MMU drops, %3 egress drops, %4 "
                       "pauses received (RxPPP), %5 sent (TxPPP), %6 ECN-marked")
        .arg(seen.value(QStringLiteral("ports")).toObject().keys().join(QStringLiteral(", ")),
             n("mmu_drops"), n("egress_drops"), n("rx_ppp"), n("tx_ppp"), n("ecn_marked"));
}

}  // namespace

QString RunCommand::name() const
{
    return QStringLiteral("run");
}

QString RunCommand::summary() const
{
    return RunText::tr("Run a bandwidth, latency, TCP, matrix or training experiment and record "
                       "it");
}

int RunCommand::run(const QStringList &args, CommandIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        summary() + QLatin1Char('\n')
        + RunText::tr("bw: ib_write_bw (or --test ib_send_bw/ib_read_bw) from --client to "
                      "--server. lat: ib_write_lat (or _send/_read). tcp: iperf3 (or --test "
                      "sockperf). matrix: the test between every ordered pair of --hosts (or "
                      "every host against --hub). train: one training rank per host of --hosts. "
                      "Progress goes to stderr; the result to stdout (--json: the run as "
                      "`rocectl results show --json` prints it). Exit status 0 when the "
                      "experiment succeeded, 1 when it failed."));
    parser.addPositionalArgument(QStringLiteral("experiment"),
                                 RunText::tr("bw, lat, tcp, matrix or train"));
    const QCommandLineOption simOption(QStringLiteral("sim"),
                                       RunText::tr("Run on an in-process simulated fabric (the "
                                                   "reference cluster)."));
    const QCommandLineOption scenario(QStringLiteral("scenario"),
                                      RunText::tr("--sim: start this live scenario first "
                                                  "(lossy-incast for QoS off, ...)."),
                                      QStringLiteral("name"));
    const QCommandLineOption speed(QStringLiteral("speed"),
                                   RunText::tr("--sim: simulated seconds per wall second "
                                               "(default 1)."),
                                   QStringLiteral("x"), QStringLiteral("1"));
    const QCommandLineOption agentOption(QStringLiteral("agent"),
                                         RunText::tr("An agent, NAME=HOST:PORT or HOST:PORT "
                                                     "(repeat for each host)."),
                                         QStringLiteral("agent"));
    const QCommandLineOption address(QStringLiteral("address"),
                                     RunText::tr("NAME=IP: the address peers use for test traffic "
                                                 "to NAME (default: its agent's host)."),
                                     QStringLiteral("name=ip"));
    const QCommandLineOption server(QStringLiteral("server"),
                                    RunText::tr("bw/lat/tcp: the server host (default: the "
                                                "first)."),
                                    QStringLiteral("name"));
    const QCommandLineOption client(QStringLiteral("client"),
                                    RunText::tr("bw/lat/tcp: the client host (default: the "
                                                "second)."),
                                    QStringLiteral("name"));
    const QCommandLineOption hostsOption(QStringLiteral("hosts"),
                                         RunText::tr("matrix/train: the hosts, comma-separated "
                                                     "(default: all)."),
                                         QStringLiteral("a,b,..."));
    const QCommandLineOption hub(QStringLiteral("hub"),
                                 RunText::tr("matrix: test every host against this one only."),
                                 QStringLiteral("name"));
    const QCommandLineOption test(QStringLiteral("test"),
                                  RunText::tr("The tool: ib_write_bw, ib_send_bw, ib_read_bw, "
                                              "ib_*_lat, iperf3 or sockperf."),
                                  QStringLiteral("tool"));
    const QCommandLineOption preset(QStringLiteral("preset"),
                                    RunText::tr("seed-bw (1 MB x 4 QPs), seed-lat (2 B) or "
                                                "sweep (every size from 2 B to 8 MB)."),
                                    QStringLiteral("name"));
    const QCommandLineOption sweep(QStringLiteral("sweep"),
                                   RunText::tr("perftest: every message size (-a)."));
    const QCommandLineOption streams(QStringLiteral("streams"),
                                     RunText::tr("iperf3: parallel streams (-P)."),
                                     QStringLiteral("n"));
    const QCommandLineOption backend(QStringLiteral("backend"),
                                     RunText::tr("train: gloo or nccl (default gloo)."),
                                     QStringLiteral("name"));
    const QCommandLineOption modelMb(QStringLiteral("model-mb"),
                                     RunText::tr("train: gradient size in MB (default 16)."),
                                     QStringLiteral("mb"));
    const QCommandLineOption masterPort(QStringLiteral("master-port"),
                                        RunText::tr("train: rendezvous port (default 29500)."),
                                        QStringLiteral("port"));
    const QCommandLineOption ifname(QStringLiteral("ifname"),
                                    RunText::tr("train: the interface gloo/NCCL use (lo on one "
                                                "machine)."),
                                    QStringLiteral("name"));
    const QCommandLineOption label(QStringLiteral("label"),
                                   RunText::tr("Record under this label (\"QoS on\", \"after "
                                               "IRQ tuning\")."),
                                   QStringLiteral("text"));
    const QCommandLineOption db(
        QStringLiteral("db"),
        RunText::tr("Results database (default %1).").arg(results::ResultStore::defaultPath()),
        QStringLiteral("path"), results::ResultStore::defaultPath());
    const QCommandLineOption noRecord(QStringLiteral("no-record"),
                                      RunText::tr("Do not record the run."));
    const QCommandLineOption json(QStringLiteral("json"), RunText::tr("Print the run as JSON."));
    parser.addOptions({simOption,   scenario,   speed,  agentOption, address, server,   client,
                       hostsOption, hub,        test,   preset,      sweep,   streams,  backend,
                       modelMb,     masterPort, ifname, label,       db,      noRecord, json});
    AgentAccess access;
    access.addOptions(parser);
    JobOptions jobOptions;
    jobOptions.addOptions(parser);
    if (const auto early = parseCommandLine(parser, args, io, true))
        return *early;
    auto usage = [&io](const QString &message) {
        io.err << QStringLiteral("rocectl run: ") << message << QLatin1Char('\n');
        return int(ExitUsage);
    };
    auto failure = [&io](const QString &message) {
        io.err << QStringLiteral("rocectl run: ") << message << QLatin1Char('\n');
        return int(ExitFailure);
    };

    const QStringList pos = parser.positionalArguments();
    const Flavour *flavour = nullptr;
    for (const Flavour &f : kFlavours) {
        if (pos.size() == 1 && pos.first() == QLatin1String(f.name))
            flavour = &f;
    }
    if (!flavour)
        return usage(RunText::tr("expected one of bw, lat, tcp, matrix, train"));
    const QString tool
        = parser.isSet(test) ? parser.value(test) : QString::fromLatin1(flavour->defaultTool);
    if (!toolFits(QLatin1String(flavour->name), tool)) {
        return usage(RunText::tr("run %1 does not run %2").arg(QLatin1String(flavour->name), tool));
    }
    if (parser.isSet(simOption) == parser.isSet(agentOption))
        return usage(RunText::tr("give the agents with --agent (one per host), or --sim"));

    // The hosts: the simulated fabric's servers, or the agents given.
    std::unique_ptr<sim::SimService> simService;
    QList<experiments::ExperimentHost> all;
    if (parser.isSet(simOption)) {
        sim::SimServiceOptions options;
        options.http = false;
        bool ok = false;
        options.speed = parser.value(speed).toDouble(&ok);
        if (!ok || options.speed <= 0 || options.speed > 100)
            return usage(RunText::tr("--speed wants a number from 0 to 100"));
        simService = std::make_unique<sim::SimService>(options);
        if (const auto started = simService->start(); !started)
            return failure(started.error().message);
        if (parser.isSet(scenario)) {
            if (const auto applied = simService->startScenario(parser.value(scenario)); !applied)
                return usage(applied.error().message);
        }
        const auto &hosts = simService->fabric().spec().hosts;
        for (int h = 0; h < hosts.size(); ++h) {
            agentproto::AgentEndpoint e;
            e.host = QStringLiteral("127.0.0.1");
            e.port = simService->agentPort(h);
            e.token = options.agentToken;
            e.pinnedSha256 = simService->certificateFingerprint().toLatin1();
            all.append({hosts[h].name, e, hosts[h].ipv4});
        }
    } else {
        if (parser.isSet(scenario))
            return usage(RunText::tr("--scenario needs --sim (a real fabric runs real traffic)"));
        if (const auto configured = access.configure(parser); !configured) {
            return configured.error().code == ErrorCode::InvalidArgument
                ? usage(configured.error().message)
                : failure(configured.error().message);
        }
        QHash<QString, QString> addresses;
        for (const QString &a : parser.values(address)) {
            const qsizetype eq = a.indexOf(QLatin1Char('='));
            if (eq <= 0)
                return usage(RunText::tr("--address wants NAME=IP, not '%1'").arg(a));
            addresses.insert(a.left(eq), a.mid(eq + 1));
        }
        for (const QString &a : parser.values(agentOption)) {
            const qsizetype eq = a.indexOf(QLatin1Char('='));
            const QString hostPort = eq > 0 ? a.mid(eq + 1) : a;
            const auto e = access.endpoint(hostPort);
            if (!e)
                return usage(e.error().message);
            const QString hostName = eq > 0 ? a.left(eq) : e->host;
            for (const auto &h : std::as_const(all)) {
                if (h.name == hostName) {
                    return usage(RunText::tr("two agents are named %1: name them, NAME=HOST:PORT")
                                     .arg(hostName));
                }
            }
            all.append({hostName, *e, addresses.value(hostName, e->host)});
        }
    }
    auto byName = [&all](const QString &n) -> const experiments::ExperimentHost * {
        for (const auto &h : std::as_const(all)) {
            if (h.name == n)
                return &h;
        }
        return nullptr;
    };
    auto names = [&all] {
        QStringList n;
        for (const auto &h : std::as_const(all))
            n.append(h.name);
        return n.join(QStringLiteral(", "));
    };

    experiments::ExperimentRequest request;
    request.kind = flavour->kind;
    request.label = parser.value(label);
    request.hub = parser.value(hub);
    if (flavour->kind == experiments::ExperimentKind::Pair) {
        // One agent may be both sides (a loopback test); --sim has eight hosts.
        const QString s = parser.isSet(server) ? parser.value(server) : all.first().name;
        const QString c
            = parser.isSet(client) ? parser.value(client) : all.value(1, all.first()).name;
        const auto *sh = byName(s);
        const auto *ch = byName(c);
        if (!sh || !ch) {
            return usage(RunText::tr("no host named %1 (the hosts: %2)").arg(sh ? c : s, names()));
        }
        request.hosts = {*sh, *ch};
    } else {
        if (parser.isSet(hostsOption)) {
            for (const QString &n :
                 parser.value(hostsOption).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
                const auto *h = byName(n.trimmed());
                if (!h) {
                    return usage(
                        RunText::tr("no host named %1 (the hosts: %2)").arg(n.trimmed(), names()));
                }
                request.hosts.append(*h);
            }
        } else {
            request.hosts = all;
        }
    }

    // The job, validated by the agent's own parser before anything starts.
    QJsonObject spec {{QStringLiteral("tool"), tool}};
    if (flavour->kind == experiments::ExperimentKind::Training) {
        spec.insert(QStringLiteral("rank"), 0);
        spec.insert(QStringLiteral("world_size"), int(request.hosts.size()));
        spec.insert(QStringLiteral("master_addr"),
                    request.hosts.isEmpty() ? QString() : request.hosts.first().dataAddress);
    } else {
        spec.insert(QStringLiteral("role"), QStringLiteral("server"));
    }
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
    const auto job = agentproto::parseJobSpec(spec);
    if (!job)
        return usage(job.error().message);
    request.job = *job;

    std::unique_ptr<results::ResultStore> store;
    if (!parser.isSet(noRecord)) {
        auto opened = results::ResultStore::open(parser.value(db));
        if (!opened)
            return failure(opened.error().message);
        store = std::move(opened).value();
    }
    experiments::ExperimentRunner runner(store.get());
    // On the simulated fabric the switch is polled over NX-API like a real one, and each run
    // keeps what it saw on the hosts' ports (MMU drops, pauses, ECN marks).
    store::CounterStore history;
    models::FabricLayout cabling;
    std::atomic<int> polls {0};
    monitor::SwitchMonitor switchMonitor;
    if (simService) {
        cabling = sim::EmbeddedFabric::layoutOf(simService->fabric().spec());
        QObject::connect(
            &switchMonitor, &monitor::SwitchMonitor::updated, &switchMonitor,
            [&](const model::SourceFrame &u) {
                history.ingest(u);
                ++polls;
            },
            Qt::DirectConnection);
        nxapi::NxapiEndpoint endpoint;
        endpoint.url = simService->nxapiHttpsUrl();
        endpoint.user = simService->options().user;
        endpoint.password = simService->options().password;
        endpoint.pinnedSha256 = simService->certificateFingerprint();
        switchMonitor.start(cabling.switchName, endpoint, 1000);
        // Rates need two polls: wait for them (at most 3 s) so the whole run is covered.
        QEventLoop warmUp;
        QTimer check;
        QObject::connect(&check, &QTimer::timeout, &warmUp, [&] {
            if (polls >= 2)
                warmUp.quit();
        });
        check.start(50);
        QTimer::singleShot(3000, &warmUp, &QEventLoop::quit);
        warmUp.exec();
        runner.setSwitchSummary([&](const QStringList &hosts, qint64 fromMs, qint64 toMs) {
            return experiments::switchSummary(history, cabling, hosts, fromMs, toMs);
        });
    }
    QEventLoop loop;
    experiments::ExperimentOutcome outcome;
    QObject::connect(&runner, &experiments::ExperimentRunner::progress, &loop,
                     [&io](const QString &line) {
                         io.err << line << QLatin1Char('\n');
                         io.err.flush();
                     });
    QObject::connect(&runner, &experiments::ExperimentRunner::finished, &loop,
                     [&](const experiments::ExperimentOutcome &o) {
                         outcome = o;
                         loop.quit();
                     });
    const auto started = runner.start(request);
    if (!started)
        return started.error().code == ErrorCode::InvalidArgument
            ? usage(started.error().message)
            : failure(started.error().message);
    if (*started)
        io.err << RunText::tr("recording as run %1").arg(*started) << QLatin1Char('\n');
    loop.exec();

    results::RunRecord record;
    record.id = outcome.runId;
    record.kind = outcome.kind;
    record.label = request.label;
    record.state = outcome.state;
    record.error = outcome.error;
    record.startedMs = outcome.startedMs;
    record.finishedMs = outcome.finishedMs;
    record.parameters = outcome.parameters;
    record.result = outcome.result;
    record.fabric = outcome.fabric;
    if (parser.isSet(json)) {
        writeJson(io.out, QJsonDocument(results::runToJson(record)));
    } else {
        const QString head = results::headline(record);
        io.out << record.kind << QStringLiteral(": ") << record.state;
        if (!head.isEmpty())
            io.out << QStringLiteral(", ") << head;
        if (!record.error.isEmpty())
            io.out << QStringLiteral(" (") << record.error << QLatin1Char(')');
        io.out << QLatin1Char('\n');
        if (record.kind == QLatin1String("matrix")) {
            const QJsonArray cells = record.result.value(QStringLiteral("cells")).toArray();
            TextTable table({RunText::tr("Server"), RunText::tr("Client"), RunText::tr("Value"),
                             RunText::tr("State")});
            for (const QJsonValue &v : cells) {
                const QJsonObject c = v.toObject();
                table.addRow({c.value(QStringLiteral("server")).toString(),
                              c.value(QStringLiteral("client")).toString(),
                              c.contains(QStringLiteral("value")) ? QString::number(
                                  c.value(QStringLiteral("value")).toDouble(), 'f', 2)
                                                                  : QString(),
                              c.value(QStringLiteral("error"))
                                  .toString(c.value(QStringLiteral("state")).toString())});
            }
            io.out << table.render();
        }
        if (!record.fabric.isEmpty())
            io.out << fabricLine(record.fabric) << QLatin1Char('\n');
        if (record.fabric.contains(QStringLiteral("switch")))
            io.out << switchLine(record.fabric.value(QStringLiteral("switch")).toObject())
                   << QLatin1Char('\n');
        if (record.id)
            io.out << RunText::tr("recorded as run %1").arg(record.id) << QLatin1Char('\n');
    }
    return outcome.state == QLatin1String("succeeded") ? ExitOk : ExitFailure;
}

}  // namespace roce::cli
