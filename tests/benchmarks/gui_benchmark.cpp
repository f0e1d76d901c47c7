// kwb-gui-benchmark: the workbench window's speed figures.
//   kwb-gui-benchmark --gui path/to/kernel-workbench [--project big.kwbproj] [--runs N] [--out
//   file]
// 1. Cold start: runs the real kernel-workbench binary (offscreen) on the default project in a
//    fresh data folder, N times, and takes the time from starting the process until it says
//    "ready" (window shown, project open, first sample in the editor). The first run also
//    creates the default project; the others open it. Limit 1.5 s.
// 2. Sample switching, in this process, on --project (e.g. the 100,000-sample project that
//    tests/benchmarks/store_benchmark.cpp --keep leaves): from the key press to the editor
//    showing the next sample, and to the window repainted, for Down in the list, J (next in
//    the review queue) and a jump to a random row (its page may have to be loaded). Limit 50 ms.
// Exit code 0 when every figure is within its limit.
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>

#include "core/store/project_store.h"
#include "ui/models/sample_list_model.h"
#include "ui/windows/main_window.h"
#include "ui/windows/review_controller.h"

using namespace kwb;
using namespace kwb::ui;

namespace {

struct Figures {
    std::vector<double> ms;
    double median() const {
        auto v = ms;
        std::sort(v.begin(), v.end());
        return v.empty() ? 0 : v[v.size() / 2];
    }
    double p95() const {
        auto v = ms;
        std::sort(v.begin(), v.end());
        return v.empty() ? 0 : v[std::min(v.size() - 1, v.size() * 95 / 100)];
    }
    double max() const { return ms.empty() ? 0 : *std::max_element(ms.begin(), ms.end()); }
};

QString machine() {
    QFile cpu(QStringLiteral("/proc/cpuinfo"));
    QString model;
    int cores = 0;
    if (cpu.open(QIODevice::ReadOnly)) {
        for (const QByteArray& line : cpu.readAll().split('\n')) {
            if (line.startsWith("model name") && model.isEmpty())
                model = QString::fromUtf8(line.mid(line.indexOf(':') + 2));
            if (line.startsWith("processor"))
                ++cores;
        }
    }
    return QStringLiteral("%1, %2 cores").arg(model).arg(cores);
}

// One start of the binary; the time to its "ready" line, or a negative number.
double coldStart(const QString& gui, const QString& dataDir) {
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("KWB_DATA_DIR"), dataDir);
    env.insert(QStringLiteral("KWB_CONFIG_DIR"), dataDir + QStringLiteral("/config"));
    process.setProcessEnvironment(env);
    QElapsedTimer clock;
    clock.start();
    process.start(
        gui, {QStringLiteral("--lang"), QStringLiteral("en"), QStringLiteral("--quit-when-ready")});
    double ready = -1;
    while (clock.elapsed() < 30000) {
        if (process.waitForReadyRead(100) || process.canReadLine()) {
            while (process.canReadLine()) {
                if (process.readLine().startsWith("ready"))
                    ready = clock.nsecsElapsed() / 1e6;
            }
        }
        if (ready >= 0 || process.state() == QProcess::NotRunning)
            break;
    }
    if (!process.waitForFinished(10000))
        process.kill();
    return ready;
}

// Times one switch: `act` moves, then until the editor shows another sample, and until the
// window has painted the change (the paint events that the switch queued, as the event loop
// would run them next). Waits in an event loop of its own: QTest::qWaitFor sleeps in 10 ms
// steps, which would be measured too.
bool timeSwitch(MainWindow& window, const std::function<void()>& act, Figures& shown,
                Figures& painted) {
    ReviewController* review = window.reviewController();
    const qint64 from = review->currentSampleId();
    QEventLoop loop;
    bool done = false;
    auto connection =
        QObject::connect(review, &ReviewController::sampleShown, &loop, [&](qint64 id) {
            if (id != from) {
                done = true;
                loop.quit();
            }
        });
    QTimer::singleShot(5000, &loop, &QEventLoop::quit);
    QElapsedTimer clock;
    clock.start();
    act();
    if (!done)
        loop.exec();
    QObject::disconnect(connection);
    if (!done) {
        std::fprintf(stderr, "kwb-gui-benchmark: no other sample after 5 s (from #%lld)\n",
                     static_cast<long long>(from));
        return false;
    }
    shown.ms.push_back(clock.nsecsElapsed() / 1e6);
    QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
    painted.ms.push_back(clock.nsecsElapsed() / 1e6);
    return true;
}

} // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("kernel-workbench-benchmark"));
    QString gui, project, out;
    int runs = 5, switches = 200;
    const QStringList args = QCoreApplication::arguments();
    for (int i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--gui") && i + 1 < args.size())
            gui = args[++i];
        else if (args[i] == QLatin1String("--project") && i + 1 < args.size())
            project = args[++i];
        else if (args[i] == QLatin1String("--out") && i + 1 < args.size())
            out = args[++i];
        else if (args[i] == QLatin1String("--runs") && i + 1 < args.size())
            runs = args[++i].toInt();
        else if (args[i] == QLatin1String("--switches") && i + 1 < args.size())
            switches = args[++i].toInt();
    }
    QString report;
    QTextStream text(&report);
    text << "Kernel Workbench window benchmark, "
         << QDateTime::currentDateTimeUtc().toString(Qt::ISODate) << "\n";
    text << "machine: " << machine() << "; Qt " << qVersion() << ", offscreen platform\n";
    bool ok = true;

    if (!gui.isEmpty()) {
        QTemporaryDir data;
        Figures first, later;
        for (int i = 0; i < runs; ++i) {
            const double ms = coldStart(gui, data.path());
            if (ms < 0) {
                text << "cold start: run " << i + 1 << " did not become ready\n";
                ok = false;
                continue;
            }
            (i == 0 ? first : later).ms.push_back(ms);
        }
        text << QStringLiteral(
            "cold start to an interactive window, default project (limit 1500 ms):\n");
        text << QStringLiteral("  first start (creates the demo project): %1 ms\n")
                    .arg(first.median(), 0, 'f', 0);
        text << QStringLiteral("  later starts: median %1 ms, max %2 ms over %3 runs\n")
                    .arg(later.median(), 0, 'f', 0)
                    .arg(later.max(), 0, 'f', 0)
                    .arg(later.ms.size());
        ok = ok && first.max() < 1500 && later.max() < 1500;
    }

    if (!project.isEmpty()) {
        MainWindow window;
        window.resize(1400, 860);
        QSignalSpy opened(&window, &MainWindow::projectOpened);
        QElapsedTimer openClock;
        openClock.start();
        window.openProject(project);
        window.show();
        if (!QTest::qWaitFor(
                [&] { return opened.count() > 0 && window.reviewController()->currentSample(); },
                120000)) {
            std::fprintf(stderr, "kwb-gui-benchmark: %s did not open\n", qPrintable(project));
            return 1;
        }
        auto* table = window.findChild<QTableView*>(QStringLiteral("sampleTable"));
        const qint64 total = table->model()->rowCount();
        text << QStringLiteral("project: %1 (%2 samples); opened and first sample shown in %3 ms\n")
                    .arg(project)
                    .arg(total)
                    .arg(openClock.elapsed());
        QTest::qWait(500); // let the background counts finish
        table->setFocus();
        std::mt19937 rng(7);
        Figures downShown, downPainted, jShown, jPainted, jumpShown, jumpPainted;
        for (int i = 0; i < switches; ++i) {
            timeSwitch(
                window, [&] { QTest::keyClick(table, Qt::Key_Down); }, downShown, downPainted);
        }
        for (int i = 0; i < switches; ++i) {
            if (!timeSwitch(
                    window, [&] { QTest::keyClick(table, Qt::Key_J); }, jShown, jPainted))
                break; // nothing left in the queue
        }
        for (int i = 0; i < switches / 4; ++i) {
            const int row = std::uniform_int_distribution<int>(0, int(total) - 1)(rng);
            timeSwitch(
                window,
                [&] {
                    table->scrollTo(table->model()->index(row, 0));
                    table->setCurrentIndex(table->model()->index(row, 0));
                },
                jumpShown, jumpPainted);
        }
        auto line = [&](const char* what, const Figures& s, const Figures& p) {
            text << QStringLiteral("  %1: to the editor median %2 / p95 %3 / max %4 ms; repainted "
                                   "median %5 / p95 %6 / max %7 ms (n=%8)\n")
                        .arg(QLatin1String(what))
                        .arg(s.median(), 0, 'f', 1)
                        .arg(s.p95(), 0, 'f', 1)
                        .arg(s.max(), 0, 'f', 1)
                        .arg(p.median(), 0, 'f', 1)
                        .arg(p.p95(), 0, 'f', 1)
                        .arg(p.max(), 0, 'f', 1)
                        .arg(s.ms.size());
        };
        text << "sample switching (limit 50 ms):\n";
        line("Down in the list", downShown, downPainted);
        line("J, next in the queue", jShown, jPainted);
        line("jump to a random row", jumpShown, jumpPainted);
        // The limit applies to the median and p95 of the keyboard moves.
        ok = ok && downPainted.p95() < 50 && jPainted.p95() < 50;
    }
    text << "result: " << (ok ? "all figures within their limits" : "SOME FIGURE OVER ITS LIMIT")
         << "\n";
    text.flush();
    std::fputs(qPrintable(report), stdout);
    if (!out.isEmpty()) {
        QFile file(out);
        if (file.open(QIODevice::WriteOnly))
            file.write(report.toUtf8());
    }
    return ok ? 0 : 1;
}
