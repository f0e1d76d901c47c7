// The window's "Worker: Over ssh on" setting (WorkbenchSettings::workerChoice): an ssh host
// becomes a worker endpoint whose launcher core writes at once; a bad host or an unwritable
// cache folder gives the window's own (translated) sentence and no endpoint; this machine is
// the endpoint again when no host is set. No choice changes this process's environment
// (KWB_RUNNER, CUDA_VISIBLE_DEVICES). The launcher itself against a real sshd: tests/remote.
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include "core/verify/remote_worker.h"
#include "ui/models/workbench_settings.h"

using kwb::WorkerEndpoint;
using kwb::ui::WorkbenchSettings;

class TestWorkerSettings : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        qputenv("KWB_CACHE_DIR", QFile::encodeName(m_dir.path() + QStringLiteral("/cache")));
        // This machine's worker, and a GPU chosen outside the window: both must stay.
        qputenv("KWB_RUNNER", QByteArrayLiteral("/opt/local/kwb-runner"));
        qputenv("CUDA_VISIBLE_DEVICES", QByteArrayLiteral("5"));
    }

    void remoteHostIsAnEndpointWithItsLauncher() {
        WorkbenchSettings s;
        s.workerHost = QStringLiteral("  me@kwb-test  ");
        s.gpuIndex = 1;
        const auto choice = s.workerChoice();
        QCOMPARE(choice.problem, QString());
        QVERIFY(choice.endpoint);
        QVERIFY(choice.endpoint->kind == WorkerEndpoint::Kind::SshHost);
        QCOMPARE(QString::fromStdString(choice.endpoint->host), QStringLiteral("me@kwb-test"));
        QCOMPARE(choice.endpoint->gpu.value_or(-1), 1);
        const QString launcher = m_dir.path() + QStringLiteral("/cache/ssh-runner-me@kwb-test.sh");
        const QFileInfo info(launcher);
        QVERIFY(info.isFile() && info.isExecutable());
        QCOMPARE(info.permissions() & (QFile::ReadGroup | QFile::WriteGroup | QFile::ExeGroup |
                                       QFile::ReadOther | QFile::WriteOther | QFile::ExeOther),
                 QFile::Permissions());
        QCOMPARE(kwb::sshLauncherHost(launcher.toStdString()), std::string("me@kwb-test"));
        QCOMPARE(kwb::workerProgram(*choice.endpoint).value(), launcher.toStdString());
        unchangedEnvironment();
    }

    void noHostIsThisMachine() {
        WorkbenchSettings s;
        s.workerHost = QStringLiteral("  ");
        const auto choice = s.workerChoice();
        QCOMPARE(choice.problem, QString());
        QVERIFY(choice.endpoint);
        QVERIFY(*choice.endpoint == WorkerEndpoint::thisMachine()); // the default GPU: no index
        // This machine's worker is where KWB_RUNNER says, and there is no program there.
        QCOMPARE(kwb::workerProgram(*choice.endpoint).value(), std::string());
        unchangedEnvironment();
    }

    void badHostsGiveTheWindowsSentence_data() {
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("sentence");
        QTest::newRow("option") << QStringLiteral("-oProxyCommand=x")
                                << QStringLiteral("cannot begin with '-'");
        QTest::newRow("shell") << QStringLiteral("gpu;rm")
                               << QStringLiteral("may hold only letters");
        QTest::newRow("non-ascii")
            << QStringLiteral("gpü") << QStringLiteral("may hold only letters");
    }
    void badHostsGiveTheWindowsSentence() {
        QFETCH(QString, host);
        QFETCH(QString, sentence);
        WorkbenchSettings s;
        s.workerHost = host;
        const auto choice = s.workerChoice();
        QVERIFY2(choice.problem.contains(sentence), qPrintable(choice.problem));
        QVERIFY(!choice.endpoint);
        unchangedEnvironment();
    }

    void unwritableCacheFolderIsNamed() {
        QFile blocker(m_dir.path() + QStringLiteral("/file"));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        const QByteArray saved = qgetenv("KWB_CACHE_DIR");
        // A folder below a plain file can never be created, not even by root.
        qputenv("KWB_CACHE_DIR", QFile::encodeName(blocker.fileName() + QStringLiteral("/cache")));
        WorkbenchSettings s;
        s.workerHost = QStringLiteral("kwb-test");
        const auto choice = s.workerChoice();
        qputenv("KWB_CACHE_DIR", saved);
        QVERIFY2(choice.problem.startsWith(QStringLiteral("Cannot create ")) &&
                     choice.problem.contains(blocker.fileName()),
                 qPrintable(choice.problem));
        QVERIFY(!choice.endpoint);
        unchangedEnvironment();
    }

private:
    static void unchangedEnvironment() {
        QCOMPARE(qEnvironmentVariable("KWB_RUNNER"), QStringLiteral("/opt/local/kwb-runner"));
        QCOMPARE(qEnvironmentVariable("CUDA_VISIBLE_DEVICES"), QStringLiteral("5"));
    }

    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestWorkerSettings)
#include "tst_worker_settings.moc"
