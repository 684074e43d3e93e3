#include "live/inventory/secretstore.h"

#include <QCoreApplication>
#include <qt6keychain/keychain.h>

#include <memory>

namespace roce::inventory {

namespace {

class SecretText
{
    Q_DECLARE_TR_FUNCTIONS(SecretText)
};

Error errorOf(const QKeychain::Job &job, const QString &key, const QString &action)
{
    ErrorCode code = ErrorCode::Internal;
    QString hint;
    switch (job.error()) {
    case QKeychain::EntryNotFound:
        code = ErrorCode::NotFound;
        break;
    case QKeychain::AccessDenied:
    case QKeychain::AccessDeniedByUser:
        code = ErrorCode::AuthenticationFailed;
        hint = SecretText::tr("Unlock the keychain and try again.");
        break;
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
        code = ErrorCode::Unsupported;
        hint = SecretText::tr("No Secret Service is running (gnome-keyring or KWallet); secrets "
                              "are never stored in plain files instead.");
        break;
    default:
        code = ErrorCode::Io;
        break;
    }
    QString message
        = SecretText::tr("Keychain: cannot %1 '%2': %3").arg(action, key, job.errorString());
    if (!hint.isEmpty())
        message += QLatin1Char(' ') + hint;
    return Error {code, message};
}

}  // namespace

SecretStore::SecretStore(QString service, QObject *parent)
    : QObject(parent), m_service(std::move(service))
{ }

void SecretStore::write(const QString &key, const QString &secret, Done done)
{
    auto *job = new QKeychain::WritePasswordJob(m_service, this);
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(key);
    job->setTextData(secret);
    connect(job, &QKeychain::Job::finished, this, [key, done = std::move(done)](QKeychain::Job *j) {
        if (j->error() != QKeychain::NoError)
            done(errorOf(*j, key, SecretText::tr("store")));
        else
            done({});
    });
    job->start();
}

void SecretStore::read(const QString &key, ReadDone done)
{
    auto *job = new QKeychain::ReadPasswordJob(m_service, this);
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(key);
    connect(job, &QKeychain::Job::finished, this, [key, done = std::move(done)](QKeychain::Job *j) {
        if (j->error() != QKeychain::NoError)
            done(errorOf(*j, key, SecretText::tr("read")));
        else
            done(static_cast<QKeychain::ReadPasswordJob *>(j)->textData());
    });
    job->start();
}

void SecretStore::remove(const QString &key, Done done)
{
    auto *job = new QKeychain::DeletePasswordJob(m_service, this);
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(key);
    connect(job, &QKeychain::Job::finished, this, [key, done = std::move(done)](QKeychain::Job *j) {
        if (j->error() != QKeychain::NoError && j->error() != QKeychain::EntryNotFound)
            done(errorOf(*j, key, SecretText::tr("remove")));
        else
            done({});
    });
    job->start();
}

struct SecretStore::WriteAllState {
    QList<QPair<QString, QString>> pending;
    Done done;
};

struct SecretStore::ReadAllState {
    QStringList pending;
    QHash<QString, QString> found;
    ReadAllDone done;
};

void SecretStore::writeAll(const QHash<QString, QString> &secrets, Done done)
{
    // One job at a time: the Secret Service may prompt, and a failure should stop the rest.
    auto state = std::make_shared<WriteAllState>();
    for (auto it = secrets.begin(); it != secrets.end(); ++it)
        state->pending.append({it.key(), it.value()});
    state->done = std::move(done);
    writeStep(state);
}

void SecretStore::writeStep(const std::shared_ptr<WriteAllState> &state)
{
    if (state->pending.isEmpty()) {
        state->done({});
        return;
    }
    const auto [key, secret] = state->pending.takeFirst();
    write(key, secret, [this, state](const Result<void> &r) {
        if (!r)
            state->done(r);
        else
            writeStep(state);
    });
}

void SecretStore::readAll(const QStringList &keys, ReadAllDone done)
{
    auto state = std::make_shared<ReadAllState>();
    state->pending = keys;
    state->done = std::move(done);
    readStep(state);
}

void SecretStore::readStep(const std::shared_ptr<ReadAllState> &state)
{
    if (state->pending.isEmpty()) {
        state->done(state->found);
        return;
    }
    const QString key = state->pending.takeFirst();
    read(key, [this, key, state](Result<QString> r) {
        if (r)
            state->found.insert(key, r.value());
        else if (r.error().code != ErrorCode::NotFound)
            return state->done(r.error());
        readStep(state);
    });
}

}  // namespace roce::inventory
