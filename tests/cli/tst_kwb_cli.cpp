// kwb's command line: --help, --version, doctor, usage errors; run as real child processes.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int exitCode = -1;
    QString out, err;
};

Run runKwb(const QStringList& args,
           const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment()) {
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(KWB_CLI_PATH), args);
    Run r;
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished(5000);
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

} // namespace

class TestKwbCli : public QObject {
    Q_OBJECT
private slots:
    void version() {
        Run r = runKwb({QStringLiteral("--version")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out.trimmed(), QStringLiteral("kwb " KWB_VERSION_STRING " (Kernel Workbench)"));
    }

    void help_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mustContain");
        QTest::newRow("top") << QStringList{QStringLiteral("--help")} << QStringLiteral("doctor");
        QTest::newRow("doctor") << QStringList{QStringLiteral("doctor"), QStringLiteral("--help")}
                                << QStringLiteral("--json");
    }
    void help() {
        QFETCH(QStringList, args);
        QFETCH(QString, mustContain);
        Run r = runKwb(args);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral("Usage: kwb")), qPrintable(r.out));
        QVERIFY2(r.out.contains(mustContain), qPrintable(r.out));
    }

    void usageErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("unknown option") << QStringList{QStringLiteral("--frobnicate")};
        QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")};
        QTest::newRow("doctor extra")
            << QStringList{QStringLiteral("doctor"), QStringLiteral("--nope")};
    }
    void usageErrors() {
        QFETCH(QStringList, args);
        Run r = runKwb(args);
        QCOMPARE(r.exitCode, 64);
        QVERIFY2(!r.err.isEmpty(), "a usage error must say what is wrong on stderr");
    }

    // `kwb verify --timing` takes known keys with non-negative numbers (or true/false); anything
    // else is an error (exit 2) naming the key, before any build starts.
    void verifyTimingOverridesAreChecked_data() {
        QTest::addColumn<QString>("timing");
        QTest::addColumn<QString>("mustSay");
        QTest::newRow("unknown key") << QStringLiteral("warmup_seconds=1")
                                     << QStringLiteral("unknown key \"warmup_seconds\"");
        QTest::newRow("not a number")
            << QStringLiteral("min_sample_ms=fast")
            << QStringLiteral("min_sample_ms needs a number from 0 to 60000");
        QTest::newRow("negative") << QStringLiteral("max_batch=-4")
                                  << QStringLiteral("max_batch must be from 1 to 1048576");
        QTest::newRow("no value") << QStringLiteral("graphs") << QStringLiteral("graphs needs");
        QTest::newRow("stop rule")
            << QStringLiteral("stop_on=mode") << QStringLiteral("stop_on is mean or median");
    }
    void verifyTimingOverridesAreChecked() {
        QFETCH(QString, timing);
        QFETCH(QString, mustSay);
        const QString src =
            QStringLiteral(KWB_SOURCE_DIR "/resources/tasks/reference/saxpy-f32.cu");
        const QString task = QStringLiteral(KWB_SOURCE_DIR "/resources/tasks/saxpy-f32.toml");
        Run r = runKwb({QStringLiteral("verify"), task, src, QStringLiteral("--timing"), timing});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(mustSay), qPrintable(r.err));
    }

    // The doctor's verdict follows what it finds: with the worker present, 0 on a GPU machine and
    // 1 (compile-only) without one; the text and the JSON agree.
    void doctorFindsWhatIsThere() {
        const QString runner = QStringLiteral(KWB_RUNNER_PATH);
        if (runner.isEmpty())
            QSKIP("kwb-runner is not built (no CUDA toolkit): doctor can only report it missing");
        QTemporaryDir data;
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("KWB_RUNNER"), runner);
        env.insert(QStringLiteral("KWB_DATA_DIR"), data.path() + QStringLiteral("/data"));
        Run text = runKwb({QStringLiteral("doctor")}, env);
        Run json = runKwb({QStringLiteral("doctor"), QStringLiteral("--json")}, env);
        QVERIFY2(text.exitCode == 0 || text.exitCode == 1, qPrintable(text.out + text.err));
        QCOMPARE(json.exitCode, text.exitCode);
        QVERIFY(text.out.contains(QStringLiteral("nvcc")));
        QVERIFY(text.out.contains(QStringLiteral("cuDNN")));
        QVERIFY(text.out.contains(data.path()));
        // compute-sanitizer and ncu are listed; a missing one says how to install it and is no
        // reason for another exit code (they are optional).
        QVERIFY(text.out.contains(QStringLiteral("compute-sanitizer")));
        QVERIFY(text.out.contains(QStringLiteral("ncu")));
        auto noTools = env;
        noTools.insert(QStringLiteral("KWB_COMPUTE_SANITIZER"),
                       data.path() + QStringLiteral("/none"));
        noTools.insert(QStringLiteral("KWB_NCU"), data.path() + QStringLiteral("/none"));
        Run missing = runKwb({QStringLiteral("doctor")}, noTools);
        QCOMPARE(missing.exitCode, text.exitCode);
        QVERIFY2(missing.out.contains(QStringLiteral("KWB_COMPUTE_SANITIZER")) &&
                     missing.out.contains(QStringLiteral("full CUDA toolkit")),
                 qPrintable(missing.out));
        const auto doc = QJsonDocument::fromJson(json.out.toUtf8()).object();
        QCOMPARE(doc.value(QStringLiteral("exit_code")).toInt(), text.exitCode);
        const bool hasGpu = !doc.value(QStringLiteral("device"))
                                 .toObject()
                                 .value(QStringLiteral("gpus"))
                                 .toArray()
                                 .isEmpty();
        if (hasGpu) {
            QCOMPARE(text.exitCode, 0);
            QVERIFY(text.out.contains(QStringLiteral("GPU 0")));
        } else {
            QCOMPARE(text.exitCode, 1);
            QVERIFY2(text.out.contains(QStringLiteral("no CUDA device: compile-only")),
                     qPrintable(text.out));
            QVERIFY(text.out.contains(QStringLiteral("fix:")));
        }
    }

    // A worker that reports "tampering" (the job's channel refused what the candidate said):
    // kwb verify fails the check (exit 1) and names the verdict, in text and in JSON. The worker
    // here is a stand-in that answers one verification so, without a GPU.
    void verifyTamperingIsAFailure() {
        QTemporaryDir dir;
        const QString worker = dir.path() + QStringLiteral("/tampering-worker");
        QFile script(worker);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(
            "#!/usr/bin/env python3\n"
            "import json, sys\n"
            "for line in sys.stdin:\n"
            "    m = json.loads(line)\n"
            "    if m.get('type') == 'hello':\n"
            "        r = {'type': 'hello', 'ok': True, 'protocol': 1, 'worker': "
            "'kwb-runner/stand-in',\n"
            "             'supported': {'min': 1, 'max': 1}}\n"
            "    elif m.get('type') == 'verify':\n"
            "        r = {'id': m['id'], 'type': 'verify', 'ok': True, 'result': {'verdict': "
            "'tampering',\n"
            "             'detail': 'a line on the job\\'s channel is not a signed frame', "
            "'shapes': [],\n"
            "             'build': {'ok': True}}}\n"
            "    else:\n"
            "        r = {'id': m.get('id'), 'type': m.get('type'), 'ok': True, 'result': {}}\n"
            "    print(json.dumps(r), flush=True)\n");
        script.close();
        QVERIFY(script.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                      QFileDevice::ExeOwner));
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("KWB_RUNNER"), worker);
        env.insert(QStringLiteral("KWB_DATA_DIR"), dir.path() + QStringLiteral("/data"));
        env.insert(QStringLiteral("KWB_CACHE_DIR"), dir.path() + QStringLiteral("/cache"));
        const QString src = QStringLiteral(
            KWB_SOURCE_DIR "/tests/fixtures/candidates/softmax-rows-f32/forges_result.cu");
        Run text = runKwb({QStringLiteral("verify"), QStringLiteral("softmax-rows-f32"), src,
                           QStringLiteral("--no-bench")},
                          env);
        QCOMPARE(text.exitCode, 1);
        // Named as a suspected hack, apart from plain failures.
        QVERIFY2(text.out.contains(QStringLiteral(
                     "Verdict: suspected hack: tampering - a line on the job's channel")),
                 qPrintable(text.out + text.err));
        Run json = runKwb({QStringLiteral("verify"), QStringLiteral("softmax-rows-f32"), src,
                           QStringLiteral("--json")},
                          env);
        QCOMPARE(json.exitCode, 1);
        const auto rec = QJsonDocument::fromJson(json.out.toUtf8()).object();
        QCOMPARE(rec.value(QStringLiteral("verdict")).toString(), QStringLiteral("tampering"));
        // The host-code screen's findings stand beside the verdict (descriptors, write).
        QVERIFY2(!rec.value(QStringLiteral("screening"))
                      .toObject()
                      .value(QStringLiteral("findings"))
                      .toArray()
                      .isEmpty(),
                 qPrintable(json.out));
    }

    // kwb profile without Nsight Compute says what is missing and how to install it, before
    // anything is built; a shape the task lacks and an unknown section set are refused.
    void profileSaysWhatIsMissing() {
        QTemporaryDir dir;
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("KWB_NCU"), dir.path() + QStringLiteral("/none"));
        env.insert(QStringLiteral("KWB_DATA_DIR"), dir.path() + QStringLiteral("/data"));
        const QString src =
            QStringLiteral(KWB_SOURCE_DIR "/resources/tasks/reference/sgemm-f32.cu");
        Run r = runKwb({QStringLiteral("profile"), QStringLiteral("sgemm-f32"), src}, env);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("Nsight Compute (ncu) is not installed")) &&
                     r.err.contains(QStringLiteral("KWB_NCU")),
                 qPrintable(r.err));
        Run shape = runKwb({QStringLiteral("profile"), QStringLiteral("sgemm-f32"), src,
                            QStringLiteral("--shape"), QStringLiteral("huge")},
                           env);
        QCOMPARE(shape.exitCode, 2);
        QVERIFY2(shape.err.contains(QStringLiteral("has no shape \"huge\"")),
                 qPrintable(shape.err));
        Run sections = runKwb({QStringLiteral("profile"), QStringLiteral("sgemm-f32"), src,
                               QStringLiteral("--sections"), QStringLiteral("everything")},
                              env);
        QVERIFY(sections.exitCode != 0);
    }

    // kwb profile asks the worker for a profile of one shape (large by default) without timing,
    // and shows both sides: the figures side by side, the differing ones marked, the kernels and
    // the hot lines. The worker is a stand-in that answers with a recorded profile (no GPU here)
    // and refuses a request that is not a profile request.
    void profileShowsBothSides() {
        QTemporaryDir dir;
        const QString worker = dir.path() + QStringLiteral("/profile-worker");
        QFile script(worker);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(
            "#!/usr/bin/env python3\n"
            "import json, sys\n"
            "def side(t, label, ns, sm, regs, dram):\n"
            "    return {'target': t, 'label': label, 'seconds': 4.2, 'report_path': '/r/' + t,\n"
            "            'raw_csv': '', 'kernels': [{'kernel': label + '_kernel', 'duration_ns': "
            "ns,\n"
            "            'sm_throughput_pct': sm, 'registers_per_thread': regs, 'dram_bytes': "
            "dram,\n"
            "            'occupancy_limiter': 'registers',\n"
            "            'top_stalls': [{'reason': 'long_scoreboard', 'cycles_per_issue': "
            "3.1}]}],\n"
            "            'hot_lines': [{'file': 'sgemm-f32.cu', 'line': 44, 'samples': 9000,\n"
            "                           'source': 'acc += a * b;'}] if t == 'candidate' else []}\n"
            "for line in sys.stdin:\n"
            "    m = json.loads(line)\n"
            "    if m.get('type') == 'hello':\n"
            "        r = {'type': 'hello', 'ok': True, 'protocol': 1, 'worker': 'stand-in',\n"
            "             'supported': {'min': 1, 'max': 1}}\n"
            "    elif m.get('type') == 'verify':\n"
            "        p = m['params']\n"
            "        good = p.get('profile') == {'sections': 'full'} and p.get('shapes') == "
            "['large'] \\\n"
            "            and p.get('bench') is False\n"
            "        res = {'verdict': 'pass' if good else 'harness-error',\n"
            "               'detail': '' if good else 'not a profile request: ' + "
            "json.dumps(p)[:300],\n"
            "               'shapes': [], 'build': {'ok': True}}\n"
            "        if good:\n"
            "            res['profile'] = {'version': '2025.3.1.0', 'sections': 'full',\n"
            "                'shape': 'large', 'flops': 1.37e11, 'peak_flops_per_second': 5.1e13,\n"
            "                'sides': [side('candidate', 'sgemm-f32.cu', 9.1e6, 61.0, 96, 2.0e8),\n"
            "                          side('baseline', 'cublasSgemm', 2.9e6, 88.5, 202, 1.9e8)]}\n"
            "        r = {'id': m['id'], 'type': 'verify', 'ok': True, 'result': res}\n"
            "    else:\n"
            "        r = {'id': m.get('id'), 'type': m.get('type'), 'ok': True, 'result': {}}\n"
            "    print(json.dumps(r), flush=True)\n");
        script.close();
        QVERIFY(script.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                      QFileDevice::ExeOwner));
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("KWB_RUNNER"), worker);
        env.insert(QStringLiteral("KWB_NCU"), QStringLiteral("/bin/true")); // "installed"
        env.insert(QStringLiteral("KWB_DATA_DIR"), dir.path() + QStringLiteral("/data"));
        env.insert(QStringLiteral("KWB_CACHE_DIR"), dir.path() + QStringLiteral("/cache"));
        const QString src =
            QStringLiteral(KWB_SOURCE_DIR "/resources/tasks/reference/sgemm-f32.cu");
        Run text = runKwb({QStringLiteral("profile"), QStringLiteral("sgemm-f32"), src}, env);
        QVERIFY2(text.exitCode == 0, qPrintable(text.out + text.err));
        for (const char* want :
             {"section set full, shape large", "Duration", "9100.0 us", "2900.0 us",
              "Registers per thread", "cublasSgemm_kernel", "occupancy limited by registers",
              "long_scoreboard 3.10", "hot line sgemm-f32.cu:44", "Achieved rate"})
            QVERIFY2(text.out.contains(QString::fromUtf8(want)),
                     qPrintable(QStringLiteral("missing \"%1\" in:\n%2")
                                    .arg(QString::fromUtf8(want), text.out)));
        // The duration differs by more than a quarter: marked; the DRAM traffic does not.
        const auto lines = text.out.split(QLatin1Char('\n'));
        for (const auto& l : lines) {
            if (l.startsWith(QStringLiteral("Duration")))
                QVERIFY2(l.trimmed().endsWith(QLatin1Char('*')), qPrintable(l));
            if (l.startsWith(QStringLiteral("DRAM traffic")))
                QVERIFY2(!l.trimmed().endsWith(QLatin1Char('*')), qPrintable(l));
        }
        Run json = runKwb(
            {QStringLiteral("profile"), QStringLiteral("sgemm-f32"), src, QStringLiteral("--json")},
            env);
        QCOMPARE(json.exitCode, 0);
        const auto rec = QJsonDocument::fromJson(json.out.toUtf8()).object();
        const auto sides = rec.value(QStringLiteral("profile"))
                               .toObject()
                               .value(QStringLiteral("sides"))
                               .toArray();
        QCOMPARE(sides.size(), 2);
        QCOMPARE(sides[1].toObject().value(QStringLiteral("label")).toString(),
                 QStringLiteral("cublasSgemm"));
    }

    void doctorNamesMissingWorker() {
        QTemporaryDir data;
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("KWB_RUNNER"), data.path() + QStringLiteral("/no-such-runner"));
        env.insert(QStringLiteral("KWB_DATA_DIR"), data.path());
        Run r = runKwb({QStringLiteral("doctor")}, env);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.out.contains(QStringLiteral("MISSING  worker")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("KWB_RUNNER")));
    }

    void doctorNamesUnwritableDataFolder() {
        QTemporaryDir tmp;
        QFile blocker(tmp.path() + QStringLiteral("/file"));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        auto env = QProcessEnvironment::systemEnvironment();
        // A folder below a plain file can never be created, not even by root.
        env.insert(QStringLiteral("KWB_DATA_DIR"), tmp.path() + QStringLiteral("/file/data"));
        Run r = runKwb({QStringLiteral("doctor")}, env);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.out.contains(QStringLiteral("MISSING  data folder")), qPrintable(r.out));
    }

    void doctorNamesMissingNvcc() {
        QTemporaryDir tmp;
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("KWB_NVCC"), tmp.path() + QStringLiteral("/nvcc"));
        env.insert(QStringLiteral("KWB_DATA_DIR"), tmp.path());
        Run r = runKwb({QStringLiteral("doctor")}, env);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.out.contains(QStringLiteral("MISSING  nvcc")), qPrintable(r.out));
    }
};

QTEST_GUILESS_MAIN(TestKwbCli)
#include "tst_kwb_cli.moc"
