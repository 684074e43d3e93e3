#include "pingmeshpanel.h"

#include "live/itemmodels/pairmatrixmodel.h"
#include "live/itemmodels/verdictlistmodel.h"
#include "pairmatrixview.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace roce::widgets {

namespace {
constexpr const char *kAgents = "agents";  ///< the fabric's agents, not a simulated fault
}  // namespace

PingmeshPanel::PingmeshPanel(const QList<Fault> &faults, QWidget *parent)
    : QWidget(parent),
      m_matrix(new models::PairMatrixModel(this)),
      m_verdicts(new models::VerdictListModel(this)),
      m_faults(faults)
{
    setObjectName(QStringLiteral("pingmeshPanel"));
    m_scenario = new QComboBox(this);
    m_scenario->setObjectName(QStringLiteral("pingmeshScenario"));
    m_scenarioLabel = new QLabel(tr("Fault:"), this);
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
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("pingmeshStatus"));
    m_status->setWordWrap(true);

    auto *controls = new QHBoxLayout;
    controls->addWidget(m_scenarioLabel);
    controls->addWidget(m_scenario);
    controls->addWidget(m_argument);
    controls->addWidget(m_start);
    controls->addWidget(m_stop);
    controls->addStretch();
    controls->addWidget(new QLabel(tr("Matrix:"), this));
    controls->addWidget(m_grouping);

    m_view = new PairMatrixView(m_matrix, this);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_view);
    split->addWidget(makeVerdictTable());
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setCollapsible(1, false);

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
    fillChoices();
    m_status->setText(idleText());
}

QTableView *PingmeshPanel::makeVerdictTable()
{
    m_verdictTable = new QTableView(this);
    m_verdictTable->setObjectName(QStringLiteral("pingmeshVerdicts"));
    m_verdictTable->setModel(m_verdicts);
    m_verdictTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_verdictTable->verticalHeader()->hide();
    m_verdictTable->horizontalHeader()->setStretchLastSection(true);
    m_verdictTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_verdictTable->horizontalHeader()->setSectionResizeMode(models::VerdictListModel::Summary,
                                                             QHeaderView::Stretch);
    // The evidence is a sentence or two: wrapped in its column, each row as tall as its
    // text at the column's width, whatever width the dock gives it.
    m_verdictTable->setWordWrap(true);
    m_verdictTable->setTextElideMode(Qt::ElideNone);
    m_verdictTable->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_verdictTable->setMinimumHeight(6 * fontMetrics().height());
    connect(m_verdictTable->horizontalHeader(), &QHeaderView::sectionResized, this,
            [this](int section) {
                if (section == models::VerdictListModel::Summary)
                    fitVerdictRows();
            });
    connect(m_verdicts, &QAbstractItemModel::modelReset, this, &PingmeshPanel::fitVerdictRows);
    return m_verdictTable;
}

void PingmeshPanel::fitVerdictRows()
{
    m_verdictTable->resizeRowsToContents();
}

void PingmeshPanel::setTarget(const Target &target)
{
    if (m_hasTarget && target == m_target)
        return;
    m_target = target;
    m_hasTarget = true;
    // The fabric watched before is gone: so is its pingmesh, with its verdicts' alerts.
    emit stopRequested();
    m_matrix->setMatrix({}, {}, {}, {});
    m_verdicts->setVerdicts({});
    m_stop->setEnabled(false);
    m_start->setText(tr("Start"));
    fillChoices();
    m_status->setText(idleText());
}

void PingmeshPanel::fillChoices()
{
    const QString previous = m_scenario->currentData().toString();
    const QSignalBlocker quiet(m_scenario);
    m_scenario->clear();
    if (m_hasTarget && !m_target.topology.isEmpty()) {
        for (const Fault &fault : std::as_const(m_faults)) {
            m_scenario->addItem(fault.name.section(QLatin1Char(':'), 0, 0), fault.name);
            m_scenario->setItemData(m_scenario->count() - 1, fault.description, Qt::ToolTipRole);
        }
    }
    if (m_hasTarget && m_target.agents) {
        // Not a fault: the watched fabric's own agents probe each other.
        m_scenario->addItem(QString::fromLatin1(kAgents), QString::fromLatin1(kAgents));
        m_scenario->setItemData(m_scenario->count() - 1,
                                tr("the fabric's agents probe each other (every RoCE device of "
                                   "each server), as rocectl pingmesh --inventory"),
                                Qt::ToolTipRole);
    }
    const int kept = m_scenario->findData(previous);
    m_scenario->setCurrentIndex(kept >= 0 ? kept : 0);
    // A single choice (an inventory's agents) is no choice to show.
    m_scenarioLabel->setVisible(m_scenario->count() > 1);
    m_scenario->setVisible(m_scenario->count() > 1);
    m_start->setEnabled(m_scenario->count() > 0);
    updateArgumentHint();
}

QString PingmeshPanel::idleText() const
{
    if (!m_hasTarget)
        return tr("Waiting for the fabric the window watches...");
    if (!m_target.topology.isEmpty() && m_target.agents)
        return tr("Probes every pair of NICs of the watched fabric (%1) and names the bad NIC, "
                  "link or port: on a model of it with the fault you choose, or through its own "
                  "agents (agents).")
            .arg(m_target.topology);
    if (!m_target.topology.isEmpty())
        return tr("Probes every pair of NICs of the watched fabric (%1) on a model of it with the "
                  "fault you choose, and names the bad NIC, link or port.")
            .arg(m_target.topology);
    if (m_target.agents)
        return tr("Probes every pair of NICs of the watched fabric through its servers' agents, "
                  "and names the bad NIC, link or port.");
    return tr("The watched fabric has no agents to probe with and is not simulated: the "
              "pingmesh needs one or the other.");
}

void PingmeshPanel::start()
{
    if (m_scenario->count() == 0)
        return;
    m_start->setText(tr("Restart"));
    m_stop->setEnabled(true);
    const bool agents = scenario() == QLatin1String(kAgents);
    m_status->setText(agents ? tr("Starting the agents' endpoints...")
                             : tr("Starting %1...").arg(scenario()));
    emit startRequested(agents ? QString::fromLatin1(kAgents) : m_target.topology, scenario());
}

void PingmeshPanel::updateArgumentHint()
{
    const QString name = m_scenario->currentData().toString();
    const bool takesArgument = name.contains(QLatin1Char(':'));
    m_argument->setEnabled(takesArgument || name == u"silent-pause" || name == u"pfcwd-flap");
    m_argument->setVisible(name != QLatin1String(kAgents) && !name.isEmpty());
    if (name.startsWith(QLatin1String("bad-link"))) {
        m_argument->setPlaceholderText(tr("switch/port, e.g. %1").arg(m_target.examplePort));
        m_argument->setText(m_target.examplePort);
    } else if (name.startsWith(QLatin1String("bad-nic"))) {
        m_argument->setPlaceholderText(
            tr("host or host/device, e.g. %1").arg(m_target.exampleHost));
        m_argument->setText(m_target.exampleHost);
    } else {
        m_argument->setPlaceholderText(tr("receiver (optional)"));
        m_argument->clear();
    }
}

bool PingmeshPanel::setScenario(const QString &scenario)
{
    const QString name = scenario.section(QLatin1Char(':'), 0, 0);
    for (int i = 0; i < m_scenario->count(); ++i) {
        if (m_scenario->itemText(i) != name)
            continue;
        m_scenario->setCurrentIndex(i);
        // Without an argument of its own it keeps the fabric's example.
        if (scenario.contains(QLatin1Char(':')))
            m_argument->setText(scenario.section(QLatin1Char(':'), 1));
        return true;
    }
    return false;
}

QString PingmeshPanel::scenario() const
{
    const QString name = m_scenario->currentText();
    const QString argument = m_argument->isEnabled() ? m_argument->text().trimmed() : QString();
    return argument.isEmpty() ? name : name + QLatin1Char(':') + argument;
}

void PingmeshPanel::showSnapshot(const pingmesh::PingmeshSnapshot &s)
{
    // A second still on its way from the fabric watched before is not this fabric's.
    if (s.topology == QLatin1String(kAgents) ? !m_target.agents : s.topology != m_target.topology)
        return;
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
             "lost); %6. %n verdict(s).",
             nullptr, verdicts)
        : tr("%1, %2: %3 NICs, %4 pairs, %5 probes in %6 s (%7 % of the last 3 s lost); %8. "
             "%n verdict(s).",
             nullptr, verdicts)
              .arg(s.topology, s.scenario.isEmpty() ? tr("healthy") : s.scenario);
    const QLocale locale;
    m_status->setText(text.arg(s.endpoints.size())
                          .arg(locale.toString(s.pairs.size()))
                          .arg(locale.toString(s.probesSent))
                          .arg(s.seconds, 0, 'f', 0)
                          .arg(sent ? 100.0 * double(lost) / double(sent) : 0.0, 0, 'f', 2)
                          .arg(typicalRtt()));
}

QString PingmeshPanel::typicalRtt() const
{
    // A fabric of one switch has no pair across switches: its "across" figure is no figure.
    const double under = m_matrix->baselineUs(false);
    const double across = m_matrix->baselineUs(true);
    if (under > 0 && across > 0)
        return tr("typical RTT %1 us under one switch, %2 us across")
            .arg(under, 0, 'f', 1)
            .arg(across, 0, 'f', 1);
    if (under > 0)
        return tr("typical RTT %1 us, every pair under one switch").arg(under, 0, 'f', 1);
    if (across > 0)
        return tr("typical RTT %1 us, every pair across switches").arg(across, 0, 'f', 1);
    return tr("no RTT yet: no pair answered");
}

void PingmeshPanel::showFailure(const QString &message)
{
    m_stop->setEnabled(false);
    m_start->setText(tr("Start"));
    m_status->setText(tr("Pingmesh failed: %1").arg(message));
}

}  // namespace roce::widgets
