#pragma once

#include <QString>

class QCoreApplication;

namespace roce {

/// Installs the translators for @p localeName (e.g. "de", "de_DE"; empty = system locale):
/// the project's own catalogue from the ":/i18n" resource and Qt's catalogue for the same
/// language. Returns the language actually loaded ("en" when nothing matched: the sources
/// are English).
QString installTranslations(QCoreApplication &app, const QString &localeName = {});

}  // namespace roce
