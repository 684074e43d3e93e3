#include "proto/common/tlsidentitycheck.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QSslConfiguration>
#include <QSslServer>
#include <QSslSocket>
#include <QTimer>

namespace roce {

namespace {

class TlsIdentityText
{
    Q_DECLARE_TR_FUNCTIONS(TlsIdentityText)
};

}  // namespace

Result<void> checkTlsIdentity(const QSslCertificate &certificate, const QSslKey &key)
{
    QSslConfiguration config = QSslConfiguration::defaultConfiguration();
    config.setLocalCertificate(certificate);
    config.setPrivateKey(key);
    config.setPeerVerifyMode(QSslSocket::VerifyNone);
    QSslServer server;
    server.setSslConfiguration(config);
    server.setHandshakeTimeout(5000);
    if (!server.listen(QHostAddress::LocalHost, 0))
        return {};  // no loopback to try it on: the first client will
    QEventLoop loop;
    QString problem;
    QObject::connect(&server, &QSslServer::errorOccurred, &loop,
                     [&](QSslSocket *socket, QAbstractSocket::SocketError) {
                         problem = socket->errorString();
                         loop.quit();
                     });
    QSslSocket client;
    client.setPeerVerifyMode(QSslSocket::VerifyNone);
    QObject::connect(&client, &QSslSocket::encrypted, &loop, &QEventLoop::quit);
    QObject::connect(&client, &QAbstractSocket::errorOccurred, &loop, [&] {
        // The server's own error says why; give it a moment to arrive.
        QTimer::singleShot(200, &loop, &QEventLoop::quit);
    });
    QTimer::singleShot(5000, &loop, &QEventLoop::quit);
    client.connectToHostEncrypted(QStringLiteral("127.0.0.1"), server.serverPort());
    loop.exec();
    problem = problem.trimmed();
    if (problem.endsWith(QLatin1Char(':')))
        problem.chop(1);  // Qt's "Unable to init SSL Context: " with nothing after it
    if (!problem.isEmpty())
        return makeError(
            ErrorCode::InvalidArgument,
            TlsIdentityText::tr("the TLS key does not go with the certificate: %1").arg(problem));
    return {};
}

}  // namespace roce
