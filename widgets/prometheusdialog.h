#pragma once

#include "prometheus/query/promendpoint.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSettings;

namespace roce::prom {
class PromClient;
}

namespace roce::widgets {

/// Fabric > Connect to Prometheus...: where the fleet's store is (URL and path prefix, so
/// Prometheus, Thanos, VictoriaMetrics single or cluster and Mimir all work), how to
/// authenticate (none, a bearer token or basic), and a CA for a private one. The URL, prefix,
/// kind, user and CA are kept in QSettings under "fleet/"; the token or password is handed to
/// the caller for the keychain and never kept here. *Test* asks the store how many targets it
/// scrapes, without closing the dialog. OK refuses what cannot work and says why.
class PrometheusDialog : public QDialog
{
    Q_OBJECT

public:
    explicit PrometheusDialog(QSettings &settings, QWidget *parent = nullptr);
    ~PrometheusDialog() override;

    /// The endpoint as typed, the secret included (empty when not typed: the keychain's).
    Result<prom::PromEndpoint> endpoint() const;
    /// Writes URL, prefix, authentication, user and CA to the settings (OK does it).
    void save();
    /// The endpoint the settings hold (no secret).
    static std::optional<prom::PromEndpoint> saved(QSettings &settings);

    QLineEdit *urlEdit() const { return m_url; }
    QLineEdit *prefixEdit() const { return m_prefix; }
    QComboBox *authBox() const { return m_auth; }
    QLineEdit *userEdit() const { return m_user; }
    QLineEdit *secretEdit() const { return m_secret; }
    QLabel *statusLabel() const { return m_status; }
    QPushButton *testButton() const { return m_test; }

    void accept() override;

private:
    void test();
    void updateFields();

    QSettings &m_settings;
    QLineEdit *m_url, *m_prefix, *m_user, *m_secret, *m_ca;
    QComboBox *m_auth;
    QLabel *m_status;
    QPushButton *m_test;
    prom::PromClient *m_client = nullptr;
};

}  // namespace roce::widgets
