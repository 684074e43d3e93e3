#include "whatifpanel.h"

#include "collect/results/comparison.h"
#include "comparisonview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

namespace roce::widgets {

WhatIfPanel::WhatIfPanel(QWidget *parent)
    : QWidget(parent),
      m_change(new QPlainTextEdit(this)),
      m_seconds(new QSpinBox(this)),
      m_model(new QComboBox(this)),
      m_preview(new QPushButton(tr("&Preview"), this)),
      m_status(new QLabel(this)),
      m_comparison(new ComparisonView(this)),
      m_notes(new QLabel(this)),
      m_split(new QSplitter(Qt::Vertical, this))
{
    auto *intro = new QLabel(
        tr("Paste the change as NX-OS configuration lines: they apply to every switch, or after "
           "a line <tt>switch NAME</tt> to that switch alone. NIC lines write mlx5's DCQCN "
           "files: <tt>ecn/roce_rp/rpg_time_reset 600</tt>. Nothing is applied to the fabric: "
           "its twin, built from what the console sees, runs the change on the fabric's own "
           "load."),
        this);
    intro->setWordWrap(true);
    m_change->setObjectName(QStringLiteral("whatIfChange"));
    m_change->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_change->setPlaceholderText(
        QStringLiteral("policy-map type queuing QOS_EGRESS_PORT\n"
                       "  class type queuing c-out-8q-q3\n"
                       "    random-detect minimum-threshold 75 kbytes maximum-threshold 3000 "
                       "kbytes drop-probability 7 weight 0 ecn"));
    m_change->setTabChangesFocus(true);
    m_seconds->setObjectName(QStringLiteral("whatIfSeconds"));
    m_seconds->setRange(3, 600);
    m_seconds->setValue(10);
    m_seconds->setSuffix(tr(" s"));
    m_seconds->setToolTip(tr("How long the fabric is watched before the twin is built; the twin "
                             "then runs each configuration as long."));
    m_model->setObjectName(QStringLiteral("whatIfModel"));
    m_model->addItem(tr("Fluid model"));
    m_model->addItem(tr("Packet model"));
    m_model->setToolTip(
        tr("The model the twin runs. Fluid: fast at any size. Packet: every counter exact, and "
           "at a pause band finer than its step it cycles as the simulated reference fabric "
           "does, where the fluid model settles wherever the change finds it; on a large "
           "fabric under load it runs several times slower."));
    m_preview->setObjectName(QStringLiteral("whatIfPreview"));
    m_status->setObjectName(QStringLiteral("whatIfStatus"));
    m_status->setWordWrap(true);
    m_notes->setObjectName(QStringLiteral("whatIfNotes"));
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Watch for"), this));
    controls->addWidget(m_seconds);
    controls->addWidget(m_model);
    controls->addWidget(m_preview);
    controls->addWidget(m_status, 1);

    auto *top = new QWidget(this);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(intro);
    auto *editing = new QHBoxLayout;
    editing->addWidget(m_change, 1);
    // The form scrolls rather than take the result's room.
    auto *formScroll = new QScrollArea(this);
    formScroll->setWidget(buildForm());
    formScroll->setWidgetResizable(true);
    formScroll->setFrameShape(QFrame::NoFrame);
    formScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    formScroll->setMinimumWidth(formScroll->widget()->sizeHint().width()
                                + formScroll->verticalScrollBar()->sizeHint().width());
    editing->addWidget(formScroll);
    topLayout->addLayout(editing, 1);
    topLayout->addLayout(controls);
    auto *bottom = new QWidget(this);
    auto *bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->addWidget(m_comparison, 1);
    bottomLayout->addWidget(m_notes);
    m_split->addWidget(top);
    m_split->addWidget(bottom);
    m_split->setStretchFactor(0, 1);
    m_split->setStretchFactor(1, 4);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_split);
    m_comparison->hide();
    connect(m_preview, &QPushButton::clicked, this, &WhatIfPanel::requestPreview);
}

QWidget *WhatIfPanel::buildForm()
{
    m_form = new QGroupBox(tr("Form"), this);
    m_form->setObjectName(QStringLiteral("whatIfForm"));
    m_form->setToolTip(tr("The settings most changes touch, on every switch and NIC; filled from "
                          "the configuration the twin read at the first preview."));
    m_form->setEnabled(false);
    auto spin = [this](int low, int high, const QString &suffix) {
        auto *box = new QSpinBox(m_form);
        box->setRange(low, high);
        box->setSuffix(suffix);
        return box;
    };
    m_wred = new QCheckBox(tr("WRED on the RoCE queue"), m_form);
    m_ecn = new QCheckBox(tr("marks ECN (else drops)"), m_form);
    m_wredMin = spin(1, 100000, tr(" KB"));
    m_wredMax = spin(1, 100000, tr(" KB"));
    m_dropProbability = spin(0, 100, tr(" %"));
    m_pfc = new QCheckBox(tr("PFC on the ports"), m_form);
    m_staticPause = new QCheckBox(tr("static pause thresholds"), m_form);
    m_pause = spin(1, 10000, tr(" KB"));
    m_resume = spin(1, 10000, tr(" KB"));
    m_buffer = spin(1, 100000, tr(" KB"));
    m_timeReset = spin(1, 1000000, tr(" us"));
    m_timeReset->setObjectName(QStringLiteral("whatIfTimeReset"));
    auto *write = new QPushButton(tr("&Write the change"), m_form);
    write->setObjectName(QStringLiteral("whatIfWrite"));
    auto *form = new QFormLayout(m_form);
    form->addRow(m_wred);
    form->addRow(m_ecn);
    form->addRow(tr("Minimum threshold"), m_wredMin);
    form->addRow(tr("Maximum threshold"), m_wredMax);
    form->addRow(tr("Drop probability"), m_dropProbability);
    form->addRow(m_pfc);
    form->addRow(m_staticPause);
    form->addRow(tr("Pause threshold"), m_pause);
    form->addRow(tr("Resume threshold"), m_resume);
    form->addRow(tr("Buffer size"), m_buffer);
    form->addRow(tr("NIC rpg_time_reset"), m_timeReset);
    form->addRow(write);
    connect(m_wred, &QCheckBox::toggled, m_ecn, &QWidget::setEnabled);
    for (QCheckBox *gate : {m_staticPause}) {
        for (QSpinBox *box : {m_pause, m_resume, m_buffer})
            connect(gate, &QCheckBox::toggled, box, &QWidget::setEnabled);
    }
    // What a Nexus and a ConnectX default to, until the twin says what is in force.
    showForm(nxapi::QosForm {});
    connect(write, &QPushButton::clicked, this,
            [this] { emit composeRequested(m_current, formValues()); });
    return m_form;
}

void WhatIfPanel::setCurrentForm(const nxapi::QosForm &current)
{
    m_current = current;
    showForm(current);
    m_form->setEnabled(true);
}

void WhatIfPanel::showForm(const nxapi::QosForm &current)
{
    m_wred->setChecked(current.wred);
    m_ecn->setChecked(current.ecn);
    m_ecn->setEnabled(current.wred);
    m_wredMin->setValue(current.wredMinKb);
    m_wredMax->setValue(current.wredMaxKb);
    m_dropProbability->setValue(current.dropProbability);
    m_pfc->setChecked(current.pfc);
    m_staticPause->setChecked(current.staticPause);
    m_pause->setValue(current.pauseKb);
    m_resume->setValue(current.resumeKb);
    m_buffer->setValue(current.bufferKb);
    for (QSpinBox *box : {m_pause, m_resume, m_buffer})
        box->setEnabled(current.staticPause);
    m_timeReset->setValue(current.rpgTimeResetUs);
}

nxapi::QosForm WhatIfPanel::formValues() const
{
    nxapi::QosForm f;
    f.wred = m_wred->isChecked();
    f.ecn = m_ecn->isChecked();
    f.wredMinKb = m_wredMin->value();
    f.wredMaxKb = m_wredMax->value();
    f.dropProbability = m_dropProbability->value();
    f.pfc = m_pfc->isChecked();
    f.staticPause = m_staticPause->isChecked();
    f.pauseKb = m_pause->value();
    f.resumeKb = m_resume->value();
    f.bufferKb = m_buffer->value();
    f.rpgTimeResetUs = m_timeReset->value();
    return f;
}

void WhatIfPanel::showComposed(const QString &lines)
{
    if (lines.isEmpty()) {
        m_status->setText(tr("The form says what is in force now: no change to write."));
        return;
    }
    m_change->setPlainText(lines);
    m_status->setText(tr("The form's change is written: Preview runs it."));
}

QString WhatIfPanel::changeText() const
{
    return m_change->toPlainText();
}

void WhatIfPanel::setChangeText(const QString &text)
{
    m_change->setPlainText(text);
}

int WhatIfPanel::watchSeconds() const
{
    return m_seconds->value();
}

void WhatIfPanel::requestPreview()
{
    if (!m_preview->isEnabled())
        return;
    if (m_change->toPlainText().trimmed().isEmpty()) {
        showFailure(tr("Paste the change to preview first."));
        return;
    }
    emit previewRequested(m_change->toPlainText(), m_seconds->value(),
                          m_model->currentIndex() == 1);
}

void WhatIfPanel::showProgress(const QString &what)
{
    m_preview->setEnabled(false);
    m_status->setText(what);
}

void WhatIfPanel::showPreview(const QList<results::RunRecord> &runs, const QStringList &uncertain,
                              const QStringList &notes, bool packetModel)
{
    m_preview->setEnabled(true);
    m_status->setText(packetModel
                          ? tr("Previewed on the packet model: the fabric as seen, its twin, and "
                               "the twin with the change.")
                          : tr("Previewed: the fabric as seen, its twin, and the twin with the "
                               "change."));
    const results::Comparison comparison = results::compareRuns(runs);
    m_comparison->setComparison(comparison);
    // Goodput as bars only when it moves (a change that costs bandwidth); else the table alone.
    double least = 0, most = 0;
    for (qsizetype i = 0; i < comparison.metrics.size(); ++i) {
        const double g = comparison.metrics[i].bandwidthGbps.value_or(0);
        least = i == 0 ? g : std::min(least, g);
        most = i == 0 ? g : std::max(most, g);
    }
    m_comparison->setChartsVisible(most > 0 && (most - least) / most > 0.02);
    if (m_comparison->isHidden()) {
        // The first result: the change keeps a third of the height, the result the rest.
        m_comparison->show();
        const int height = m_split->height();
        m_split->setSizes({height / 3, height - height / 3});
    }
    QStringList lines;
    for (const QString &u : uncertain)
        lines.append(tr("Uncertain: %1").arg(u.toHtmlEscaped()));
    for (const QString &n : notes)
        lines.append(n.toHtmlEscaped());
    m_notes->setText(lines.join(QStringLiteral("<br>")));
}

void WhatIfPanel::showFailure(const QString &message)
{
    m_preview->setEnabled(true);
    m_status->setText(tr("No preview: %1").arg(message));
}

}  // namespace roce::widgets
