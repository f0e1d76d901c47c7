// The window's "Worker: Over ssh on" setting (WorkbenchSettings::applyToWorker): it writes the
// ssh launcher through core (useWorkerHost) and points KWB_RUNNER at it; a bad host or an
// unwritable cache folder gives the window's own (translated) sentence and leaves KWB_RUNNER
// alone; choosing this machine again puts the local worker back. The launcher itself against a
// real sshd: tests/remote.
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include "core/verify/remote_worker.h"
#include "ui/models/workbench_settings.h"

using kwb::ui::WorkbenchSettings;

class TestWorkerSettings : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        qputenv("KWB_CACHE_DIR", QFile::encodeName(m_dir.path() + QStringLiteral("/cache")));
        // What KWB_RUNNER is before the first choice: this machine's worker.
        qputenv("KWB_RUNNER", QByteArrayLiteral("/opt/local/kwb-runner"));
    }

    void remoteHostWritesLauncherAndLocalPutsTheWorkerBack() {
        WorkbenchSettings s;
        s.workerHost = QStringLiteral("  me@kwb-test  ");
        QCOMPARE(s.applyToWorker(), QString());
        const QString runner = qEnvironmentVariable("KWB_RUNNER");
        QCOMPARE(runner, m_dir.path() + QStringLiteral("/cache/ssh-runner-me@kwb-test.sh"));
        const QFileInfo info(runner);
        QVERIFY(info.isFile() && info.isExecutable());
        QCOMPARE(info.permissions() & (QFile::ReadGroup | QFile::WriteGroup | QFile::ExeGroup |
                                       QFile::ReadOther | QFile::WriteOther | QFile::ExeOther),
                 QFile::Permissions());
        QCOMPARE(kwb::sshLauncherHost(runner.toStdString()), std::string("me@kwb-test"));

        s.workerHost.clear();
        QCOMPARE(s.applyToWorker(), QString());
        QCOMPARE(qEnvironmentVariable("KWB_RUNNER"), QStringLiteral("/opt/local/kwb-runner"));
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
        const QString problem = s.applyToWorker();
        QVERIFY2(problem.contains(sentence), qPrintable(problem));
        QCOMPARE(qEnvironmentVariable("KWB_RUNNER"), QStringLiteral("/opt/local/kwb-runner"));
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
        const QString problem = s.applyToWorker();
        qputenv("KWB_CACHE_DIR", saved);
        QVERIFY2(problem.startsWith(QStringLiteral("Cannot create ")) &&
                     problem.contains(blocker.fileName()),
                 qPrintable(problem));
        QCOMPARE(qEnvironmentVariable("KWB_RUNNER"), QStringLiteral("/opt/local/kwb-runner"));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestWorkerSettings)
#include "tst_worker_settings.moc"
