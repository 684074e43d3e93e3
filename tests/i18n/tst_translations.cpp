#include "translations.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

struct Untranslated {
    QString context;
    QString source;
};

// Every <message> must carry a finished, non-empty translation (all plural forms).
QList<Untranslated> untranslatedMessages(const QString &tsPath, int *total)
{
    QList<Untranslated> missing;
    QFile file(tsPath);
    if (!file.open(QIODevice::ReadOnly))
        return {{QString(), QStringLiteral("cannot open ") + tsPath}};
    QXmlStreamReader xml(&file);
    QString context;
    QString source;
    bool finished = true;
    bool hasText = false;
    *total = 0;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("name")) {
                context = xml.readElementText();
            } else if (name == QLatin1String("message")) {
                source.clear();
                finished = true;
                hasText = false;
                ++*total;
            } else if (name == QLatin1String("source")) {
                source = xml.readElementText();
            } else if (name == QLatin1String("translation")) {
                const auto type = xml.attributes().value(QLatin1String("type"));
                finished = type.isEmpty();
                if (xml.attributes().value(QLatin1String("type")) == QLatin1String("vanished")
                    || type == QLatin1String("obsolete"))
                    finished = true;
            } else if (name == QLatin1String("numerusform")) {
                hasText = !xml.readElementText().trimmed().isEmpty() || hasText;
            }
        } else if (xml.isCharacters() && !xml.isWhitespace()) {
            hasText = true;
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            if (!finished || !hasText)
                missing.append({context, source});
        }
    }
    if (xml.hasError())
        missing.append({QString(), QStringLiteral("XML error: ") + xml.errorString()});
    return missing;
}

}  // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    void germanCatalogueIsComplete()
    {
        QTemporaryDir dir;
        const QString scratch = dir.filePath(QStringLiteral("roce_de.ts"));
        QVERIFY(QFile::copy(QStringLiteral(ROCE_TS_DE), scratch));
        QFile::setPermissions(scratch, QFile::ReadOwner | QFile::WriteOwner);

        QStringList args {QStringLiteral("-no-obsolete"), QStringLiteral("-locations"),
                          QStringLiteral("none"), QStringLiteral("-extensions"),
                          QStringLiteral("cpp,h")};
        for (const char *layer : {"core", "widgets", "app", "agent", "translations"})
            args << QStringLiteral(ROCE_SOURCE_DIR "/") + QLatin1String(layer);
        args << QStringLiteral("-ts") << scratch;
        QProcess lupdate;
        lupdate.setProcessChannelMode(QProcess::MergedChannels);
        lupdate.start(QStringLiteral(LUPDATE_PATH), args);
        QVERIFY(lupdate.waitForFinished(150000));
        QVERIFY2(lupdate.exitCode() == 0, lupdate.readAll().constData());

        int total = 0;
        const auto missing = untranslatedMessages(scratch, &total);
        QVERIFY2(total > 50, qPrintable(QString::number(total)));
        QString report;
        for (const auto &m : missing)
            report += QStringLiteral("\n  [%1] %2").arg(m.context, m.source);
        QVERIFY2(missing.isEmpty(),
                 qPrintable(QStringLiteral("%1 of %2 strings lack a German translation (run "
                                           "'cmake --build build --target update_translations' "
                                           "and translate translations/roce_de.ts):%3")
                                .arg(missing.size())
                                .arg(total)
                                .arg(report)));
    }

    void germanIsInstalledAndUsed()
    {
        QCOMPARE(roce::installTranslations(*QCoreApplication::instance(), QStringLiteral("de_DE")),
                 QStringLiteral("de_DE"));
        QCOMPARE(QCoreApplication::translate("roce::app::MainWindow", "&Quit"),
                 QStringLiteral("&Beenden"));
        QCOMPARE(QCoreApplication::translate("roce::app::MainWindow", "No fabric connected"),
                 QStringLiteral("Kein Fabric verbunden"));
    }

    void unknownLanguageFallsBackToEnglish()
    {
        QCOMPARE(roce::installTranslations(*QCoreApplication::instance(), QStringLiteral("xx")),
                 QStringLiteral("en"));
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
