#pragma once

#include "proto/common/result.h"

#include <QSslCertificate>
#include <QSslKey>
#include <QString>

namespace roce::sim {

/// A TLS identity: a certificate and its private key.
struct TlsIdentity {
    QSslCertificate certificate;
    QSslKey key;
    /// SHA-256 of the certificate, "AB:CD:..." (what a user pins).
    QString fingerprint() const;
};

/// Generates a fresh EC P-256 key and a self-signed certificate for it with CN
/// @p commonName, valid from an hour ago for @p validDays days: what a Nexus switch makes for
/// itself on first boot, so that every simulated switch has a certificate of its own.
Result<TlsIdentity> makeSelfSignedIdentity(const QString &commonName, int validDays = 825);

/// The simulator's bundled identity (resources/sim/nxapi-selfsigned.*): the reference switch's
/// and the simulated agents'. Null parts if the resources are missing.
TlsIdentity bundledIdentity();

}  // namespace roce::sim
