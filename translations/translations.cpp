#include "translations.h"

#include <QLoggingCategory>

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

Q_LOGGING_CATEGORY(lcI18n, "roce.i18n", QtInfoMsg)

namespace roce {

QString installTranslations(QCoreApplication &app, const QString &localeName)
{
    const QLocale locale = localeName.isEmpty() ? QLocale::system() : QLocale(localeName);
    auto *own = new QTranslator(&app);
    if (!own->load(locale, QStringLiteral("roce"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        delete own;
        qCDebug(lcI18n) << "no translation for" << locale.name() << "- using English";
        return QStringLiteral("en");
    }
    QCoreApplication::installTranslator(own);

    // Qt's own strings (standard buttons, QCommandLineParser help) in the same language.
    auto *qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qt"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
    } else {
        delete qt;
    }
    return own->language();
}

}  // namespace roce
