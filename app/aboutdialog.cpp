#include "aboutdialog.h"

#include "live/hub/componentversions.h"
#include "proto/common/versions.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace roce::app {

AboutDialog::AboutDialog(QWidget *parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About RoCE Fabric Console"));

    auto *icon = new QLabel(this);
    icon->setPixmap(QIcon(QStringLiteral(":/icons/roce-console.svg")).pixmap(64, 64));
    auto *title = new QLabel(
        QStringLiteral("<h2>%1</h2><p>%2</p><p>%3</p>")
            .arg(tr("RoCE Fabric Console"), tr("Version %1").arg(applicationVersion()),
                 tr("Live operations console for lossless RoCEv2 fabrics: PFC pauses, ECN/CNP "
                    "and MMU drops on one time axis, with bandwidth, latency and training "
                    "experiments.")),
        this);
    title->setWordWrap(true);

    auto *header = new QHBoxLayout;
    header->addWidget(icon, 0, Qt::AlignTop);
    header->addWidget(title, 1);

    auto *table = new QTreeWidget(this);
    table->setObjectName(QStringLiteral("versionsTable"));
    table->setRootIsDecorated(false);
    table->setHeaderLabels({tr("Component"), tr("Version"), tr("Read at")});
    for (const auto &c : componentVersions()) {
        auto *item = new QTreeWidgetItem(
            table,
            {c.name, c.version,
             c.source == QLatin1String("runtime") ? tr("run time") : tr("build")});
        item->setData(0, Qt::UserRole, c.key);
    }
    table->resizeColumnToContents(0);
    table->resizeColumnToContents(1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *copy = buttons->addButton(tr("Copy Versions"), QDialogButtonBox::ActionRole);
    connect(copy, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(versionsText()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(header);
    layout->addWidget(table);
    layout->addWidget(buttons);
    resize(520, 380);
}

QString AboutDialog::versionsText() const
{
    QString text
        = QStringLiteral("RoCE Fabric Console ") + applicationVersion() + QLatin1Char('\n');
    for (const auto &c : componentVersions())
        text += c.name + QLatin1Char(' ') + c.version + QLatin1Char('\n');
    return text;
}

}  // namespace roce::app
