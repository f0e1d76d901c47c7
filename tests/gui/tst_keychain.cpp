// Provider keys through the Settings dialog's own code: with a Secret Service on the session bus
// (tests/gui/keychain_session.sh starts one: dbus-run-session with gnome-keyring-daemon), a key
// saved in Settings lands in the system keychain, reads back, and is not in the settings file;
// without one (a bus address that leads nowhere), the key stays in the 0600 file and the dialog
// says why. KWB_EXPECT_KEYCHAIN=1 (set by the script) turns "no keychain" into a failure.
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QProcess>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <filesystem>

#include "tests/gui/gui_fixtures.h"
#include "tests/llm/loopback_server.h"
#include "ui/models/provider_keychain.h"
#include "ui/widgets/generation_panel.h"
#include "ui/windows/settings_dialog.h"

using namespace kwb::ui;

namespace {

const QString kSecret = QStringLiteral("sk-kwb-test-7f3a9c21d4e8");

// A config folder with one provider whose key is in the file (as before the keychain).
bool writeSettings(const QTemporaryDir& dir,
                   const QString& baseUrl = QStringLiteral("http://127.0.0.1:9/v1")) {
    qputenv("KWB_CONFIG_DIR", QFile::encodeName(dir.filePath(QStringLiteral("config"))));
    qputenv("KWB_DATA_DIR", QFile::encodeName(dir.filePath(QStringLiteral("data"))));
    QDir().mkpath(dir.filePath(QStringLiteral("config")));
    QFile file(dir.filePath(QStringLiteral("config/llm.json")));
    if (!file.open(QIODevice::WriteOnly))
        return false;
    file.write(QStringLiteral(R"({"providers": {"teacher": {"protocol": "openai",
        "base_url": "%2", "api_key": "%1"}}})")
                   .arg(kSecret, baseUrl)
                   .toUtf8());
    return true;
}

QByteArray fileText(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// `kwb generate` (the command line, a child process) against the teacher provider: the
// Authorization header the loopback server received, or "" when the request had none.
QString keyTheCommandLineSent(kwbtest::LoopbackServer& server, const QTemporaryDir& dir) {
    const std::size_t before = server.requests().size();
    QProcess kwb;
    kwb.setProcessChannelMode(QProcess::MergedChannels);
    kwb.start(QStringLiteral(KWB_CLI_PATH),
              {QStringLiteral("generate"), QStringLiteral("reduce-sum-f32"),
               QStringLiteral("--provider"), QStringLiteral("teacher"), QStringLiteral("--model"),
               QStringLiteral("m"), QStringLiteral("-n"), QStringLiteral("1"),
               QStringLiteral("--max-retries"), QStringLiteral("0"), QStringLiteral("--out"),
               dir.filePath(QStringLiteral("out.jsonl"))});
    if (!kwb.waitForFinished(60000))
        return QStringLiteral("(kwb did not finish)");
    const auto requests = server.requests();
    if (requests.size() <= before)
        return QStringLiteral("(no request: ") + QString::fromUtf8(kwb.readAll()) +
               QLatin1Char(')');
    auto it = requests.back().headers.find("authorization");
    return it == requests.back().headers.end() ? QString() : QString::fromStdString(it->second);
}

// The window's Generate against the teacher provider, in a fresh demo project named `name`: the
// panel reads the key from the keychain without waiting for it. The Authorization header the
// loopback server received; "(no request: ...)" with the problem the panel showed when none came.
QString keyTheWindowSent(kwbtest::LoopbackServer& server, const QTemporaryDir& dir,
                         const QString& name) {
    const std::size_t before = server.requests().size();
    MainWindow window;
    if (!kwbtest::openDemoProjectOnTask(window, dir.filePath(name + QStringLiteral(".kwbproj")),
                                        QStringLiteral("reduce-sum-f32")))
        return QStringLiteral("(the demo project did not open)");
    GenerationPanel* panel = window.generationPanel();
    panel->reloadProviders();
    panel->setProvider(QStringLiteral("teacher"));
    panel->setModel(QStringLiteral("m"));
    panel->setSampleCount(1);
    panel->setRepairTurns(0);
    QSignalSpy problems(panel, &GenerationPanel::problem);
    QSignalSpy ended(panel, &GenerationPanel::generationEnded);
    if (!panel->generate())
        return QStringLiteral("(Generate refused)");
    (void)QTest::qWaitFor([&] { return server.requests().size() > before || problems.count() > 0; },
                          30000);
    const auto requests = server.requests();
    if (requests.size() <= before)
        return QStringLiteral("(no request: %1)")
            .arg(problems.isEmpty() ? QStringLiteral("none") : problems.first().at(0).toString());
    panel->cancel(); // the server answers 500: no retries needed
    if (!QTest::qWaitFor([&] { return ended.count() > 0; }, 30000))
        return QStringLiteral("(the generation did not end after Cancel)");
    auto it = requests[before].headers.find("authorization");
    return it == requests[before].headers.end() ? QString() : QString::fromStdString(it->second);
}

QTableWidget* providersTable(const SettingsDialog& dialog) {
    return dialog.findChild<QTableWidget*>(QStringLiteral("providersTable"));
}

// The row of a provider in the dialog's table; -1 where it is not listed.
int providerRow(const SettingsDialog& dialog, const QString& name) {
    QTableWidget* table = providersTable(dialog);
    for (int row = 0; table && row < table->rowCount(); ++row) {
        if (table->item(row, 0) && table->item(row, 0)->text() == name)
            return row;
    }
    return -1;
}

// The key field the dialog shows for the settings file's provider, "teacher".
QString shownKey(const SettingsDialog& dialog) {
    const int row = providerRow(dialog, QStringLiteral("teacher"));
    auto* key =
        row < 0 ? nullptr : qobject_cast<QLineEdit*>(providersTable(dialog)->cellWidget(row, 3));
    return key ? key->text() : QString();
}

} // namespace

class TestKeychain : public QObject {
    Q_OBJECT

private slots:
    void keyGoesToTheKeychain();
    void fileWhenNoKeychainAnswers();
    void providersAsTheGenerationPanelOffers();
};

void TestKeychain::keyGoesToTheKeychain() {
    const bool expected = qEnvironmentVariableIntValue("KWB_EXPECT_KEYCHAIN") == 1;
    if (!ProviderKeychain::compiledIn()) {
        if (expected)
            QFAIL("built without QtKeychain (qtkeychain-qt6-dev), but a keychain was expected");
        QSKIP("built without QtKeychain (qtkeychain-qt6-dev)");
    }
    QString why;
    if (!ProviderKeychain::reachable(&why)) {
        if (expected)
            QFAIL(qPrintable(QStringLiteral("no Secret Service answered: ") + why));
        QSKIP(
            qPrintable(QStringLiteral("no Secret Service here (%1); keychain_session.sh starts one")
                           .arg(why)));
    }
    QTemporaryDir dir;
    kwbtest::LoopbackServer server; // answers 500: only the request's key matters here
    QVERIFY(server.start());
    QVERIFY(dir.isValid() &&
            writeSettings(dir, QString::fromStdString(server.url()) + QStringLiteral("/v1")));
    qputenv("OPENAI_API_KEY", ""); // the key comes from the settings, then from the keychain
    SettingsDialog dialog(nullptr);
    QVERIFY(dialog.usesKeychain());
    QCOMPARE(shownKey(dialog), kSecret);
    QVERIFY2(dialog.keysNote().contains(QLatin1String("system keychain")),
             qPrintable(dialog.keysNote()));
    QVERIFY(dialog.save());

    // Out of the file, into the keychain.
    const QByteArray text = fileText(dialog.providersFile());
    QVERIFY2(text.contains("teacher") && !text.contains(kSecret.toUtf8()), text.constData());
    QCOMPARE(ProviderKeychain::read(QStringLiteral("teacher")).value_or(QString()), kSecret);
    // A new dialog shows it again, read from the keychain.
    SettingsDialog again(nullptr);
    QCOMPARE(shownKey(again), kSecret);
    // The command line finds it there too (secret-tool), though the file no longer has it.
    const bool haveTool = !QStandardPaths::findExecutable(QStringLiteral("secret-tool")).isEmpty();
    if (haveTool)
        QCOMPARE(keyTheCommandLineSent(server, dir), QStringLiteral("Bearer ") + kSecret);
    else if (expected)
        QFAIL("secret-tool is not installed (Debian: libsecret-tools): the command line cannot "
              "read the keychain");
    else
        qWarning("secret-tool is not installed: the command line's keychain lookup is not tested");

    // The window's generation finds it there too, read without a local event loop.
    QCOMPARE(keyTheWindowSent(server, dir, QStringLiteral("with-key")),
             QStringLiteral("Bearer ") + kSecret);

    // An emptied key field forgets it.
    for (auto* edit : again.findChildren<QLineEdit*>()) {
        if (edit->echoMode() == QLineEdit::Password)
            edit->clear();
    }
    QVERIFY(again.save());
    QVERIFY(!ProviderKeychain::read(QStringLiteral("teacher")).has_value());
    QVERIFY(!fileText(again.providersFile()).contains(kSecret.toUtf8()));
    if (haveTool) // and the command line no longer sends one (the negative control)
        QCOMPARE(keyTheCommandLineSent(server, dir), QString());
    // Nor the window (a loopback base URL needs no key: the request goes without one).
    QCOMPARE(keyTheWindowSent(server, dir, QStringLiteral("without-key")), QString());
    server.stop();
}

void TestKeychain::fileWhenNoKeychainAnswers() {
    if (ProviderKeychain::reachable())
        QSKIP("a Secret Service answers here: the fallback is tested without one "
              "(gui.keychain-fallback)");
    QTemporaryDir dir;
    QVERIFY(dir.isValid() && writeSettings(dir));
    SettingsDialog dialog(nullptr);
    QVERIFY(!dialog.usesKeychain());
    // The note says where the keys are, and why not in a keychain.
    QVERIFY2(dialog.keysNote().contains(dialog.providersFile()), qPrintable(dialog.keysNote()));
    if (ProviderKeychain::compiledIn())
        QVERIFY2(dialog.keysNote().contains(QLatin1String("No system keychain is reachable")),
                 qPrintable(dialog.keysNote()));
    QVERIFY(dialog.save());
    QVERIFY(fileText(dialog.providersFile()).contains(kSecret.toUtf8()));
    namespace fs = std::filesystem;
    const fs::perms perms = fs::status(dialog.providersFile().toStdString()).permissions();
    QVERIFY((perms & (fs::perms::group_all | fs::perms::others_all)) == fs::perms::none);
    QVERIFY((perms & fs::perms::owner_read) != fs::perms::none);
}

// Settings lists every provider the generation panel offers, in its order: the two built-in
// protocols (their default address, the name fixed) and the settings file's own. Saving without
// a change adds no entry for a built-in to the file.
void TestKeychain::providersAsTheGenerationPanelOffers() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid() && writeSettings(dir));
    SettingsDialog dialog(nullptr);
    QTableWidget* table = providersTable(dialog);
    QVERIFY(table);
    GenerationPanel panel;
    auto* offered = panel.findChild<QComboBox*>(QStringLiteral("generationProvider"));
    QVERIFY(offered);
    QStringList listed, offeredNames;
    for (int row = 0; row < table->rowCount(); ++row)
        listed.append(table->item(row, 0)->text());
    for (int i = 0; i < offered->count(); ++i)
        offeredNames.append(offered->itemText(i));
    QCOMPARE(listed, offeredNames);
    QCOMPARE(listed, (QStringList{QStringLiteral("anthropic"), QStringLiteral("openai"),
                                  QStringLiteral("teacher")}));
    const int anthropic = providerRow(dialog, QStringLiteral("anthropic"));
    QCOMPARE(table->item(anthropic, 2)->text(), QStringLiteral("https://api.anthropic.com"));
    QVERIFY(!(table->item(anthropic, 0)->flags() & Qt::ItemIsEditable));
    QCOMPARE(table->item(providerRow(dialog, QStringLiteral("openai")), 2)->text(),
             QStringLiteral("https://api.openai.com/v1"));
    QCOMPARE(table->item(providerRow(dialog, QStringLiteral("teacher")), 2)->text(),
             QStringLiteral("http://127.0.0.1:9/v1"));
    QVERIFY(dialog.save());
    const QByteArray text = fileText(dialog.providersFile());
    QVERIFY2(text.contains("teacher") && !text.contains("anthropic") &&
                 !text.contains("\"openai\":"),
             text.constData());
    // A built-in pointed elsewhere (a proxy) is kept as an entry, and listed once.
    table->item(providerRow(dialog, QStringLiteral("openai")), 2)
        ->setText(QStringLiteral("http://127.0.0.1:8000/v1"));
    QVERIFY(dialog.save());
    QVERIFY2(fileText(dialog.providersFile()).contains("http://127.0.0.1:8000/v1"),
             fileText(dialog.providersFile()).constData());
    SettingsDialog again(nullptr);
    QCOMPARE(providersTable(again)->rowCount(), 3);
    QCOMPARE(providersTable(again)->item(providerRow(again, QStringLiteral("openai")), 2)->text(),
             QStringLiteral("http://127.0.0.1:8000/v1"));
}

QTEST_MAIN(TestKeychain)
#include "tst_keychain.moc"
