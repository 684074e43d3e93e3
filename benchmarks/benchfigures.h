// The figures a benchmark hands to scripts. With --json, stdout carries one JSON object and
// nothing else (`bench_x --json | python3 -m json.tool`); the human report still prints, on
// stderr. Without --json nothing changes and print() writes nothing.
#pragma once

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>

#include <charconv>
#include <cmath>
#include <concepts>
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <string_view>
#include <unistd.h>
#include <utility>
#include <vector>

namespace roce::bench {

class BenchFigures
{
public:
    BenchFigures(int argc, char **argv)
    {
        for (int i = 1; i < argc; ++i)
            m_json = m_json || std::string_view(argv[i]) == "--json";
        if (!m_json)
            return;
        // Moving fd 1 itself, rather than every printf, also sends what child processes
        // inherit (promtool, QProcess::execute) to stderr; the saved stdout is close-on-exec
        // so no child can write into the object's stream.
        m_out = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0);
        ::dup2(STDERR_FILENO, STDOUT_FILENO);
        // Line by line, so the report interleaves with direct stderr writes in order.
        std::setvbuf(stdout, nullptr, _IOLBF, 0);
    }
    BenchFigures(const BenchFigures &) = delete;
    BenchFigures &operator=(const BenchFigures &) = delete;
    ~BenchFigures()
    {
        if (m_out >= 0)
            ::close(m_out);
    }

    bool json() const { return m_json; }

    /// Shortest text that reads back as the same double; NaN and infinities have no JSON
    /// number, so they are null.
    void add(std::string_view key, double value)
    {
        if (!std::isfinite(value))
            return set(key, "null");
        char text[32];
        set(key, std::string(text, std::to_chars(text, text + sizeof text, value).ptr));
    }
    template <std::integral T> void add(std::string_view key, T value)
    {
        char text[24];
        set(key, std::string(text, std::to_chars(text, text + sizeof text, value).ptr));
    }
    void add(std::string_view key, bool value) { set(key, value ? "true" : "false"); }
    /// Arrays and objects, for figures that come as a list (per fault kind, per thread).
    void add(std::string_view key, const QJsonValue &value)
    {
        const QByteArray wrapped = QJsonDocument(QJsonArray {value}).toJson(QJsonDocument::Compact);
        set(key, wrapped.mid(1, wrapped.size() - 2).toStdString());
    }
    // A string literal would otherwise convert to bool.
    void add(std::string_view key, const char *) = delete;

    /// Writes the object, one line, to the real stdout (only with --json).
    void print()
    {
        if (m_out < 0)
            return;
        std::fflush(stdout);
        std::string line = "{";
        for (const auto &[key, value] : m_figures)
            line += (line.size() > 1 ? ",\"" : "\"") + key + "\":" + value;
        line += "}\n";
        for (std::size_t done = 0; done < line.size();) {
            const ssize_t n = ::write(m_out, line.data() + done, line.size() - done);
            if (n <= 0)
                break;
            done += std::size_t(n);
        }
        ::close(m_out);
        m_out = -1;
    }

private:
    // Keys are the benchmarks' own snake_case names: written as they are. A key given twice
    // keeps its first place and its last value.
    void set(std::string_view key, std::string value)
    {
        for (auto &[k, v] : m_figures) {
            if (k == key) {
                v = std::move(value);
                return;
            }
        }
        m_figures.emplace_back(std::string(key), std::move(value));
    }

    bool m_json = false;
    int m_out = -1;
    std::vector<std::pair<std::string, std::string>> m_figures;
};

}  // namespace roce::bench
