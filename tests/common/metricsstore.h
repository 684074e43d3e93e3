#pragma once

// A real Prometheus-compatible store for tests: Debian's `prometheus` or `victoria-metrics`,
// started on loopback with a generated scrape configuration (1 s scrapes), on a data directory
// of its own. Header-only: the fleet tests and the benchmarks share it.

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <QUrlQuery>

namespace roce::testing {

inline quint16 freeLoopbackPort()
{
    QTcpServer s;
    s.listen(QHostAddress::LocalHost, 0);
    return s.serverPort();
}

/// GET @p url with a deadline; the body, or an empty array on any failure.
inline QByteArray httpGet(const QUrl &url, int timeoutMs = 5000, int *status = nullptr,
                          const QByteArray &authorization = {})
{
    QNetworkAccessManager nam;
    QNetworkRequest request(url);
    if (!authorization.isEmpty())
        request.setRawHeader("Authorization", authorization);
    QNetworkReply *reply = nam.get(request);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    const QByteArray body = reply->isFinished() ? reply->readAll() : QByteArray();
    if (status)
        *status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    reply->abort();
    reply->deleteLater();
    return body;
}

/// POST @p body to @p url with a deadline; true on a 2xx answer.
inline bool httpPost(const QUrl &url, const QByteArray &body, int timeoutMs = 30000)
{
    QNetworkAccessManager nam;
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("text/plain"));
    QNetworkReply *reply = nam.post(request, body);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const bool ok
        = reply->isFinished() && reply->error() == QNetworkReply::NoError && status / 100 == 2;
    reply->abort();
    reply->deleteLater();
    return ok;
}

class MetricsStore
{
public:
    enum class Engine { Prometheus, VictoriaMetrics };

    static QString engineName(Engine e)
    {
        return e == Engine::Prometheus ? QStringLiteral("prometheus")
                                       : QStringLiteral("victoria-metrics");
    }

    explicit MetricsStore(Engine engine) : m_engine(engine) { }
    ~MetricsStore() { stop(); }

    /// Basic authentication in front of the API (VictoriaMetrics' -httpAuth.*).
    void setBasicAuth(const QString &user, const QString &password)
    {
        m_user = user;
        m_password = password;
    }

    /// More flags for the store's command line (limits a site may set).
    void setExtraArguments(const QStringList &args) { m_extraArgs = args; }

    /// Starts the store scraping @p targets ("127.0.0.1:9471") every @p scrapeSeconds; empty
    /// when it answers, else why not.
    QString start(const QStringList &targets, int scrapeSeconds = 1)
    {
        const QString binary = QStandardPaths::findExecutable(engineName(m_engine));
        if (binary.isEmpty())
            return engineName(m_engine)
                + QStringLiteral(" is not installed (scripts/setup-debian.sh installs it)");
        m_targets = targets;
        QFile config(m_dir.filePath(QStringLiteral("scrape.yml")));
        if (!config.open(QIODevice::WriteOnly))
            return QStringLiteral("cannot write the scrape configuration");
        QByteArray yaml = "global:\n  scrape_interval: " + QByteArray::number(scrapeSeconds)
            + "s\n  scrape_timeout: " + QByteArray::number(scrapeSeconds) + "s\n"
            + "scrape_configs:\n  - job_name: fleet\n    static_configs:\n      - targets: [";
        for (qsizetype i = 0; i < targets.size(); ++i)
            yaml += (i ? ", '" : "'") + targets.at(i).toUtf8() + '\'';
        yaml += "]\n";
        config.write(yaml);
        config.close();
        return launch();
    }

    /// Starts the store again on the same port and data (after stop()).
    QString restart() { return launch(); }

    void stop()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.terminate();
        if (!m_process.waitForFinished(10000)) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }

    QUrl url() const { return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_port)); }
    QString log() const { return QString::fromUtf8(m_log); }

    /// Waits until every target has been scraped successfully at least @p scrapes times.
    bool waitForScrapes(int scrapes, int timeoutMs)
    {
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < timeoutMs) {
            QUrl u = url();
            u.setPath(QStringLiteral("/api/v1/query"));
            QUrlQuery q;
            q.addQueryItem(QStringLiteral("query"),
                           QStringLiteral("count(up == 1) == %1").arg(m_targets.size()));
            q.addQueryItem(QStringLiteral("nocache"), QStringLiteral("1"));
            u.setQuery(q);
            const QJsonArray all = QJsonDocument::fromJson(httpGet(u, 5000, nullptr, auth()))
                                       .object()
                                       .value(QStringLiteral("data"))
                                       .toObject()
                                       .value(QStringLiteral("result"))
                                       .toArray();
            if (!all.isEmpty()) {
                QUrlQuery c;
                c.addQueryItem(QStringLiteral("query"),
                               QStringLiteral("min(count_over_time(up[5m]))"));
                c.addQueryItem(QStringLiteral("nocache"), QStringLiteral("1"));
                u.setQuery(c);
                const QJsonArray r = QJsonDocument::fromJson(httpGet(u, 5000, nullptr, auth()))
                                         .object()
                                         .value(QStringLiteral("data"))
                                         .toObject()
                                         .value(QStringLiteral("result"))
                                         .toArray();
                if (!r.isEmpty()
                    && r.at(0)
                            .toObject()
                            .value(QStringLiteral("value"))
                            .toArray()
                            .at(1)
                            .toString()
                            .toDouble()
                        >= scrapes)
                    return true;
            }
            QThread::msleep(300);
        }
        return false;
    }

private:
    QByteArray auth() const
    {
        if (m_user.isEmpty())
            return {};
        return "Basic " + (m_user + QLatin1Char(':') + m_password).toUtf8().toBase64();
    }

    QString launch()
    {
        if (m_port == 0)
            m_port = freeLoopbackPort();
        const QString binary = QStandardPaths::findExecutable(engineName(m_engine));
        const QString listen = QStringLiteral("127.0.0.1:%1").arg(m_port);
        const QString config = m_dir.filePath(QStringLiteral("scrape.yml"));
        const QString data = m_dir.filePath(QStringLiteral("data"));
        QStringList args;
        if (m_engine == Engine::Prometheus) {
            args = {QStringLiteral("--config.file=") + config,
                    QStringLiteral("--storage.tsdb.path=") + data,
                    QStringLiteral("--web.listen-address=") + listen,
                    QStringLiteral("--log.level=warn")};
        } else {
            // Its default latency offset (30 s) stays: the client must cope with it.
            args = {QStringLiteral("-storageDataPath=") + data,
                    QStringLiteral("-httpListenAddr=") + listen,
                    QStringLiteral("-promscrape.config=") + config,
                    QStringLiteral("-loggerLevel=WARN")};
            if (!m_user.isEmpty())
                args << QStringLiteral("-httpAuth.username=") + m_user
                     << QStringLiteral("-httpAuth.password=") + m_password;
        }
        args << m_extraArgs;
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        QObject::connect(&m_process, &QProcess::readyRead, &m_process,
                         [this] { m_log += m_process.readAll(); });
        m_process.start(binary, args);
        if (!m_process.waitForStarted(10000))
            return engineName(m_engine) + QStringLiteral(" did not start: ")
                + m_process.errorString();
        const QString ready = m_engine == Engine::Prometheus ? QStringLiteral("/-/ready")
                                                             : QStringLiteral("/health");
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 30000) {
            QUrl u = url();
            u.setPath(ready);
            int status = 0;
            httpGet(u, 2000, &status, auth());
            if (status == 200)
                return {};
            if (m_process.state() == QProcess::NotRunning)
                break;
            QThread::msleep(200);
        }
        return engineName(m_engine) + QStringLiteral(" did not become ready: ") + log();
    }

    Engine m_engine;
    QTemporaryDir m_dir;
    QProcess m_process;
    QByteArray m_log;
    QStringList m_targets;
    QStringList m_extraArgs;
    QString m_user, m_password;
    quint16 m_port = 0;
};

}  // namespace roce::testing
