#pragma once

#include "proto/common/result.h"

#include <QSslCertificate>
#include <QSslKey>

namespace roce {

/// Whether @p key is the private key of @p certificate, tried as a client will try it: one
/// TLS handshake with itself over loopback. Each parses on its own when they do not belong
/// together, and a server started with them then fails every handshake, so the mismatch is
/// worth saying at start, where the operator is looking.
Result<void> checkTlsIdentity(const QSslCertificate &certificate, const QSslKey &key);

}  // namespace roce
