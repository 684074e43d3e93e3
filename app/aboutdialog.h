#pragma once

#include <QDialog>

namespace roce::app {

/// About box: what the product is, its version and the versions of Qt, libssh, rdma-core
/// and QtKeychain it runs on (people paste this into bug reports).
class AboutDialog : public QDialog
{
    Q_OBJECT

public:
    explicit AboutDialog(QWidget *parent = nullptr);

    /// The version table as plain text, one "name version" per line (also used for copying).
    QString versionsText() const;
};

}  // namespace roce::app
