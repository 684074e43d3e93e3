#pragma once

// Raw POSIX clients for the hostile tests: they choose their source address (127.0.0.0/8 is
// all loopback on Linux, so a test can play two hosts), their receive buffer (a reader that
// does not read must not be hidden by megabytes of kernel buffer), and exactly when they
// send and read.

#include <QByteArray>
#include <QElapsedTimer>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>

namespace hostile {

/// A connected TCP socket to 127.0.0.1:@p port from @p source, or -1. @p receiveBuffer > 0
/// bounds the kernel's receive buffer (set before connecting, so the window is small from the
/// first byte).
inline int connectFrom(const char *source, quint16 port, int receiveBuffer = 0)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    if (receiveBuffer > 0)
        ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, sizeof receiveBuffer);
    sockaddr_in local {};
    local.sin_family = AF_INET;
    ::inet_pton(AF_INET, source, &local.sin_addr);
    sockaddr_in remote {};
    remote.sin_family = AF_INET;
    remote.sin_port = htons(port);
    ::inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr);
    if (::bind(fd, reinterpret_cast<sockaddr *>(&local), sizeof local) != 0
        || ::connect(fd, reinterpret_cast<sockaddr *>(&remote), sizeof remote) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

inline bool sendAll(int fd, const QByteArray &data)
{
    qsizetype done = 0;
    while (done < data.size()) {
        const ssize_t n
            = ::send(fd, data.constData() + done, size_t(data.size() - done), MSG_NOSIGNAL);
        if (n <= 0)
            return false;
        done += n;
    }
    return true;
}

/// What one GET got back.
struct Fetch {
    int status = 0;  ///< 0: no status line (refused, reset, timed out)
    qint64 contentLength = -1;
    qint64 bodyBytes = 0;
    bool complete = false;  ///< the whole announced body arrived
};

/// Reads an answer from @p fd until the peer closes or @p timeoutMs pass; with
/// @p bytesPerSecond > 0, no faster than that.
inline Fetch readAnswer(int fd, int timeoutMs, qint64 bytesPerSecond = 0)
{
    Fetch f;
    QByteArray head;
    QElapsedTimer t;
    t.start();
    char buf[16384];
    qint64 total = 0;
    for (;;) {
        const qint64 left = timeoutMs - t.elapsed();
        if (left <= 0)
            break;
        if (bytesPerSecond > 0) {
            const qint64 allowed = bytesPerSecond * t.elapsed() / 1000 + 1;
            if (total >= allowed) {
                ::usleep(10000);
                continue;
            }
        }
        pollfd p {fd, POLLIN, 0};
        if (::poll(&p, 1, int(std::min<qint64>(left, 100))) <= 0)
            continue;
        const size_t want = bytesPerSecond > 0 ? std::min<size_t>(sizeof buf, 4096) : sizeof buf;
        const ssize_t n = ::recv(fd, buf, want, 0);
        if (n <= 0)
            break;
        total += n;
        if (f.status == 0) {
            head.append(buf, n);
            const qsizetype end = head.indexOf("\r\n\r\n");
            if (end < 0)
                continue;
            f.status = head.mid(9, 3).toInt();
            const qsizetype cl = head.toLower().indexOf("content-length:");
            if (cl >= 0 && cl < end)
                f.contentLength
                    = head.mid(cl + 15, head.indexOf('\r', cl) - cl - 15).trimmed().toLongLong();
            f.bodyBytes = head.size() - end - 4;
        } else {
            f.bodyBytes += n;
        }
    }
    f.complete = f.status != 0 && f.contentLength >= 0 && f.bodyBytes == f.contentLength;
    return f;
}

/// GET @p path on 127.0.0.1:@p port from @p source, in at most @p timeoutMs.
inline Fetch get(quint16 port, const char *source = "127.0.0.1",
                 const QByteArray &authorization = {}, int timeoutMs = 5000,
                 const QByteArray &path = "/metrics")
{
    const int fd = connectFrom(source, port);
    if (fd < 0)
        return {};
    QByteArray request = "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    if (!authorization.isEmpty())
        request += "Authorization: " + authorization + "\r\n";
    request += "Connection: close\r\n\r\n";
    Fetch f;
    if (sendAll(fd, request))
        f = readAnswer(fd, timeoutMs);
    ::close(fd);
    return f;
}

}  // namespace hostile
