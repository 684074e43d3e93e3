// Parse cost of one batched NX-API poll of a 48-port switch (show version, interface,
// priority-flow-control, queuing interface, lldp neighbors detail in one response: 633 KB,
// captured from the simulated switch, NX-OS 9.3 string bodies), with heap allocations counted
// by interposing malloc. Prints its figures (with --json, one JSON object of them on stdout);
// not a timed test.
#include "benchfigures.h"
#include "nxapi/client/response.h"
#include "nxapi/qos/qosaudit.h"
#include "nxapi/rates/switchrates.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonObject>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {
std::atomic<std::size_t> g_allocations {0};
std::atomic<std::size_t> g_bytes {0};
bool g_counting = false;  // only while measuring one parse: timing runs stay uninstrumented
}  // namespace

// Count every heap allocation: Qt's containers and strings call malloc directly, so
// replacing operator new alone would miss most of them. glibc lets a program interpose
// malloc and forward to the real allocator.
extern "C" {
void *__libc_malloc(std::size_t);
void *__libc_calloc(std::size_t, std::size_t);
void *__libc_realloc(void *, std::size_t);
void *malloc(std::size_t size)
{
    if (g_counting) {
        g_allocations.fetch_add(1, std::memory_order_relaxed);
        g_bytes.fetch_add(size, std::memory_order_relaxed);
    }
    return __libc_malloc(size);
}
void *calloc(std::size_t n, std::size_t size)
{
    if (g_counting) {
        g_allocations.fetch_add(1, std::memory_order_relaxed);
        g_bytes.fetch_add(n * size, std::memory_order_relaxed);
    }
    return __libc_calloc(n, size);
}
void *realloc(void *p, std::size_t size)
{
    if (g_counting) {
        g_allocations.fetch_add(1, std::memory_order_relaxed);
        g_bytes.fetch_add(size, std::memory_order_relaxed);
    }
    return __libc_realloc(p, size);
}
}

using namespace roce::nxapi;

namespace {

SwitchSnapshot parseBatch(const QByteArray &body)
{
    SwitchSnapshot s;
    const auto outputs = parseNxapiResponse(body);
    if (outputs) {
        for (const CommandOutput &o : *outputs)
            applyCommandOutput(o, s);
    }
    return s;
}

struct Figures {
    double minMs = 0, medianMs = 0, p90Ms = 0;
};

template <typename F> Figures timeIt(int runs, F &&f)
{
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        t.start();
        f();
        ms.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    return {ms.front(), ms[ms.size() / 2], ms[ms.size() * 9 / 10]};
}

}  // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    roce::bench::BenchFigures figures(argc, argv);
    QFile f(QStringLiteral(ROCE_SOURCE_DIR "/tests/fixtures/nxapi/sim/poll_batch_48port.json"));
    if (!f.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "bench_nxapi: cannot read %s\n", qPrintable(f.fileName()));
        return 1;
    }
    const QByteArray body = f.readAll();
    const SwitchSnapshot check = parseBatch(body);
    std::printf("response: %lld bytes, %lld ports, %lld LLDP neighbours, %lld issues\n",
                qint64(body.size()), qint64(check.ports.size()), qint64(check.lldpNeighbors.size()),
                qint64(check.issues.size()));
    figures.add("response_bytes", body.size());
    figures.add("ports", check.ports.size());
    figures.add("lldp_neighbors", check.lldpNeighbors.size());
    figures.add("issues", check.issues.size());
    if (check.ports.size() < 48 || !check.issues.isEmpty())
        return 1;

    // Warm up, then count allocations of exactly one parse.
    for (int i = 0; i < 5; ++i)
        (void)parseBatch(body);
    const std::size_t a0 = g_allocations.load(), b0 = g_bytes.load();
    g_counting = true;
    {
        const SwitchSnapshot s = parseBatch(body);
    }
    g_counting = false;
    const std::size_t allocs = g_allocations.load() - a0;
    const std::size_t bytes = g_bytes.load() - b0;
    const std::size_t a1 = g_allocations.load(), b1 = g_bytes.load();
    g_counting = true;
    {
        const auto outputs = parseNxapiResponse(body);
    }
    g_counting = false;
    const std::size_t envelopeAllocs = g_allocations.load() - a1;
    const std::size_t envelopeBytes = g_bytes.load() - b1;

    const Figures full = timeIt(200, [&] { (void)parseBatch(body); });
    const Figures envelope = timeIt(200, [&] { (void)parseNxapiResponse(body); });
    std::printf("parse 48-port batched poll: min %.3f ms, median %.3f ms, p90 %.3f ms (target < 2 "
                "ms: 64 switches at 1 Hz on one core)\n",
                full.minMs, full.medianMs, full.p90Ms);
    std::printf("  of which JSON + envelope (json::Document): min %.3f ms, median %.3f ms\n",
                envelope.minMs, envelope.medianMs);
    std::printf("  heap: %zu allocations, %.1f KB allocated per parse (JSON + envelope: %zu, "
                "%.1f KB)\n",
                allocs, double(bytes) / 1024.0, envelopeAllocs, double(envelopeBytes) / 1024.0);
    figures.add("parse_min_ms", full.minMs);
    figures.add("parse_median_ms", full.medianMs);
    figures.add("parse_p90_ms", full.p90Ms);
    figures.add("envelope_min_ms", envelope.minMs);
    figures.add("envelope_median_ms", envelope.medianMs);
    figures.add("parse_allocations", allocs);
    figures.add("parse_allocated_bytes", bytes);
    figures.add("envelope_allocations", envelopeAllocs);
    figures.add("envelope_allocated_bytes", envelopeBytes);

    // Per command: where the time goes.
    const auto outputs = parseNxapiResponse(body);
    QJsonObject commands;
    for (const CommandOutput &o : *outputs) {
        const Figures one = timeIt(100, [&] {
            SwitchSnapshot s;
            applyCommandOutput(o, s);
        });
        std::printf("  %-40s median %.3f ms\n", qPrintable(o.input), one.medianMs);
        commands[o.input] = one.medianMs;
    }
    figures.add("command_median_ms", commands);

    // Rates between two polls, and the audit.
    SwitchSnapshot a = check;
    SwitchSnapshot b = check;
    a.takenMs = 1000;
    b.takenMs = 2000;
    const Figures rates = timeIt(200, [&] {
        SwitchRateModel model;
        model.update(a);
        (void)model.update(b);
    });
    std::printf("rates for 48 ports (two updates): median %.3f ms\n", rates.medianMs);
    figures.add("rates_median_ms", rates.medianMs);
    const Figures audit = timeIt(200, [&] { (void)auditRoceQos(nullptr, check, {}); });
    std::printf("audit without config (48 ports): median %.3f ms\n", audit.medianMs);
    figures.add("audit_median_ms", audit.medianMs);
    figures.print();
    return 0;
}
