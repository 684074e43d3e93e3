#include "fabricmappanel.h"

#include "fabricmapview.h"
#include "palette.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>
#include <QVBoxLayout>

namespace roce::widgets {

namespace {

QLabel *swatch(const QColor &color, const QString &text, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setText(QStringLiteral("<span style='background:%1'>&nbsp;&nbsp;&nbsp;</span> %2")
                       .arg(color.name(), text.toHtmlEscaped()));
    return label;
}

}  // namespace

FabricMapPanel::FabricMapPanel(const models::PortTableModel *rates, QWidget *parent)
    : QWidget(parent),
      m_view(new FabricMapView(rates, this)),
      m_search(new QLineEdit(this)),
      m_summary(new QLabel(this))
{
    setObjectName(QStringLiteral("fabricMapPanel"));
    m_search->setObjectName(QStringLiteral("fabricSearch"));
    m_search->setPlaceholderText(tr("Find a host, leaf or spine..."));
    m_search->setClearButtonEnabled(true);
    auto *zoomIn = new QToolButton(this);
    zoomIn->setText(QStringLiteral("+"));
    zoomIn->setToolTip(tr("Zoom in (+)"));
    auto *zoomOut = new QToolButton(this);
    zoomOut->setText(QStringLiteral("−"));
    zoomOut->setToolTip(tr("Zoom out (-)"));
    auto *fit = new QToolButton(this);
    fit->setText(tr("Fit"));
    fit->setToolTip(tr("Show the whole fabric (0)"));

    auto *tools = new QHBoxLayout;
    tools->addWidget(m_search, 1);
    tools->addWidget(zoomIn);
    tools->addWidget(zoomOut);
    tools->addWidget(fit);
    tools->addSpacing(12);
    // The legend: the ends of the utilization scale are what the map paints a full and an
    // idle port with.
    tools->addWidget(swatch(palette::drop(), tr("drops"), this));
    tools->addWidget(swatch(palette::pause(), tr("pauses"), this));
    tools->addWidget(swatch(palette::ecn(), tr("ECN (outline)"), this));
    tools->addWidget(swatch(palette::utilization(1.0), tr("busy"), this));
    tools->addWidget(swatch(palette::utilization(0.0), tr("idle"), this));
    tools->addWidget(swatch(palette::noData(), tr("no data"), this));
    tools->addWidget(swatch(palette::down(), tr("down"), this));
    tools->addWidget(swatch(palette::rootCause(), tr("cause (outline)"), this));
    tools->addWidget(swatch(palette::selection(), tr("selected"), this));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(tools);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_summary);

    connect(zoomIn, &QToolButton::clicked, m_view, &FabricMapView::zoomIn);
    connect(zoomOut, &QToolButton::clicked, m_view, &FabricMapView::zoomOut);
    connect(fit, &QToolButton::clicked, m_view, &FabricMapView::fitAll);
    connect(m_search, &QLineEdit::returnPressed, this, [this] { m_view->find(m_search->text()); });
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        if (text.isEmpty()) {
            m_view->find(QString());
            m_view->fitAll();
        }
    });
    connect(m_view, &FabricMapView::found, this, [this](int matches) {
        if (!m_search->text().isEmpty())
            m_summary->setText(tr("'%1': %n match(es)", nullptr, matches).arg(m_search->text()));
    });
}

void FabricMapPanel::setFabric(const models::LeafSpineFabric &fabric)
{
    m_view->setFabric(fabric);
    m_summary->setText(tr("%1: %2 spines, %3 leaves in %4 groups, %5 servers, %6 server ports")
                           .arg(fabric.name)
                           .arg(fabric.spines.size())
                           .arg(fabric.leaves.size())
                           .arg(m_view->geometry().panels.size())
                           .arg(fabric.hosts.size())
                           .arg(fabric.nics.size()));
}

}  // namespace roce::widgets
