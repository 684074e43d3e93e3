#include "cli/access/agentaccess.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcessEnvironment>

namespace roce::cli {

namespace {

class AgentAccessText
{
    Q_DECLARE_TR_FUNCTIONS(AgentAccessText)
};

}  // namespace

AgentAccess::AgentAccess()
    : m_tokenEnv(QStringLiteral("token-env"),
                 AgentAccessText::tr("Environment variable with the agent token (default "
                                     "ROCE_AGENT_TOKEN)."),
                 QStringLiteral("name"), QStringLiteral("ROCE_AGENT_TOKEN")),
      m_tokenFile(QStringLiteral("token-file"), AgentAccessText::tr("File with the agent token."),
                  QStringLiteral("file")),
      m_pin(QStringLiteral("pin"),
            AgentAccessText::tr("SHA-256 of the agent certificate to trust."),
            QStringLiteral("sha256")),
      m_plaintext(QStringLiteral("plaintext"),
                  AgentAccessText::tr("No TLS (an agent started with --plaintext, loopback "
                                      "only)."))
{ }

void AgentAccess::addOptions(QCommandLineParser &parser) const
{
    parser.addOptions({m_tokenEnv, m_tokenFile, m_pin, m_plaintext});
}

Result<void> AgentAccess::configure(const QCommandLineParser &parser)
{
    m_plain = parser.isSet(m_plaintext);
    m_pinValue = parser.value(m_pin).toLatin1();
    if (parser.isSet(m_tokenFile)) {
        QFile f(parser.value(m_tokenFile));
        if (!f.open(QIODevice::ReadOnly)) {
            return makeError(
                ErrorCode::Io,
                AgentAccessText::tr("cannot read %1: %2").arg(f.fileName(), f.errorString()));
        }
        m_token = QString::fromUtf8(f.readAll()).trimmed();
    } else {
        m_token = QProcessEnvironment::systemEnvironment().value(parser.value(m_tokenEnv));
    }
    if (m_token.isEmpty()) {
        return makeError(ErrorCode::InvalidArgument,
                         AgentAccessText::tr("no agent token: set %1 or give --token-file")
                             .arg(parser.value(m_tokenEnv)));
    }
    return {};
}

Result<agentproto::AgentEndpoint> AgentAccess::endpoint(const QString &hostPort) const
{
    const qsizetype colon = hostPort.lastIndexOf(QLatin1Char(':'));
    bool ok = false;
    const int port = colon > 0 ? hostPort.mid(colon + 1).toInt(&ok) : 0;
    if (!ok || port <= 0 || port > 65535) {
        return makeError(ErrorCode::InvalidArgument,
                         AgentAccessText::tr("'%1' is not HOST:PORT").arg(hostPort));
    }
    agentproto::AgentEndpoint e;
    e.host = hostPort.left(colon);
    e.port = quint16(port);
    e.token = m_token;
    e.plaintext = m_plain;
    e.pinnedSha256 = m_pinValue;
    return e;
}

}  // namespace roce::cli
