#include "pingmeshpanel.h"

#include "live/itemmodels/pairmatrixmodel.h"
#include "live/itemmodels/verdictlistmodel.h"
#include "pairmatrixview.h"
#include "sim/feeds/pingmeshrun.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace roce::widgets {

namespace {
/// The simulated fabric the panel probes: 128 NICs under 4 leaves and 8 spines.
const QString kTopology = QStringLiteral("rail:64:2:2:8");
constexpr const char *kAgents = "agents";  ///< the fabric's agents, not a simulated fault
}  // namespace

PingmeshPanel::PingmeshPanel(QWidget *parent)
    : QWidget(parent),
      m_matrix(new models::PairMatrixModel(this)),
      m_verdicts(new models::VerdictListModel(this))
{
    setObjectName(QStringLiteral("pingmeshPanel"));
    m_scenario = new QComboBox(this);
    m_scenario->setObjectName(QStringLiteral("pingmeshScenario"));
    for (const auto &[name, text] : sim::pingmeshScenarios()) {
        m_scenario->addItem(name.section(QLatin1Char(':'), 0, 0), name);
        m_scenario->setItemData(m_scenario->count() - 1, text, Qt::ToolTipRole);
    }
    // Not a fault: the pingmesh of the watched fabric's own agents (an inventory's).
    m_scenario->addItem(QString::fromLatin1(kAgents), QString::fromLatin1(kAgents));
    m_scenario->setItemData(m_scenario->count() - 1,
                            tr("the fabric's agents probe each other (every RoCE device of each "
                               "server), as rocectl pingmesh --inventory"),
                            Qt::ToolTipRole);
    m_argument = new QLineEdit(this);
    m_argument->setObjectName(QStringLiteral("pingmeshArgument"));
    m_argument->setMaximumWidth(220);
    m_grouping = new QComboBox(this);
    m_grouping->addItem(tr("By NIC"));
    m_grouping->addItem(tr("By switch"));
    m_start = new QPushButton(tr("Start"), this);
    m_start->setObjectName(QStringLiteral("pingmeshStart"));
    m_stop = new QPushButton(tr("Stop"), this);
    m_stop->setEnabled(false);
    m_status = new QLabel(tr("Probes every pair of NICs of the simulated fabric (%1) and names "
                             "the bad NIC, link or port.")
                              .arg(kTopology),
                          this);
    m_status->setObjectName(QStringLiteral("pingmeshStatus"));
    m_status->setWordWrap(true);

    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Fault:"), this));
    controls->addWidget(m_scenario);
    controls->addWidget(m_argument);
    controls->addWidget(m_start);
    controls->addWidget(m_stop);
    controls->addStretch();
    controls->addWidget(new QLabel(tr("Matrix:"), this));
    controls->addWidget(m_grouping);

    m_view = new PairMatrixView(m_matrix, this);
    m_verdictTable = new QTableView(this);
    m_verdictTable->setObjectName(QStringLiteral("pingmeshVerdicts"));
    m_verdictTable->setModel(m_verdicts);
    m_verdictTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_verdictTable->setWordWrap(true);
    m_verdictTable->verticalHeader()->hide();
    m_verdictTable->horizontalHeader()->setStretchLastSection(true);
    m_verdictTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_verdictTable->horizontalHeader()->setSectionResizeMode(models::VerdictListModel::Summary,
                                                             QHeaderView::Stretch);
    m_verdictTable->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_view);
    split->addWidget(m_verdictTable);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);

    connect(m_scenario, &QComboBox::currentIndexChanged, this, &PingmeshPanel::updateArgumentHint);
    connect(m_grouping, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_matrix->setGrouping(i == 0 ? models::PairMatrixModel::Grouping::ByNic
                                     : models::PairMatrixModel::Grouping::BySwitch);
    });
    connect(m_start, &QPushButton::clicked, this, &PingmeshPanel::start);
    connect(m_stop, &QPushButton::clicked, this, [this] {
        m_stop->setEnabled(false);
        m_start->setText(tr("Start"));
        m_status->setText(tr("Stopped."));
        emit stopRequested();
    });
    updateArgumentHint();
}

void PingmeshPanel::start()
{
    m_start->setText(tr("Restart"));
    m_stop->setEnabled(true);
    const bool agents = scenario() == QLatin1String(kAgents);
    m_status->setText(agents ? tr("Starting the agents' endpoints...")
                             : tr("Starting %1...").arg(scenario()));
    emit startRequested(agents ? QString::fromLatin1(kAgents) : kTopology, scenario());
}

void PingmeshPanel::updateArgumentHint()
{
    const QString name = m_scenario->currentData().toString();
    const bool takesArgument = name.contains(QLatin1Char(':'));
    m_argument->setEnabled(takesArgument || name == u"silent-pause" || name == u"pfcwd-flap");
    if (name.startsWith(QLatin1String("bad-link"))) {
        m_argument->setPlaceholderText(tr("switch/port, e.g. rail1-leaf2/Ethernet1/35"));
        m_argument->setText(QStringLiteral("rail1-leaf2/Ethernet1/35"));
    } else if (name.startsWith(QLatin1String("bad-nic"))) {
        m_argument->setPlaceholderText(tr("host or host/device, e.g. gpu0005"));
        m_argument->setText(QStringLiteral("gpu0005"));
    } else {
        m_argument->setPlaceholderText(tr("receiver (optional)"));
        m_argument->clear();
    }
}

void PingmeshPanel::setScenario(const QString &scenario)
{
    const QString name = scenario.section(QLatin1Char(':'), 0, 0);
    for (int i = 0; i < m_scenario->count(); ++i) {
        if (m_scenario->itemText(i) == name)
            m_scenario->setCurrentIndex(i);
    }
    m_argument->setText(scenario.section(QLatin1Char(':'), 1));
}

QString PingmeshPanel::scenario() const
{
    const QString name = m_scenario->currentText();
    const QString argument = m_argument->isEnabled() ? m_argument->text().trimmed() : QString();
    return argument.isEmpty() ? name : name + QLatin1Char(':') + argument;
}

void PingmeshPanel::showSnapshot(const pingmesh::PingmeshSnapshot &s)
{
    m_stop->setEnabled(true);
    m_start->setText(tr("Restart"));
    m_matrix->setMatrix(s.endpoints, s.pairs, s.summaries, s.verdicts);
    m_verdicts->setVerdicts(s.verdicts);
    qint64 lost = 0, sent = 0;
    for (const pingmesh::PairSummary &p : s.summaries) {
        sent += p.sent;
        lost += p.lost;
    }
    // Which fabric: the simulated one names its shape and fault first (%1, %2); the figures
    // then fill the lowest markers left, the same in both texts.
    const int verdicts = int(s.verdicts.size());
    const QString text = s.topology == QLatin1String(kAgents)
        ? tr("The fabric's agents: %1 NICs, %2 pairs, %3 probes in %4 s (%5 % of the last 3 s "
             "lost); typical RTT %6 us under one switch, %7 us across. %n verdict(s).",
             nullptr, verdicts)
        : tr("%1, %2: %3 NICs, %4 pairs, %5 probes in %6 s (%7 % of the last 3 s lost); typical "
             "RTT %8 us under one switch, %9 us across. %n verdict(s).",
             nullptr, verdicts)
              .arg(s.topology, s.scenario.isEmpty() ? QStringLiteral("healthy") : s.scenario);
    const QLocale locale;
    m_status->setText(text.arg(s.endpoints.size())
                          .arg(locale.toString(s.pairs.size()))
                          .arg(locale.toString(s.probesSent))
                          .arg(s.seconds, 0, 'f', 0)
                          .arg(sent ? 100.0 * double(lost) / double(sent) : 0.0, 0, 'f', 2)
                          .arg(m_matrix->baselineUs(false), 0, 'f', 1)
                          .arg(m_matrix->baselineUs(true), 0, 'f', 1));
}

void PingmeshPanel::showFailure(const QString &message)
{
    m_stop->setEnabled(false);
    m_start->setText(tr("Start"));
    m_status->setText(tr("Pingmesh failed: %1").arg(message));
}

}  // namespace roce::widgets
