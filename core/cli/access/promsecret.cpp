#include "cli/access/promsecret.h"

#include "live/inventory/secretstore.h"

#include <QEventLoop>

#include <optional>

namespace roce::cli {

Result<QString> prometheusSecret(const prom::PromEndpoint &endpoint)
{
    const QByteArray env = qgetenv("ROCE_PROMETHEUS_SECRET");
    if (!env.isEmpty())
        return QString::fromUtf8(env);
    inventory::SecretStore secrets;
    QEventLoop keychain;
    std::optional<Result<QString>> read;
    secrets.read(endpoint.secretKey(), [&](Result<QString> r) {
        read = std::move(r);
        keychain.quit();
    });
    if (!read)
        keychain.exec();
    return std::move(*read);
}

}  // namespace roce::cli
