// Provider keys through the Settings dialog's own code: with a Secret Service on the session bus
// (tests/gui/keychain_session.sh starts one: dbus-run-session with gnome-keyring-daemon), a key
// saved in Settings lands in the system keychain, reads back, and is not in the settings file;
// without one (a bus address that leads nowhere), the key stays in the 0600 file and the dialog
// says why. KWB_EXPECT_KEYCHAIN=1 (set by the script) turns "no keychain" into a failure.
#include <QApplication>
#include <QFile>
#include <QLineEdit>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <filesystem>

#include "tests/llm/loopback_server.h"
#include "ui/models/provider_keychain.h"
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

// The key field the dialog shows for its only provider.
QString shownKey(const SettingsDialog& dialog) {
    for (auto* edit : dialog.findChildren<QLineEdit*>()) {
        if (edit->echoMode() == QLineEdit::Password)
            return edit->text();
    }
    return {};
}

} // namespace

class TestKeychain : public QObject {
    Q_OBJECT

private slots:
    void keyGoesToTheKeychain();
    void fileWhenNoKeychainAnswers();
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

QTEST_MAIN(TestKeychain)
#include "tst_keychain.moc"
