// kernel-workbench: the GUI. This file only composes: command line, translations, the main
// window. Everything else lives in kwb_ui and core.
#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QPixmap>
#include <QSettings>
#include <QTimer>
#include <QTranslator>
#include <cstdio>
#include <cstring>
#include <memory>

#include "kwb/version.h"
#include "ui/windows/main_window.h"
#include "ui/windows/review_controller.h"

namespace {

// --help and --version print and exit: they must work without a display, so they get a
// QCoreApplication. Decided from argv before any application object exists.
bool wantsConsoleOnly(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        for (const char* flag : {"-h", "--help", "--help-all", "-v", "--version"}) {
            if (std::strcmp(argv[i], flag) == 0)
                return true;
        }
    }
    return false;
}

// The --lang value, read before the parser exists, because the parser's own help text is
// translated. Empty when not given.
QString requestedLanguage(const QStringList& args) {
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--lang") && i + 1 < args.size())
            return args[i + 1];
        if (args[i].startsWith(QLatin1String("--lang=")))
            return args[i].mid(7);
    }
    return {};
}

// Installs our translation (embedded under :/i18n) and Qt's own ones where present.
// The translators live as long as the application: they are its children.
void installTranslations(QCoreApplication& app, const QLocale& locale) {
    if (locale.language() == QLocale::English)
        return; // the source language
    const QString qtDir = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
    const struct {
        const char* name;
        QString dir;
    } catalogs[] = {
        {"kernel-workbench", QStringLiteral(":/i18n")}, {"qtbase", qtDir}, {"qscintilla", qtDir}};
    for (const auto& catalog : catalogs) {
        auto* translator = new QTranslator(&app);
        if (translator->load(locale, QString::fromLatin1(catalog.name), QStringLiteral("_"),
                             catalog.dir))
            QCoreApplication::installTranslator(translator);
        else
            delete translator;
    }
}

} // namespace

int main(int argc, char** argv) {
    std::unique_ptr<QCoreApplication> app;
    if (wantsConsoleOnly(argc, argv))
        app = std::make_unique<QCoreApplication>(argc, argv);
    else
        app = std::make_unique<QApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("kernel-workbench"));
    QCoreApplication::setApplicationVersion(QString::fromUtf8(kwb::kVersion));
    QCoreApplication::setOrganizationName(QStringLiteral("kernel-workbench"));

    QString lang = requestedLanguage(QCoreApplication::arguments());
    if (lang.isEmpty()) // the choice in Settings › Interface, if any
        lang = QSettings().value(QStringLiteral("ui/language")).toString();
    const QStringList supported = {QStringLiteral("en"), QStringLiteral("es"),
                                   QStringLiteral("pl")};
    const bool langValid = lang.isEmpty() || supported.contains(lang);
    installTranslations(*app, langValid && !lang.isEmpty() ? QLocale(lang) : QLocale::system());
    if (!langValid) {
        const QString message = QCoreApplication::translate(
            "main", "kernel-workbench: unsupported language '%1' (choose %2)");
        std::fprintf(stderr, "%s\n",
                     qPrintable(message.arg(lang, supported.join(QStringLiteral(", ")))));
        return 1;
    }

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "main", "Review, verify and curate machine-written CUDA kernels."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption langOption(
        QStringLiteral("lang"),
        QCoreApplication::translate(
            "main", "User interface language: es, pl or en (default: the system's)."),
        QCoreApplication::translate("main", "code"));
    QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"),
        QCoreApplication::translate("main", "Save a picture of the main window to the given PNG "
                                            "file once the GPU probe answers, then exit."),
        QCoreApplication::translate("main", "file"));
    screenshotOption.setFlags(QCommandLineOption::HiddenFromHelp);
    const QCommandLineOption projectOption(
        QStringLiteral("project"),
        QCoreApplication::translate("main",
                                    "Open this project file instead of the current project."),
        QCoreApplication::translate("main", "file"));
    // For the speed benchmark: print "ready" once the window shows the first sample, then exit.
    QCommandLineOption readyOption(QStringLiteral("quit-when-ready"));
    readyOption.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(langOption);
    parser.addOption(projectOption);
    parser.addOption(screenshotOption);
    parser.addOption(readyOption);
    parser.process(*app); // --help, --version and bad options exit here

    kwb::ui::MainWindow window;
    window.show();
    window.openProject(parser.value(projectOption)); // empty: the current project

    if (parser.isSet(readyOption)) {
        QObject::connect(window.reviewController(), &kwb::ui::ReviewController::sampleShown,
                         &window, [] {
                             std::fprintf(stdout, "ready\n");
                             std::fflush(stdout);
                             QCoreApplication::exit(0);
                         });
        QObject::connect(&window, &kwb::ui::MainWindow::projectFailed, &window,
                         [](const QString& why) {
                             std::fprintf(stderr, "%s\n", qPrintable(why));
                             QCoreApplication::exit(1);
                         });
    }

    // A newcomer is greeted once; a picture or a timed start is not interrupted.
    if (!parser.isSet(readyOption) && !parser.isSet(screenshotOption))
        window.showWelcomeIfFirstStart();

    if (parser.isSet(screenshotOption)) {
        // One timer: it fires at the 3 s deadline, or soon after the probe settles.
        const QString file = parser.value(screenshotOption);
        auto* shutter = new QTimer(&window);
        shutter->setSingleShot(true);
        QObject::connect(shutter, &QTimer::timeout, &window, [&window, file] {
            if (window.grab().save(file, "PNG")) {
                QCoreApplication::exit(0);
                return;
            }
            std::fprintf(
                stderr, "%s\n",
                qPrintable(QCoreApplication::translate("main", "kernel-workbench: cannot write %1")
                               .arg(file)));
            QCoreApplication::exit(1);
        });
        QObject::connect(&window, &kwb::ui::MainWindow::deviceProbeSettled, shutter,
                         [shutter] { shutter->start(250); }); // let the status bar lay out
        shutter->start(window.isDeviceProbeSettled() ? 250 : 3000);
    }
    return app->exec();
}
