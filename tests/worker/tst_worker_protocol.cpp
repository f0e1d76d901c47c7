// kwb-runner's protocol against golden files: each golden/<case>.in.jsonl is fed to a real
// worker process; its stdout must equal golden/<case>.out.jsonl after normalisation (version
// strings, which change with every release and library, become "<version>"), and its exit code
// golden/<case>.exit.
#include <QCryptographicHash>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageAuthenticationCode>
#include <QProcess>
#include <QTest>

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out, err;
};

Run runProgram(const QString& program, const QByteArray& input, const QStringList& args) {
    QProcess p;
    p.start(program, args);
    Run r;
    if (!p.waitForStarted(10000))
        return r;
    p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished(5000);
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

Run runWorker(const QByteArray& input, const QStringList& args = {}) {
    return runProgram(QStringLiteral(KWB_RUNNER_PATH), input, args);
}

// kwb-job, the program each verification runs in, as kwb-runner starts it.
Run runJob(const QByteArray& input) {
    return runProgram(QStringLiteral(KWB_JOB_PATH), input, {});
}

// Version strings vary by build and machine; everything else must match exactly.
QJsonValue normalise(const QJsonValue& v, const QString& key = {}) {
    if (v.isObject()) {
        QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            it.value() = normalise(it.value(), it.key());
        return o;
    }
    if (v.isArray()) {
        QJsonArray a = v.toArray();
        for (auto it = a.begin(); it != a.end(); ++it)
            *it = normalise(*it);
        return a;
    }
    if (key.endsWith(QStringLiteral("_version")) && (v.isString() || v.isDouble()))
        return QStringLiteral("<version>");
    if (key == QStringLiteral("worker") && v.toString().startsWith(QStringLiteral("kwb-runner/")))
        return QStringLiteral("kwb-runner/<version>");
    return v;
}

QList<QJsonValue> parseLines(const QByteArray& text, QString* error) {
    QList<QJsonValue> out;
    for (const QByteArray& line : text.split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        QJsonParseError pe{};
        auto doc = QJsonDocument::fromJson(line, &pe);
        if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
            *error = QStringLiteral("not a JSON object line: ") + QString::fromUtf8(line);
            return {};
        }
        out.push_back(normalise(doc.object()));
    }
    return out;
}

QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool workerSeesGpu() {
    Run r = runWorker("{\"type\":\"hello\",\"protocol\":1}\n{\"id\":1,\"type\":\"device-info\"}\n");
    return r.out.contains("\"gpus\":[{");
}

} // namespace

class TestWorkerProtocol : public QObject {
    Q_OBJECT
private slots:
    void golden_data() {
        QTest::addColumn<QString>("name");
        QDir dir(QStringLiteral(KWB_GOLDEN_DIR));
        const auto inputs = dir.entryList({QStringLiteral("*.in.jsonl")}, QDir::Files, QDir::Name);
        QVERIFY2(inputs.size() >= 5, "the golden folder lost its cases");
        for (const QString& in : inputs) {
            QString name = in.chopped(int(qstrlen(".in.jsonl")));
            QTest::newRow(qPrintable(name)) << name;
        }
    }
    void golden() {
        QFETCH(QString, name);
        const QString base = QStringLiteral(KWB_GOLDEN_DIR "/") + name;
        if (name.contains(QStringLiteral("nodevice")) && workerSeesGpu())
            QSKIP("this machine has a CUDA device; the no-device golden answer applies only "
                  "without one");
        if (name.contains(QStringLiteral("withdevice")) && !workerSeesGpu())
            QSKIP("no CUDA device on this machine: the with-device case needs one");
        Run r = runWorker(readFile(base + QStringLiteral(".in.jsonl")));
        QString error;
        auto got = parseLines(r.out, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        auto want = parseLines(readFile(base + QStringLiteral(".out.jsonl")), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(got.size(), want.size());
        for (int i = 0; i < want.size(); ++i) {
            if (got[i] != want[i]) {
                QFAIL(qPrintable(
                    QStringLiteral("line %1 differs\n got: %2\nwant: %3")
                        .arg(i + 1)
                        .arg(QString::fromUtf8(
                                 QJsonDocument(got[i].toObject()).toJson(QJsonDocument::Compact)),
                             QString::fromUtf8(QJsonDocument(want[i].toObject())
                                                   .toJson(QJsonDocument::Compact)))));
            }
        }
        bool okNum = false;
        const int wantExit =
            QString::fromUtf8(readFile(base + QStringLiteral(".exit"))).trimmed().toInt(&okNum);
        QVERIFY2(okNum, "missing .exit file");
        QCOMPARE(r.exitCode, wantExit);
    }

    // Whatever the machine, device-info is well formed: GPUs with names and memory, or a reason.
    void deviceInfoSchema() {
        Run r =
            runWorker("{\"type\":\"hello\",\"protocol\":1}\n{\"id\":5,\"type\":\"device-info\"}\n");
        QCOMPARE(r.exitCode, 0);
        const auto lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 2);
        const auto reply = QJsonDocument::fromJson(lines[1]).object();
        QCOMPARE(reply.value(QStringLiteral("id")).toInt(), 5);
        QVERIFY(reply.value(QStringLiteral("ok")).toBool());
        const auto result = reply.value(QStringLiteral("result")).toObject();
        QVERIFY(result.value(QStringLiteral("runtime_version")).toInt() >= 12000);
        const auto gpus = result.value(QStringLiteral("gpus")).toArray();
        if (gpus.isEmpty()) {
            QVERIFY(!result.value(QStringLiteral("no_device_reason")).toString().isEmpty());
        }
        for (const auto& g : gpus) {
            QVERIFY(!g.toObject().value(QStringLiteral("name")).toString().isEmpty());
            QVERIFY(g.toObject().value(QStringLiteral("total_memory_bytes")).toDouble() > 0);
            QVERIFY(g.toObject().value(QStringLiteral("cc_major")).toInt() >= 5);
        }
    }

    void version() {
        Run r = runWorker({}, {QStringLiteral("--version")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QString::fromUtf8(r.out).trimmed(),
                 QStringLiteral("kwb-runner " KWB_VERSION_STRING " (protocol 1)"));
    }

    void unknownOption() {
        Run r = runWorker({}, {QStringLiteral("--bogus")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("--bogus"));
        QVERIFY(r.out.isEmpty());
    }

    // A job reads its key first (64 hex digits), then may get a "prepare" line (start CUDA while
    // the worker builds); its spec is the line after. It answers on its protocol channel (its
    // stdout) in signed frames "<seq> <mac> <payload>", numbered from 0, the MAC an HMAC-SHA256
    // under the key (checked here with Qt's own HMAC), the last frame its result.
    void jobTakesSpecAfterPrepareLine() {
        const QByteArray key =
            QByteArray::fromHex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
        auto jobWithKey = [&key](const QByteArray& input) {
            return ::runJob(key.toHex() + "\n" + input);
        };
        auto resultOf = [&key](const Run& r) {
            QJsonObject result;
            int seq = 0;
            for (const QByteArray& line : r.out.split('\n')) {
                if (line.isEmpty())
                    continue;
                const QList<QByteArray> parts = line.split(' ');
                const QByteArray payload =
                    line.mid(parts.value(0).size() + 1 + parts.value(1).size() + 1);
                const QByteArray mac = QMessageAuthenticationCode::hash(
                    "kwb-job-frame-v1\n" + QByteArray::number(seq) + "\n" + payload, key,
                    QCryptographicHash::Sha256);
                if (parts.value(0) != QByteArray::number(seq++) || parts.value(1) != mac.toHex())
                    return QJsonObject{{QStringLiteral("detail"),
                                        QStringLiteral("bad frame: ") + QString::fromUtf8(line)}};
                auto o = QJsonDocument::fromJson(payload).object();
                if (o.value(QStringLiteral("type")).toString() == QStringLiteral("result"))
                    result = o.value(QStringLiteral("result")).toObject();
            }
            return result;
        };
        const QByteArray prepare = "{\"type\":\"prepare\",\"device\":0}\n";
        QJsonObject onlyPrepare = resultOf(jobWithKey(prepare));
        QCOMPARE(onlyPrepare.value(QStringLiteral("verdict")).toString(),
                 QStringLiteral("protocol-error"));
        QVERIFY2(onlyPrepare.value(QStringLiteral("detail"))
                     .toString()
                     .contains(QStringLiteral("no specification")),
                 qPrintable(onlyPrepare.value(QStringLiteral("detail")).toString()));
        QJsonObject badSpec = resultOf(jobWithKey(prepare + "not json\n"));
        QVERIFY2(
            badSpec.value(QStringLiteral("detail")).toString().contains(QStringLiteral("not JSON")),
            qPrintable(badSpec.value(QStringLiteral("detail")).toString()));
        // A "warm" line (the task's baseline, while the candidate builds) may come between; one
        // with an unusable task is only noted, and the spec after it is still read.
        const QByteArray warm = "{\"type\":\"warm\",\"task\":{\"id\":7}}\n";
        QJsonObject warmThenBad = resultOf(jobWithKey(prepare + warm + "not json\n"));
        QVERIFY2(warmThenBad.value(QStringLiteral("detail"))
                     .toString()
                     .contains(QStringLiteral("not JSON")),
                 qPrintable(warmThenBad.value(QStringLiteral("detail")).toString()));
        QJsonObject warmOnly = resultOf(jobWithKey(prepare + warm));
        QVERIFY2(warmOnly.value(QStringLiteral("detail"))
                     .toString()
                     .contains(QStringLiteral("no specification")),
                 qPrintable(warmOnly.value(QStringLiteral("detail")).toString()));
        // "calibrate" (the device's ceilings, measured before any candidate exists) is answered
        // with one "calibrated" line: the ceilings on a GPU, the reason without one.
        Run cal = jobWithKey(prepare + "{\"type\":\"calibrate\"}\n");
        QJsonObject calibrated;
        for (const QByteArray& line : cal.out.split('\n'))
            if (auto o = QJsonDocument::fromJson(line.mid(line.indexOf(" {") + 1)).object();
                o.value(QStringLiteral("type")) == QStringLiteral("calibrated"))
                calibrated = o;
        QVERIFY2(!calibrated.isEmpty(), cal.out.constData());
        const bool measured = calibrated.value(QStringLiteral("ceilings"))
                                  .toObject()
                                  .value(QStringLiteral("copy_bandwidth_gbps"))
                                  .toDouble() > 0;
        const bool refused = !calibrated.value(QStringLiteral("error")).toString().isEmpty();
        QVERIFY2(measured != refused, cal.out.constData());
        QVERIFY(resultOf(cal)
                    .value(QStringLiteral("detail"))
                    .toString()
                    .contains(QStringLiteral("no specification")));
    }

    // A job started without its key (a JSON line first, or nothing) says so on stderr and ends
    // with the protocol-error code; its channel stays silent, since it could sign nothing.
    void jobWithoutKeyRefuses() {
        for (const QByteArray& input :
             {QByteArray("{\"type\":\"prepare\",\"device\":0}\n{\"mode\":\"probe\"}\n"),
              QByteArray()}) {
            Run r = runJob(input);
            QCOMPARE(r.exitCode, 4);
            QVERIFY2(r.out.isEmpty(), r.out.constData());
            QVERIFY2(r.err.contains("key"), r.err.constData());
        }
    }

    // Whatever the worker's libraries print goes to stderr; stdout carries only protocol lines.
    void stdoutCarriesOnlyProtocol() {
        Run r =
            runWorker("{\"type\":\"hello\",\"protocol\":1}\n{\"id\":1,\"type\":\"device-info\"}\n"
                      "{\"id\":2,\"type\":\"shutdown\"}\n");
        QCOMPARE(r.exitCode, 0);
        for (const QByteArray& line : r.out.trimmed().split('\n'))
            QVERIFY2(QJsonDocument::fromJson(line).isObject(), line.constData());
    }
};

QTEST_GUILESS_MAIN(TestWorkerProtocol)
#include "tst_worker_protocol.moc"
