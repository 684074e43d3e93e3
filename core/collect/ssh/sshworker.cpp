#include "collect/ssh/sshworker.h"

#include <map>

namespace roce::ssh {

namespace {
QString sessionKey(const SshTarget &t)
{
    return QStringLiteral("%1@%2:%3|%4|%5|%6")
        .arg(t.user, t.host)
        .arg(t.port)
        .arg(t.privateKeyFile, t.knownHostsFile, t.acceptFingerprint);
}
}  // namespace

struct SshWorker::Sessions {
    struct Entry {
        std::unique_ptr<SshSession> session;
        std::unique_ptr<SshCollector> collector;
    };
    std::map<QString, Entry> collect;
};

SshWorker::SshWorker(QObject *parent) : QObject(parent), m_sessions(std::make_unique<Sessions>())
{
    qRegisterMetaType<HostKeyInfo>();
    qRegisterMetaType<SshFailure>();
    qRegisterMetaType<BootstrapResult>();
    m_thread.start([](QObject *) {});
}

SshWorker::~SshWorker()
{
    m_thread.stop();
}

int SshWorker::probeHostKey(const SshTarget &target)
{
    const int id = m_nextId++;
    QMetaObject::invokeMethod(m_thread.worker(), [this, id, target] {
        SshSession session(target);
        auto info = session.probeHostKey();
        if (info)
            emit hostKeyProbed(id, *info);
        else
            emit failed(id, session.failure(info.error()));
    });
    return id;
}

int SshWorker::checkLogin(const SshTarget &target)
{
    const int id = m_nextId++;
    QMetaObject::invokeMethod(m_thread.worker(), [this, id, target] {
        SshSession session(target);
        auto info = session.connect();
        if (info)
            emit loggedIn(id, *info);
        else
            emit failed(id, session.failure(info.error()));
    });
    return id;
}

int SshWorker::bootstrap(const SshTarget &target, const BootstrapOptions &options)
{
    const int id = m_nextId++;
    QMetaObject::invokeMethod(m_thread.worker(), [this, id, target, options] {
        SshSession session(target);
        auto result = AgentBootstrap(session, options).run();
        if (result)
            emit bootstrapped(id, *result);
        else
            emit failed(id, session.failure(result.error()));
    });
    return id;
}

int SshWorker::collect(const SshTarget &target, const SshCollectorOptions &options)
{
    const int id = m_nextId++;
    QMetaObject::invokeMethod(m_thread.worker(), [this, id, target, options] {
        const QString key = sessionKey(target) + QLatin1Char('|') + options.pathPrefix;
        auto &entry = m_sessions->collect[key];
        if (!entry.session) {
            entry.session = std::make_unique<SshSession>(target);
            entry.collector = std::make_unique<SshCollector>(*entry.session, options);
        }
        auto sample = entry.collector->collect();
        if (sample) {
            emit collected(id, *sample);
            return;
        }
        const SshFailure failure = entry.session->failure(sample.error());
        // A broken or refused session is not reused: the next round connects afresh.
        m_sessions->collect.erase(key);
        emit failed(id, failure);
    });
    return id;
}

}  // namespace roce::ssh
