#include "prometheusdialog.h"

#include "prometheus/query/promclient.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include <memory>

namespace roce::widgets {

namespace {
const QString kUrl = QStringLiteral("fleet/url");
const QString kPrefix = QStringLiteral("fleet/prefix");
const QString kAuth = QStringLiteral("fleet/auth");
const QString kUser = QStringLiteral("fleet/user");
const QString kCa = QStringLiteral("fleet/ca");
}  // namespace

PrometheusDialog::PrometheusDialog(QSettings &settings, QWidget *parent)
    : QDialog(parent),
      m_settings(settings),
      m_url(new QLineEdit(this)),
      m_prefix(new QLineEdit(this)),
      m_user(new QLineEdit(this)),
      m_secret(new QLineEdit(this)),
      m_ca(new QLineEdit(this)),
      m_auth(new QComboBox(this)),
      m_status(new QLabel(this)),
      m_test(new QPushButton(tr("&Test"), this))
{
    setObjectName(QStringLiteral("prometheusDialog"));
    setWindowTitle(tr("Connect to Prometheus"));
    m_url->setObjectName(QStringLiteral("prometheusUrl"));
    m_url->setPlaceholderText(QStringLiteral("http://prometheus.example:9090"));
    m_prefix->setObjectName(QStringLiteral("prometheusPrefix"));
    m_prefix->setPlaceholderText(tr("/prometheus (Mimir), /select/0/prometheus (VictoriaMetrics "
                                    "cluster); empty for Prometheus, Thanos"));
    m_auth->setObjectName(QStringLiteral("prometheusAuth"));
    m_auth->addItem(tr("None"), QStringLiteral("none"));
    m_auth->addItem(tr("Bearer token"), QStringLiteral("bearer"));
    m_auth->addItem(tr("Basic (user and password)"), QStringLiteral("basic"));
    m_user->setObjectName(QStringLiteral("prometheusUser"));
    m_secret->setObjectName(QStringLiteral("prometheusSecret"));
    m_secret->setEchoMode(QLineEdit::Password);
    m_secret->setPlaceholderText(tr("kept in the keychain; empty: the one stored"));
    m_ca->setObjectName(QStringLiteral("prometheusCa"));
    m_ca->setPlaceholderText(tr("PEM file of a private CA (optional)"));
    auto *browse = new QPushButton(tr("Browse..."), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("CA certificate"), m_ca->text(),
                                                          tr("PEM certificates (*.pem *.crt)"));
        if (!file.isEmpty())
            m_ca->setText(file);
    });
    auto *caRow = new QHBoxLayout;
    caRow->addWidget(m_ca, 1);
    caRow->addWidget(browse);

    auto *form = new QFormLayout;
    form->addRow(tr("&URL:"), m_url);
    form->addRow(tr("Path &prefix:"), m_prefix);
    form->addRow(tr("&Authentication:"), m_auth);
    form->addRow(tr("U&ser:"), m_user);
    form->addRow(tr("Token or pass&word:"), m_secret);
    form->addRow(tr("&CA:"), caRow);
    m_status->setObjectName(QStringLiteral("prometheusStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->addButton(m_test, QDialogButtonBox::ActionRole);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Connect"));
    connect(buttons, &QDialogButtonBox::accepted, this, &PrometheusDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &PrometheusDialog::reject);
    connect(m_test, &QPushButton::clicked, this, &PrometheusDialog::test);
    connect(m_auth, &QComboBox::currentIndexChanged, this, &PrometheusDialog::updateFields);
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Read switches, hosts, rates and history from a store that "
                                "already scrapes them: rocectl exporter for the switches, "
                                "roce-agent, node_exporter or rdma_exporter for the hosts."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addWidget(buttons);

    m_url->setText(settings.value(kUrl).toString());
    m_prefix->setText(settings.value(kPrefix).toString());
    m_auth->setCurrentIndex(
        std::max(0, m_auth->findData(settings.value(kAuth, QStringLiteral("none")))));
    m_user->setText(settings.value(kUser).toString());
    m_ca->setText(settings.value(kCa).toString());
    updateFields();
    resize(560, sizeHint().height());
}

PrometheusDialog::~PrometheusDialog() = default;

void PrometheusDialog::updateFields()
{
    const QString auth = m_auth->currentData().toString();
    m_user->setEnabled(auth == QLatin1String("basic"));
    m_secret->setEnabled(auth != QLatin1String("none"));
}

Result<prom::PromEndpoint> PrometheusDialog::endpoint() const
{
    auto e = prom::parsePromEndpoint(m_url->text(), m_prefix->text());
    if (!e)
        return e.error();
    const auto auth = prom::parseAuth(m_auth->currentData().toString());
    prom::PromEndpoint out = e.value();
    out.auth = *auth;
    out.user = m_user->text().trimmed();
    out.secret = m_secret->text();
    out.caFile = m_ca->text().trimmed();
    if (out.auth == prom::PromEndpoint::Auth::Basic && out.user.isEmpty())
        return Error {ErrorCode::InvalidArgument, tr("Basic authentication needs a user.")};
    if (!out.caFile.isEmpty() && !QFile::exists(out.caFile))
        return Error {ErrorCode::NotFound, tr("The CA file %1 does not exist.").arg(out.caFile)};
    return out;
}

void PrometheusDialog::save()
{
    m_settings.setValue(kUrl, m_url->text().trimmed());
    m_settings.setValue(kPrefix, m_prefix->text().trimmed());
    m_settings.setValue(kAuth, m_auth->currentData().toString());
    m_settings.setValue(kUser, m_user->text().trimmed());
    m_settings.setValue(kCa, m_ca->text().trimmed());
}

std::optional<prom::PromEndpoint> PrometheusDialog::saved(QSettings &settings)
{
    auto e = prom::parsePromEndpoint(settings.value(kUrl).toString(),
                                     settings.value(kPrefix).toString());
    if (!e)
        return std::nullopt;
    prom::PromEndpoint out = e.value();
    out.auth
        = prom::parseAuth(settings.value(kAuth).toString()).valueOr(prom::PromEndpoint::Auth::None);
    out.user = settings.value(kUser).toString();
    out.caFile = settings.value(kCa).toString();
    return out;
}

void PrometheusDialog::accept()
{
    const auto e = endpoint();
    if (!e) {
        m_status->setText(e.error().message);
        return;
    }
    save();
    QDialog::accept();
}

void PrometheusDialog::test()
{
    auto e = endpoint();
    if (!e) {
        m_status->setText(e.error().message);
        return;
    }
    if (e->auth != prom::PromEndpoint::Auth::None && e->secret.isEmpty()) {
        m_status->setText(tr("Type the token or password to test with it."));
        return;
    }
    delete m_client;
    m_client = new prom::PromClient(*e, this);
    m_status->setText(tr("Asking %1...").arg(e->displayName()));
    m_test->setEnabled(false);
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    const QString name = e->displayName();
    m_client->query(QStringLiteral("count(up == 1) or vector(0)"), {},
                    [this, clock, name](const Result<QList<prom::PromSample>> &r) {
                        m_test->setEnabled(true);
                        if (!r) {
                            m_status->setText(r.error().message);
                            return;
                        }
                        const int targets = r->isEmpty() ? 0 : int(r->first().value);
                        m_status->setText(tr("%1 answered in %2 ms: %3 targets are scraped.")
                                              .arg(name)
                                              .arg(clock->elapsed())
                                              .arg(targets));
                    });
}

}  // namespace roce::widgets
