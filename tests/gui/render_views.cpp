// kwb-render-views <folder> [--lang en|es|pl] [--size WxH] [--project FILE]: renders each main view
// of the workbench to a PNG, offscreen, for the README and for reviewing the UI without a display,
// in one language at one window size (default English, 1400x900). Run it through render_views.sh,
// which renders every view in all three languages at 1280x720 and 1920x1080. A table header or
// cell on screen whose text is cut off (needs more room than its column has) fails the run and
// is named.
//
// The main window is shown on a fresh demo project (some samples judged), after real
// verifications of real fixture kernels on this machine (compile-only where there is no GPU);
// with --project, on a copy of that project (one verified on a GPU machine: its sgemm-f32
// sample and stored record in view);
// then the dataset view, the export dialog, the settings and the generation panel. Timing charts
// need a GPU run; where the machine has none they are drawn from
// tests/gui/fixtures/synthetic_record.json, whose numbers are made up, and their file names say
// "synthetic".
#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QImage>
#include <QItemSelectionModel>
#include <QMap>
#include <QMessageBox>
#include <QSignalSpy>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <algorithm>
#include <cstdio>
#include <functional>

#include "core/store/demo_project.h"
#include "core/tasks/task_loader.h"
#include "core/verify/subprocess_worker.h"
#include "ui/models/record_views.h"
#include "ui/models/sample_list_model.h"
#include "ui/models/shape_result.h"
#include "ui/models/verification_job.h"
#include "ui/widgets/chart_widget.h"
#include "ui/widgets/code_editor.h"
#include "ui/widgets/compare_view.h"
#include "ui/widgets/diff_view.h"
#include "ui/widgets/generation_panel.h"
#include "ui/widgets/review_bar.h"
#include "ui/widgets/task_browser.h"
#include "ui/widgets/verification_panel.h"
#include "ui/windows/dataset_view.h"
#include "ui/windows/export_dialog.h"
#include "ui/windows/main_window.h"
#include "ui/windows/review_controller.h"
#include "ui/windows/sample_actions.h"
#include "ui/windows/settings_dialog.h"

namespace {

QString g_out;
int g_failures = 0;

QString readText(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

QString candidate(const char* task, const char* file) {
    return readText(
        QStringLiteral(KWB_CANDIDATES "/%1/%2").arg(QLatin1String(task), QLatin1String(file)));
}

void save(const QImage& image, const QString& name) {
    const QString path = QDir(g_out).filePath(name);
    // A view that rendered nothing is a failure, not a picture.
    const bool blank = image.isNull() || image.width() < 100 || image.height() < 50;
    if (blank || !image.save(path, "PNG")) {
        std::fprintf(stderr, "kwb-render-views: could not render %s\n", qPrintable(name));
        ++g_failures;
        return;
    }
    std::printf("%s (%dx%d)\n", qPrintable(path), image.width(), image.height());
}

// Headers and cells on screen of the visible tables under `widget` whose text needs more room
// than the column has (stretched columns take what is left, and are not judged).
QStringList cutOffHeaders(QWidget& widget) {
    QStringList out;
    for (QTableView* table : widget.findChildren<QTableView*>()) {
        if (!table->isVisible() || !table->model())
            continue;
        QHeaderView* header = table->horizontalHeader();
        if (!header->isVisible())
            continue;
        const QStyle* style = table->style();
        // The style's margins on both sides; the sort arrow's room only where it is shown.
        const int margin = style->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
        const int extra =
            2 * margin +
            (header->isSortIndicatorShown()
                 ? style->pixelMetric(QStyle::PM_HeaderMarkSize, nullptr, header) + 2 * margin
                 : 0);
        for (int column = 0; column < table->model()->columnCount(); ++column) {
            if (table->isColumnHidden(column) ||
                header->sectionResizeMode(column) == QHeaderView::Stretch ||
                (header->stretchLastSection() && column == header->count() - 1))
                continue;
            const QString title = table->model()->headerData(column, Qt::Horizontal).toString();
            const int needs = header->fontMetrics().horizontalAdvance(title) + extra;
            if (needs > header->sectionSize(column))
                out << QStringLiteral("%1: header '%2' (needs %3, has %4)")
                           .arg(table->objectName(), title)
                           .arg(needs)
                           .arg(header->sectionSize(column));
            // The rows on screen: their text, the delegate's margins, and an icon where shown.
            const int cellMargin =
                2 * (style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1);
            const int icon = table->iconSize().isValid()
                                 ? table->iconSize().width()
                                 : style->pixelMetric(QStyle::PM_SmallIconSize) + 4;
            const int first = std::max(0, table->rowAt(0));
            const int last = table->rowAt(table->viewport()->height() - 1) < 0
                                 ? table->model()->rowCount() - 1
                                 : table->rowAt(table->viewport()->height() - 1);
            for (int row = first; row <= last; ++row) {
                const QModelIndex index = table->model()->index(row, column);
                const QString text = index.data().toString();
                const int cellNeeds = table->fontMetrics().horizontalAdvance(text) + cellMargin +
                                      (index.data(Qt::DecorationRole).isNull() ? 0 : icon);
                if (!text.isEmpty() && cellNeeds > header->sectionSize(column)) {
                    out << QStringLiteral("%1: '%2' in column '%3' (needs %4, has %5)")
                               .arg(table->objectName(), text, title)
                               .arg(cellNeeds)
                               .arg(header->sectionSize(column));
                    break; // one cell names the column
                }
            }
        }
    }
    return out;
}

void grabWidget(QWidget& widget, const QString& name) {
    widget.show();
    if (!QTest::qWaitForWindowExposed(&widget))
        std::fprintf(stderr, "kwb-render-views: %s was not exposed\n", qPrintable(name));
    QTest::qWait(150); // let layouts settle
    save(widget.grab().toImage(), name);
    for (const QString& cut : cutOffHeaders(widget)) {
        std::fprintf(stderr, "kwb-render-views: %s: cut off: %s\n", qPrintable(name),
                     qPrintable(cut));
        ++g_failures;
    }
}

// Runs one verification in the window and waits for its end; false without a worker.
bool verifyInWindow(kwb::ui::MainWindow& window, const char* task, const char* file) {
    if (kwb::locateRunner().empty())
        return false;
    auto loaded = kwb::loadTaskFile(std::string(KWB_TASK_DIR "/") + task + ".toml");
    if (!loaded)
        return false;
    kwb::ui::VerificationJob::Request request;
    request.sample.task = *loaded;
    request.sample.source = candidate(task, file).toStdString();
    request.sample.fileName = file;
    request.options.trials = 1;
    auto* editor = window.findChild<kwb::ui::CodeEditor*>(QStringLiteral("kernelEditor"));
    editor->setText(QString::fromStdString(request.sample.source));
    kwb::ui::VerificationJob* job = window.verificationJob();
    bool done = false;
    auto c1 =
        QObject::connect(job, &kwb::ui::VerificationJob::verifyFinished, [&done] { done = true; });
    auto c2 =
        QObject::connect(job, &kwb::ui::VerificationJob::verifyFailed, [&done] { done = true; });
    job->start(std::move(request));
    const bool ended = QTest::qWaitFor([&done] { return done; }, 600000);
    QObject::disconnect(c1);
    QObject::disconnect(c2);
    return ended;
}

// Opens a fresh demo project (or a copy of `from`: a project verified on a GPU machine) in the
// window and judges a few samples, so the list shows every kind of state.
bool openDemoProject(kwb::ui::MainWindow& window, const QString& folder, const QString& from) {
    const QString project = QDir(folder).filePath(QStringLiteral("demo.kwbproj"));
    if (from.isEmpty() ? !kwb::createDemoProject(project.toStdString())
                       : !QFile::copy(from, project))
        return false;
    QSignalSpy opened(&window, &kwb::ui::MainWindow::projectOpened);
    window.openProject(project);
    kwb::ui::ReviewController* review = window.reviewController();
    if (!QTest::qWaitFor([&] { return opened.count() > 0 && review->currentSample(); }, 15000))
        return false;
    using Verdict = kwb::ui::ReviewBar::Verdict;
    bool questionShown = false;
    for (Verdict v : {Verdict::Accept, Verdict::Reject, Verdict::NeedsWork, Verdict::Accept}) {
        QSignalSpy stored(review, &kwb::ui::ReviewController::reviewsStored);
        review->castVerdict(v, QStringLiteral("rendered by kwb-render-views"), {});
        // The demo samples are unverified: accepting one asks first. Rendered once, then answered.
        if (v == Verdict::Accept &&
            QTest::qWaitFor(
                [&] { return review->acceptQuestion() && review->acceptQuestion()->isVisible(); },
                5000)) {
            auto* box = qobject_cast<QMessageBox*>(review->acceptQuestion());
            if (!questionShown) {
                QTest::qWait(150);
                save(box->grab().toImage(), QStringLiteral("accept-question.png"));
                questionShown = true;
            }
            box->button(QMessageBox::Yes)->click();
        }
        if (!QTest::qWaitFor([&] { return stored.count() > 0; }, 5000))
            std::fprintf(stderr, "kwb-render-views: a verdict was not stored\n");
        QTest::qWait(100);
    }
    return true;
}

// The Compare view on the first three samples of the list (Ctrl+D, as a reviewer opens it):
// its Source and Speedups pages.
void compareFirstSamples(kwb::ui::MainWindow& window) {
    auto* table = window.findChild<QTableView*>(QStringLiteral("sampleTable"));
    // Three rows of one task (the list may hold several tasks), the first of them current.
    QMap<QString, QList<int>> rowsOfTask;
    for (int row = 0; table && row < table->model()->rowCount(); ++row)
        rowsOfTask
            [table->model()->index(row, 0).data(kwb::ui::SampleListModel::TaskIdRole).toString()]
                .append(row);
    QList<int> rows;
    for (const QList<int>& r : std::as_const(rowsOfTask))
        if (r.size() > rows.size())
            rows = r;
    if (rows.size() < 3) {
        std::fprintf(stderr, "kwb-render-views: no task with three samples to compare\n");
        ++g_failures;
        return;
    }
    rows = rows.mid(0, 3);
    const qint64 first =
        table->model()->index(rows[0], 0).data(kwb::ui::SampleListModel::SampleIdRole).toLongLong();
    table->setFocus();
    table->setCurrentIndex(table->model()->index(rows[0], 0));
    if (!QTest::qWaitFor([&] { return window.reviewController()->currentSampleId() == first; },
                         15000))
        std::fprintf(stderr, "kwb-render-views: the first sample to compare did not load\n");
    QSignalSpy shown(window.sampleActions(), &kwb::ui::SampleActions::compareShown);
    auto said = QObject::connect(
        window.sampleActions(), &kwb::ui::SampleActions::message, [](const QString& text) {
            std::fprintf(stderr, "kwb-render-views: Compare: %s\n", qPrintable(text));
        });
    QItemSelection selection;
    for (int row : rows)
        selection.select(table->model()->index(row, 0), table->model()->index(row, 0));
    table->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect |
                                                   QItemSelectionModel::Rows);
    if (auto* action = window.findChild<QAction*>(QStringLiteral("compareAction")))
        action->trigger(); // Ctrl+D; an offscreen window is not always the active one
    else
        std::fprintf(stderr, "kwb-render-views: no Compare action\n");
    auto* compare = window.findChild<kwb::ui::CompareView*>();
    if (!compare || !QTest::qWaitFor([&] { return shown.count() > 0; }, 15000)) {
        std::fprintf(stderr, "kwb-render-views: the Compare view did not open\n");
        QObject::disconnect(said);
        ++g_failures;
        return;
    }
    QObject::disconnect(said);
    grabWidget(window, QStringLiteral("compare-samples.png"));
    compare->showPage(kwb::ui::CompareView::Page::Speedups);
    grabWidget(window, QStringLiteral("compare-speedups.png"));
    compare->showPage(kwb::ui::CompareView::Page::Source);
}

nlohmann::json syntheticJson() {
    return nlohmann::json::parse(
        readText(QStringLiteral(KWB_GUI_FIXTURES "/synthetic_record.json")).toStdString(), nullptr,
        false);
}

kwb::ui::RecordPtr typed(const nlohmann::json& j) {
    auto r = kwb::verification::fromJson(j);
    return r ? std::make_shared<const kwb::verification::VerificationRecordData>(std::move(*r))
             : nullptr;
}

kwb::ui::RecordPtr syntheticRecord() {
    return typed(syntheticJson());
}

// The synthetic record as a suspected hack, and as a pass with host-code screening findings.
kwb::ui::RecordPtr suspectedHackRecord() {
    nlohmann::json j = syntheticJson();
    j["verdict"] = "tampering";
    j["detail"] = "SYNTHETIC: the result line did not come from the harness";
    j["shapes"][1]["verdict"] = "tampering";
    return typed(j);
}

kwb::ui::RecordPtr screeningFindingsRecord() {
    nlohmann::json j = syntheticJson();
    j["screening"] = {
        {"version", 1},
        {"findings",
         {{{"kind", "syscall"}, {"line", 41}, {"text", "syscall(SYS_getpid) in host code"}},
          {{"kind", "static-state"},
           {"line", 12},
           {"text", "static host state kept between calls"}}}}};
    return typed(j);
}

// The first sample of the task in the list, shown in the editors with its stored record.
bool showStoredSample(kwb::ui::MainWindow& window, const char* task) {
    auto* table = window.findChild<QTableView*>(QStringLiteral("sampleTable"));
    for (int row = 0; table && row < table->model()->rowCount(); ++row) {
        const QModelIndex index = table->model()->index(row, 0);
        if (index.data(kwb::ui::SampleListModel::TaskIdRole).toString() != QLatin1String(task))
            continue;
        const qint64 id = index.data(kwb::ui::SampleListModel::SampleIdRole).toLongLong();
        window.reviewController()->showSample(id);
        return QTest::qWaitFor([&] { return window.reviewController()->currentSampleId() == id; },
                               15000);
    }
    return false;
}

struct Options {
    QString out;
    QString project; // a project with records from a GPU machine; empty: the demo project
    QString lang = QStringLiteral("en");
    QSize size{1400, 900};
};

bool parseOptions(const QStringList& args, Options& o) {
    for (int i = 1; i < args.size(); ++i) {
        const QString& a = args[i];
        if (a == QLatin1String("--lang") && i + 1 < args.size()) {
            o.lang = args[++i];
        } else if (a == QLatin1String("--size") && i + 1 < args.size()) {
            const QStringList wh = args[++i].split(QLatin1Char('x'));
            bool w = false, h = false;
            o.size = wh.size() == 2 ? QSize(wh[0].toInt(&w), wh[1].toInt(&h)) : QSize();
            if (!w || !h || o.size.width() < 640 || o.size.height() < 480)
                return false;
        } else if (a == QLatin1String("--project") && i + 1 < args.size()) {
            o.project = args[++i];
        } else if (o.out.isEmpty() && !a.startsWith(QLatin1String("--"))) {
            o.out = a;
        } else {
            return false;
        }
    }
    return !o.out.isEmpty() && (o.lang == QLatin1String("en") || o.lang == QLatin1String("es") ||
                                o.lang == QLatin1String("pl"));
}

} // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    Options options;
    if (!parseOptions(QCoreApplication::arguments(), options)) {
        std::fprintf(stderr, "usage: kwb-render-views <output folder> [--lang en|es|pl] "
                             "[--size WxH] [--project FILE]\n");
        return 2;
    }
    g_out = options.out;
    if (!QDir().mkpath(g_out)) {
        std::fprintf(stderr, "kwb-render-views: cannot create %s\n", qPrintable(g_out));
        return 1;
    }
    QTranslator translator; // the build's own catalogue, as the workbench installs it
    if (options.lang != QLatin1String("en")) {
        if (!translator.load(
                QStringLiteral(KWB_QM_DIR "/kernel-workbench_%1.qm").arg(options.lang)) ||
            !QCoreApplication::installTranslator(&translator)) {
            std::fprintf(stderr, "kwb-render-views: no %s catalogue in %s\n",
                         qPrintable(options.lang), KWB_QM_DIR);
            return 1;
        }
    }

    QTemporaryDir scratch; // the demo project and settings: never the user's
    qputenv("KWB_DATA_DIR", QFile::encodeName(scratch.filePath(QStringLiteral("data"))));
    qputenv("KWB_CONFIG_DIR", QFile::encodeName(scratch.filePath(QStringLiteral("config"))));
    {
        kwb::ui::MainWindow window;
        window.resize(options.size);
        window.show();
        if (!QTest::qWaitFor([&window] { return window.isDeviceProbeSettled(); }, 10000))
            std::fprintf(stderr, "kwb-render-views: the GPU probe did not answer\n");
        if (!openDemoProject(window, scratch.path(), options.project))
            std::fprintf(stderr, "kwb-render-views: the project did not open\n");
        if (!options.project.isEmpty()) {
            if (!showStoredSample(window, "sgemm-f32"))
                std::fprintf(stderr, "kwb-render-views: the project has no sgemm-f32 sample\n");
        } else if (!verifyInWindow(window, "sgemm-f32", "good.cu")) {
            std::fprintf(stderr,
                         "kwb-render-views: no worker; the main window is shown unverified\n");
        }
        grabWidget(window, QStringLiteral("main-window.png"));
        if (verifyInWindow(window, "softmax-rows-f32", "compile_error.cu"))
            grabWidget(window, QStringLiteral("main-window-compile-error.png"));
        window.showDiff(QStringLiteral("sgemm-f32 · good.cu"), candidate("sgemm-f32", "good.cu"),
                        QStringLiteral("sgemm-f32 · off_by_one.cu"),
                        candidate("sgemm-f32", "off_by_one.cu"));
        grabWidget(window, QStringLiteral("compare.png"));
        compareFirstSamples(window);
        // The Task and Provenance tabs: the task of the sample in view, and where it came from.
        if (auto* editorArea = window.findChild<QTabWidget*>(QStringLiteral("editorArea"))) {
            for (const char* tab : {"taskPane", "provenanceView"}) {
                for (int i = 0; i < editorArea->count(); ++i) {
                    if (editorArea->widget(i)->objectName() == QLatin1String(tab))
                        editorArea->setCurrentIndex(i);
                }
                grabWidget(window, QLatin1String(tab) == QLatin1String("taskPane")
                                       ? QStringLiteral("task.png")
                                       : QStringLiteral("provenance.png"));
            }
            editorArea->setCurrentIndex(0);
        }

        // The generation panel, set up for a task (nothing is sent).
        kwb::ui::GenerationPanel* generation = window.generationPanel();
        generation->setTask(QStringLiteral("softmax-rows-f32"));
        generation->setSampleCount(4);
        if (auto* lower = window.findChild<QTabWidget*>(QStringLiteral("lowerArea")))
            lower->setCurrentWidget(generation);
        grabWidget(window, QStringLiteral("main-window-generation.png"));

        // The dataset view, both charts.
        kwb::ui::DatasetView* dataset = window.datasetView();
        QSignalSpy refreshed(dataset, &kwb::ui::DatasetView::refreshed);
        window.showView(1);
        if (!QTest::qWaitFor([&] { return refreshed.count() > 0; }, 15000))
            std::fprintf(stderr, "kwb-render-views: the dataset view did not load\n");
        grabWidget(window, QStringLiteral("dataset-view.png"));
        dataset->showChart(kwb::ui::DatasetView::Chart::AcceptRate);
        if (!QTest::qWaitFor([&] { return refreshed.count() > 1; }, 15000))
            std::fprintf(stderr, "kwb-render-views: the accept-rate chart did not load\n");
        grabWidget(window, QStringLiteral("dataset-accept-rate.png"));

        kwb::ui::ExportDialog exportDialog(window.projectSession(), dataset->filter(), &window);
        QSignalSpy preview(&exportDialog, &kwb::ui::ExportDialog::previewReady);
        exportDialog.show();
        if (!QTest::qWaitFor([&] { return preview.count() > 0; }, 15000))
            std::fprintf(stderr, "kwb-render-views: the export preview did not load\n");
        grabWidget(exportDialog, QStringLiteral("export-dialog.png"));
        exportDialog.close();

        window.showView(2); // the Evaluation view: the project's runs and the chosen run's report
        grabWidget(window, QStringLiteral("evaluation-view.png"));
        window.showView(0);

        kwb::ui::SettingsDialog settings(window.deviceInfo(), &window);
        grabWidget(settings, QStringLiteral("settings-dialog.png"));
        settings.close();
        window.showView(0);
    }

    const auto record = syntheticRecord();
    if (!record) {
        std::fprintf(stderr, "kwb-render-views: the synthetic record does not load\n");
        return 1;
    }
    {
        kwb::ui::VerificationPanel panel;
        panel.resize(1000, 520);
        panel.showRecord(record);
        grabWidget(panel, QStringLiteral("verification-panel-synthetic.png"));
        panel.showRecord(suspectedHackRecord());
        grabWidget(panel, QStringLiteral("verification-panel-suspected-hack-synthetic.png"));
        panel.showRecord(screeningFindingsRecord());
        grabWidget(panel, QStringLiteral("verification-panel-screening-synthetic.png"));
    }
    {
        const auto shapes = kwb::ui::shapeResultsFromRecord(*record);
        kwb::ui::ChartWidget chart;
        chart.resize(900, 560);
        const QSize size(900, 560);
        chart.showSpeedupPerShape(kwb::ui::speedupChartData(shapes));
        save(chart.toImage(size), QStringLiteral("chart-speedup-per-shape-synthetic.png"));
        chart.saveSvg(QDir(g_out).filePath(QStringLiteral("chart-speedup-per-shape-synthetic.svg")),
                      size);
        chart.showTimingDistribution(kwb::ui::timingChartData(shapes));
        save(chart.toImage(size), QStringLiteral("chart-timing-distribution-synthetic.png"));
        chart.showRoofline(kwb::ui::rooflineChartData(*record, shapes));
        save(chart.toImage(size), QStringLiteral("chart-roofline-synthetic.png"));
        chart.showSpeedupHistogram({{0.42, 0.71, 0.88, 0.93, 0.97, 1.02, 1.05, 1.08, 1.12, 1.15,
                                     1.21, 1.24, 1.33, 1.41, 1.58, 1.76, 2.05, 2.4},
                                    10});
        save(chart.toImage(size), QStringLiteral("chart-speedup-histogram-synthetic.png"));
        chart.showAcceptRate(
            {{QStringLiteral("model-a"), QStringLiteral("model-b"), QStringLiteral("model-c")},
             {14, 9, 3},
             {20, 18, 12}});
        save(chart.toImage(size), QStringLiteral("chart-accept-rate-synthetic.png"));
    }
    {
        kwb::ui::ReviewBar bar;
        bar.resize(1000, 70);
        bar.setSample(true, QStringLiteral("Correct at the odd shape; tail loop is clean."),
                      {QStringLiteral("tiled"), QStringLiteral("clean")});
        bar.setProgress(37, 120);
        bar.setUndoAvailable(true);
        bar.setRecord(suspectedHackRecord());
        grabWidget(bar, QStringLiteral("review-bar.png"));
    }
    return g_failures == 0 ? 0 : 1;
}
