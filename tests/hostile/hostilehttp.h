#pragma once

// What the hostile tests share: a misbehaving HTTP server (endless, redirecting or throttling
// answers), a child process of the real binaries with its peak memory, and raw sockets that
// misbehave as clients.

#include <QByteArray>
#include <QElapsedTimer>
#include <QFile>
#include <QHostAddress>
#include <QList>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <functional>
#include <memory>

#include <signal.h>

namespace hostile {

/// The rocectl under test: the build's, or $ROCE_HOSTILE_ROCECTL (to run the same tests
/// against another build, e.g. the one before a fix).
inline QString rocectl()
{
    return qEnvironmentVariable("ROCE_HOSTILE_ROCECTL", QStringLiteral(ROCECTL_PATH));
}

/// One request as the server received it.
struct Request {
    QByteArray method, path, authorization, cookie, body;
    qint64 atMs = 0;  ///< since the server started
};

/// What the server does with one request.
struct Answer {
    enum class Kind { Fixed, Endless } kind = Kind::Fixed;
    int status = 200;
    QByteArray headers;  ///< extra header lines, each ending in \r\n
    QByteArray body;
    QByteArray endlessPrefix;  ///< Endless: sent first, then filler for ever
};

/// An HTTP/1.1 server on loopback whose answers a test scripts: the peer a client must
/// survive. Endless answers are written as fast as the client reads them.
class HostileServer : public QObject
{
public:
    using Script = std::function<Answer(const Request &)>;

    explicit HostileServer(Script script) : m_script(std::move(script))
    {
        m_clock.start();
        QObject::connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = m_server.nextPendingConnection())
                serve(s);
        });
    }
    bool listen(const QHostAddress &address = QHostAddress::LocalHost)
    {
        return m_server.listen(address, 0);
    }
    quint16 port() const { return m_server.serverPort(); }
    QString url() const
    {
        return QStringLiteral("http://%1:%2").arg(m_server.serverAddress().toString()).arg(port());
    }
    const QList<Request> &requests() const { return m_requests; }
    qint64 bytesSent() const { return m_sent; }
    qint64 elapsedMs() const { return m_clock.elapsed(); }

private:
    void serve(QTcpSocket *s)
    {
        auto buffer = std::make_shared<QByteArray>();
        QObject::connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
        QObject::connect(s, &QTcpSocket::readyRead, s, [this, s, buffer] {
            *buffer += s->readAll();
            const qsizetype end = buffer->indexOf("\r\n\r\n");
            if (end < 0)
                return;
            Request r;
            const QList<QByteArray> lines = buffer->left(end).split('\n');
            const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
            r.method = first.value(0);
            r.path = first.value(1);
            qsizetype length = 0;
            for (const QByteArray &line : lines.mid(1)) {
                const qsizetype colon = line.indexOf(':');
                const QByteArray name = line.left(colon).trimmed().toLower();
                const QByteArray value = line.mid(colon + 1).trimmed();
                if (name == "authorization")
                    r.authorization = value;
                else if (name == "cookie")
                    r.cookie = value;
                else if (name == "content-length")
                    length = value.toLongLong();
            }
            if (buffer->size() < end + 4 + length)
                return;  // the body is still coming
            r.body = buffer->mid(end + 4, length);
            r.atMs = m_clock.elapsed();
            buffer->clear();
            m_requests.append(r);
            QObject::disconnect(s, &QTcpSocket::readyRead, s, nullptr);
            answer(s, m_script(r));
        });
    }

    void answer(QTcpSocket *s, const Answer &a)
    {
        QByteArray head = "HTTP/1.1 " + QByteArray::number(a.status) + " X\r\n" + a.headers;
        if (a.kind == Answer::Kind::Fixed) {
            head += "Content-Length: " + QByteArray::number(a.body.size())
                + "\r\nConnection: close\r\n\r\n";
            s->write(head + a.body);
            s->disconnectFromHost();
            return;
        }
        // Endless: no length, never done; topped up whenever the client has read most of it.
        s->write(head + "Content-Type: application/json\r\nConnection: close\r\n\r\n"
                 + a.endlessPrefix);
        const QByteArray filler(256 * 1024, ' ');
        auto topUp = [this, s, filler] {
            while (s->bytesToWrite() < 2 * filler.size()) {
                s->write(filler);
                m_sent += filler.size();
            }
        };
        QObject::connect(s, &QTcpSocket::bytesWritten, s, topUp);
        topUp();
    }

    QTcpServer m_server;
    Script m_script;
    QElapsedTimer m_clock;
    QList<Request> m_requests;
    qint64 m_sent = 0;
};

/// A real binary as a child process; killed when it goes out of scope.
class Child
{
public:
    Child() = default;
    Child(const Child &) = delete;
    Child &operator=(const Child &) = delete;
    ~Child()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(10000);
        }
    }
    void start(const QString &program, const QStringList &args,
               const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
    {
        m_process.setProcessEnvironment(env);
        m_process.start(program, args);
        QVERIFY2(m_process.waitForStarted(10000), qPrintable(m_process.errorString()));
    }
    /// The peak resident memory so far (VmHWM), in MiB; 0 once the process is gone.
    double peakMiB() const
    {
        QFile status(QStringLiteral("/proc/%1/status").arg(m_process.processId()));
        if (!status.open(QIODevice::ReadOnly))
            return 0;
        for (const QByteArray &line : status.readAll().split('\n')) {
            if (line.startsWith("VmHWM:"))
                return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024.0;
        }
        return 0;
    }
    /// Waits up to @p ms for the exit, serving this process's own peers meanwhile; its code,
    /// or -1 if it is still running (then killed).
    int waitExit(int ms)
    {
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < ms && m_process.state() != QProcess::NotRunning)
            QTest::qWait(20);
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(5000);
            return -1;
        }
        return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -2;
    }
    /// Polls peakMiB() until the process ends or @p ms pass; the largest value seen.
    double watchPeak(int ms)
    {
        double peak = 0;
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < ms && m_process.state() != QProcess::NotRunning) {
            peak = std::max(peak, peakMiB());
            QTest::qWait(50);
        }
        return peak;
    }
    int terminate()
    {
        if (m_process.state() == QProcess::NotRunning)
            return m_process.exitCode();
        ::kill(pid_t(m_process.processId()), SIGTERM);
        return waitExit(15000);
    }
    QString out()
    {
        m_out += QString::fromUtf8(m_process.readAllStandardOutput());
        return m_out;
    }
    QString err()
    {
        m_err += QString::fromUtf8(m_process.readAllStandardError());
        return m_err;
    }
    QProcess &process() { return m_process; }

private:
    QProcess m_process;
    QString m_out, m_err;
};

}  // namespace hostile
