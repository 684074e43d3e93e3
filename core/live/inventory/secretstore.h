#pragma once

#include "proto/common/result.h"

#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

namespace roce::inventory {

/// Switch passwords and agent tokens in the OS keychain (the Secret Service on Linux:
/// gnome-keyring or KWallet) through QtKeychain. Asynchronous: the D-Bus round trips run
/// through the event loop of the calling thread, so the GUI never waits. Secrets never go to
/// settings files or logs; there is no plain-text fallback: without a keychain, storing fails
/// and says so.
class SecretStore : public QObject
{
    Q_OBJECT

public:
    explicit SecretStore(QString service = QStringLiteral("roce-console"),
                         QObject *parent = nullptr);

    using Done = std::function<void(Result<void>)>;
    using ReadDone = std::function<void(Result<QString>)>;
    using ReadAllDone = std::function<void(Result<QHash<QString, QString>>)>;

    void write(const QString &key, const QString &secret, Done done);
    /// NotFound when there is no such entry.
    void read(const QString &key, ReadDone done);
    /// Removing an entry that does not exist succeeds.
    void remove(const QString &key, Done done);

    /// Writes each entry in turn; stops at, and reports, the first failure.
    void writeAll(const QHash<QString, QString> &secrets, Done done);
    /// Reads every key; keys without an entry are left out of the result, any other failure
    /// (no keychain, access denied) fails the whole read.
    void readAll(const QStringList &keys, ReadAllDone done);

    const QString &service() const { return m_service; }

private:
    struct WriteAllState;
    struct ReadAllState;
    void writeStep(const std::shared_ptr<WriteAllState> &state);
    void readStep(const std::shared_ptr<ReadAllState> &state);

    QString m_service;
};

}  // namespace roce::inventory
