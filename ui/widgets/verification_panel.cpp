#include "ui/widgets/verification_panel.h"

#include <QComboBox>
#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <iterator>

#include "ui/models/diagnostics_model.h"
#include "ui/models/record_views.h"
#include "ui/models/shape_results_model.h"
#include "ui/widgets/build_report_view.h"
#include "ui/widgets/chart_widget.h"
#include "ui/widgets/profile_view.h"
#include "ui/widgets/screening_list.h"

namespace kwb::ui {

namespace {
constexpr VerificationPanel::Stage kStages[] = {VerificationPanel::Stage::Build,
                                                VerificationPanel::Stage::Correctness,
                                                VerificationPanel::Stage::Benchmark};
int indexOf(VerificationPanel::Stage stage) {
    return static_cast<int>(stage);
}
constexpr int kLogLines = 5000;

QString bannerStyle(VerificationPanel::Outcome outcome) {
    const char* colors = "background:#eef1f5;color:#2b2f36;";
    switch (outcome) {
    case VerificationPanel::Outcome::Running:
        colors = "background:#e7f0fb;color:#1d4f91;";
        break;
    case VerificationPanel::Outcome::Passed:
        colors = "background:#e3f4e8;color:#17602e;";
        break;
    case VerificationPanel::Outcome::Failed:
    case VerificationPanel::Outcome::Error:
        colors = "background:#fbe7e5;color:#8c1d14;";
        break;
    case VerificationPanel::Outcome::CompileOnly:
        colors = "background:#fdf3dc;color:#7a4b00;";
        break;
    // Neither is the red of a wrong result: a pass a person must look at, and a suspected hack.
    case VerificationPanel::Outcome::NeedsHuman:
        colors = "background:#fff6d6;color:#5e4300;border:2px solid #b88600;";
        break;
    case VerificationPanel::Outcome::SuspectedHack:
        colors = "background:#f8e3f2;color:#6e0f56;border:2px solid #9b1b7b;";
        break;
    case VerificationPanel::Outcome::None:
    case VerificationPanel::Outcome::Cancelled:
        break;
    }
    return QStringLiteral("QLabel{%1padding:6px;border-radius:3px;}").arg(QLatin1String(colors));
}
} // namespace

VerificationPanel::VerificationPanel(QWidget* parent)
    : QWidget(parent), m_banner(new QLabel(this)), m_progress(new QProgressBar(this)),
      m_cancel(new QPushButton(this)), m_stages(new QListWidget(this)),
      m_tabs(new QTabWidget(this)), m_shapes(new QTableView(this)),
      m_shapeModel(new ShapeResultsModel(this)), m_chartPage(new QWidget(this)),
      m_chartKind(new QComboBox(m_chartPage)), m_saveChart(new QPushButton(m_chartPage)),
      m_chart(new ChartWidget(m_chartPage)), m_buildPage(new BuildReportView(this)),
      m_screening(new ScreeningList(this)), m_profile(new ProfileView(this)),
      m_log(new QPlainTextEdit(this)), m_raw(new QPlainTextEdit(this)) {
    setObjectName(QStringLiteral("verificationPanel"));
    m_banner->setObjectName(QStringLiteral("verificationBanner"));
    m_progress->setObjectName(QStringLiteral("verificationProgress"));
    m_cancel->setObjectName(QStringLiteral("cancelVerificationButton"));
    m_stages->setObjectName(QStringLiteral("verificationStages"));
    m_tabs->setObjectName(QStringLiteral("verificationTabs"));
    m_shapes->setObjectName(QStringLiteral("shapeTable"));
    m_chartKind->setObjectName(QStringLiteral("chartKind"));
    m_log->setObjectName(QStringLiteral("verificationLog"));
    m_raw->setObjectName(QStringLiteral("rawOutput"));
    setFocusProxy(m_tabs);

    m_banner->setWordWrap(true);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress->setMaximumWidth(200);
    m_progress->setTextVisible(true);
    // Showing the bar at a run's start must not move the banner: that relayout reached the
    // charts and tables below and cost one of the slowest event-loop ticks (tst_latency).
    QSizePolicy keepRoom = m_progress->sizePolicy();
    keepRoom.setRetainSizeWhenHidden(true);
    m_progress->setSizePolicy(keepRoom);
    m_progress->hide();
    m_cancel->setEnabled(false);

    auto* top = new QHBoxLayout;
    top->addWidget(m_banner, 1);
    top->addWidget(m_progress);
    top->addWidget(m_cancel);

    m_stages->setFlow(QListView::LeftToRight);
    m_stages->setWrapping(false);
    m_stages->setSpacing(6);
    m_stages->setFocusPolicy(Qt::NoFocus);
    for (int i = 0; i < static_cast<int>(std::size(kStages)); ++i)
        m_stages->addItem(new QListWidgetItem);
    m_stages->setFixedHeight(m_stages->sizeHintForRow(0) + 2 * m_stages->frameWidth() + 14);

    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_shapeModel);
    proxy->setSortRole(ShapeResultsModel::SortRole);
    m_shapes->setModel(proxy);
    m_shapes->setSortingEnabled(true);
    m_shapes->sortByColumn(-1, Qt::AscendingOrder); // the record's order until a click
    m_shapes->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_shapes->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_shapes->verticalHeader()->hide();
    m_shapes->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_shapes->horizontalHeader()->setStretchLastSection(true);

    auto* chartBar = new QHBoxLayout;
    chartBar->addWidget(m_chartKind, 1);
    chartBar->addWidget(m_saveChart);
    auto* chartLayout = new QVBoxLayout(m_chartPage);
    chartLayout->addLayout(chartBar);
    chartLayout->addWidget(m_chart, 1);
    for (int i = 0; i < 3; ++i)
        m_chartKind->addItem(QString());

    for (QPlainTextEdit* text : {m_log, m_raw}) {
        text->setReadOnly(true);
        text->setMaximumBlockCount(kLogLines);
        text->setLineWrapMode(QPlainTextEdit::NoWrap);
        text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    }
    m_tabs->addTab(m_shapes, QString());
    m_tabs->addTab(m_chartPage, QString());
    m_tabs->addTab(m_buildPage, QString());
    m_tabs->addTab(m_screening, QString());
    m_tabs->addTab(m_profile, QString());
    m_tabs->addTab(m_log, QString());
    m_tabs->addTab(m_raw, QString());

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_stages);
    layout->addWidget(m_tabs, 1);

    connect(m_buildPage, &BuildReportView::diagnosticActivated, this,
            &VerificationPanel::diagnosticActivated);
    connect(m_screening, &ScreeningList::lineActivated, this, &VerificationPanel::findingActivated);
    connect(m_chartKind, &QComboBox::currentIndexChanged, this, [this] { refreshChart(); });
    connect(m_saveChart, &QPushButton::clicked, m_chart, &ChartWidget::saveAsDialog);

    retranslateUi();
}

VerificationPanel::~VerificationPanel() = default;

DiagnosticsModel* VerificationPanel::diagnosticsModel() const {
    return m_buildPage->diagnosticsModel();
}

void VerificationPanel::attach(VerificationJob* job) {
    m_job = job;
    connect(job, &VerificationJob::verifyStarted, this, &VerificationPanel::onStarted);
    connect(job, &VerificationJob::verifyProgress, this, &VerificationPanel::onProgress);
    connect(job, &VerificationJob::verifyFinished, this, &VerificationPanel::showRecord);
    connect(job, &VerificationJob::verifyFailed, this, &VerificationPanel::onFailed);
    connect(m_cancel, &QPushButton::clicked, job, &VerificationJob::cancel);
}

void VerificationPanel::onStarted(quint64 /*generation*/) {
    clear();
    m_outcome = Outcome::Running;
    m_shapesExpected = m_job ? m_job->expectedShapes() : 0;
    m_clock.start();
    setStage(Stage::Build, StageState::Running);
    m_activity = tr("starting the worker");
    m_progress->setRange(0, 0); // busy until shapes are counted
    m_progress->show();
    m_cancel->setEnabled(true);
    appendLog(tr("Verification started"));
    renderBanner();
}

void VerificationPanel::onProgress(const QList<VerificationEvent>& events) {
    for (const VerificationEvent& e : events) {
        m_raw->appendPlainText(e.json);
        if (e.stage == QLatin1String("call")) {
            ++m_calls; // every kernel call: counted, not logged
            continue;
        }
        if (e.stage == QLatin1String("build")) {
            setStage(Stage::Build, StageState::Running);
            m_activity = tr("compiling");
            appendLog(tr("Compiling the candidate"));
        } else if (e.stage == QLatin1String("loaded")) {
            setStage(Stage::Build, StageState::Passed);
            setStage(Stage::Correctness, StageState::Running);
            m_activity = tr("loaded on the GPU");
            appendLog(tr("Candidate loaded on the GPU"));
        } else if (e.stage == QLatin1String("correctness")) {
            setStage(Stage::Build, StageState::Passed);
            setStage(Stage::Correctness, StageState::Running);
            m_activity = tr("checking shape %1").arg(e.shape);
            appendLog(tr("Correctness: shape %1").arg(e.shape));
        } else if (e.stage == QLatin1String("benchmark")) {
            setStage(Stage::Benchmark, StageState::Running);
            m_activity = tr("timing shape %1").arg(e.shape);
            appendLog(tr("Benchmark: shape %1").arg(e.shape));
        } else if (e.stage == QLatin1String("device-busy")) {
            appendLog(tr("Shape %1: another process's work runs on the GPU; waiting for it to end "
                         "before timing")
                          .arg(e.shape));
        } else if (e.stage == QLatin1String("shape-done")) {
            ++m_shapesDone;
            appendLog(tr("Shape %1 done").arg(e.shape));
        } else if (!e.stage.isEmpty()) {
            appendLog(e.stage);
        }
    }
    if (m_shapesExpected > 0 && m_states[indexOf(Stage::Correctness)] == StageState::Running) {
        m_progress->setRange(0, m_shapesExpected);
        m_progress->setValue(std::min(m_shapesDone, m_shapesExpected));
        //: Progress bar text: shapes done of shapes to check
        m_progress->setFormat(tr("%1 of %2 shapes").arg(m_shapesDone).arg(m_shapesExpected));
    }
    renderBanner();
}

void VerificationPanel::onFailed(const QString& code, const QString& message) {
    const bool cancelled = code == QLatin1String("cancelled");
    m_outcome = cancelled ? Outcome::Cancelled : Outcome::Error;
    m_errorCode = code;
    m_errorMessage = message;
    // A failure that arrives here is the worker's (ssh could not connect, the worker was lost,
    // timed out, or answered what cannot be read), never the candidate's: a build that fails is
    // a record with its verdict. So the stage that was running did not fail; it never finished.
    for (Stage stage : kStages)
        if (m_states[indexOf(stage)] == StageState::Running)
            setStage(stage, cancelled ? StageState::Cancelled : StageState::NotRun);
    m_progress->hide();
    m_cancel->setEnabled(false);
    appendLog(cancelled ? tr("Cancelled") : tr("Worker error: %1").arg(message));
    renderBanner();
}

void VerificationPanel::showRecord(RecordPtr record) {
    if (!record)
        return;
    const bool wasRunning = m_outcome == Outcome::Running;
    m_record = std::move(record);
    const verification::VerificationRecordData& r = *m_record;
    const auto results = shapeResultsFromRecord(r);
    m_shapeModel->setResults(results);
    m_buildPage->setRecord(&r);
    m_screening->setRecord(&r);
    bool anyTimed = false;
    for (const auto& s : results)
        anyTimed = anyTimed || s.timed;
    setStagesFromRecord(anyTimed);
    m_progress->hide();
    m_cancel->setEnabled(false);
    const QString raw = QString::fromStdString(verification::toJson(r).dump(1));
    if (wasRunning) {
        appendLog(tr("Finished: %1").arg(ShapeResultsModel::verdictText(r.verdict)));
        m_raw->appendPlainText(raw);
    } else {
        m_raw->setPlainText(raw);
    }
    refreshChart();
    // Where the story is: the build for compile errors and compile-only runs, the findings for
    // a pass that needs a person, else the shapes.
    const bool built = r.build && r.build->ok;
    QWidget* page = m_shapes;
    if (m_outcome == Outcome::CompileOnly || !built)
        page = m_buildPage;
    else if (m_outcome == Outcome::NeedsHuman)
        page = m_screening;
    m_tabs->setCurrentWidget(page);
    renderScreeningTab();
    renderBanner();
    emit recordShown(m_record);
}

// The stages and the outcome as the record's verdict tells them.
void VerificationPanel::setStagesFromRecord(bool anyTimed) {
    using verification::Verdict;
    const verification::VerificationRecordData& r = *m_record;
    const Verdict verdict = r.verdict.value;
    setStage(Stage::Build, r.build && r.build->ok ? StageState::Passed : StageState::Failed);
    const StageState timed = anyTimed ? StageState::Passed : StageState::Skipped;
    switch (standingOf(r)) {
    case Standing::Passed:
    case Standing::NeedsHuman:
        setStage(Stage::Correctness, StageState::Passed);
        setStage(Stage::Benchmark, timed);
        m_outcome = screeningFindingCount(r) > 0 ? Outcome::NeedsHuman : Outcome::Passed;
        return;
    case Standing::SuspectedHack:
        // Timing that cannot be believed fails the benchmark; the rest fail correctness.
        if (verdict == Verdict::SuspiciousTiming || verdict == Verdict::ImpossibleTiming) {
            setStage(Stage::Correctness, StageState::Passed);
            setStage(Stage::Benchmark, StageState::Failed);
        } else {
            setStage(Stage::Correctness, StageState::Failed);
            setStage(Stage::Benchmark, timed);
        }
        m_outcome = Outcome::SuspectedHack;
        return;
    case Standing::CompileOnly:
    case Standing::Unverified:
    case Standing::Failed:
    case Standing::CheckError:
        break;
    }
    if (verdict == Verdict::CompileError || verdict == Verdict::NotRun) {
        setStage(Stage::Correctness, StageState::Skipped);
        setStage(Stage::Benchmark, StageState::Skipped);
        m_outcome = verdict == Verdict::NotRun ? Outcome::CompileOnly : Outcome::Failed;
        return;
    }
    setStage(Stage::Correctness, StageState::Failed);
    setStage(Stage::Benchmark, timed);
    m_outcome = Outcome::Failed;
}

void VerificationPanel::clear() {
    for (Stage stage : kStages)
        m_states[indexOf(stage)] = StageState::NotRun;
    m_record.reset();
    m_outcome = Outcome::None;
    m_errorCode.clear();
    m_errorMessage.clear();
    m_activity.clear();
    m_shapesDone = 0;
    m_calls = 0;
    m_shapeModel->clear();
    m_buildPage->setRecord(nullptr);
    m_screening->setRecord(nullptr);
    renderScreeningTab();
    m_log->clear();
    m_raw->clear();
    m_progress->hide();
    m_cancel->setEnabled(false);
    refreshChart();
    renderStages();
    renderBanner();
}

VerificationPanel::StageState VerificationPanel::stageState(Stage stage) const {
    return m_states[indexOf(stage)];
}

QString VerificationPanel::bannerText() const {
    return m_banner->text();
}

QString VerificationPanel::logText() const {
    return m_log->toPlainText();
}

QString VerificationPanel::rawOutput() const {
    return m_raw->toPlainText();
}

void VerificationPanel::showChart(Chart chart) {
    m_chartKind->setCurrentIndex(static_cast<int>(chart));
    refreshChart();
}

void VerificationPanel::showProfileTab() {
    m_tabs->setCurrentWidget(m_profile);
}

void VerificationPanel::setStage(Stage stage, StageState state) {
    m_states[indexOf(stage)] = state;
    renderStages();
}

void VerificationPanel::appendLog(const QString& line) {
    const double seconds =
        m_clock.isValid() ? static_cast<double>(m_clock.elapsed()) / 1000.0 : 0.0;
    //: A log line: seconds since the start, then the event
    m_log->appendPlainText(tr("[%1 s] %2").arg(QLocale().toString(seconds, 'f', 1), line));
}

void VerificationPanel::refreshChart() {
    const auto& results = m_shapeModel->results();
    bool timed = false;
    for (const auto& s : results)
        timed = timed || s.timed;
    if (!m_record || !timed) {
        m_chart->showMessage(m_outcome == Outcome::CompileOnly
                                 ? tr("Not timed: there is no CUDA device on this machine.")
                                 : tr("No timings to chart."));
        return;
    }
    switch (static_cast<Chart>(m_chartKind->currentIndex())) {
    case Chart::SpeedupPerShape:
        m_chart->showSpeedupPerShape(speedupChartData(results));
        break;
    case Chart::TimingDistribution:
        m_chart->showTimingDistribution(timingChartData(results));
        break;
    case Chart::Roofline:
        m_chart->showRoofline(rooflineChartData(*m_record, results));
        break;
    }
}

QString VerificationPanel::passedText() const {
    const verification::VerificationRecordData& r = *m_record;
    if (!r.geomeanSpeedup)
        return tr("Passed: correct at every shape (not timed).");
    return tr("Passed: correct at every shape; %1× the baseline (%2), geometric mean.")
        .arg(QLocale().toString(*r.geomeanSpeedup, 'f', 2),
             QString::fromStdString(r.baseline ? r.baseline->label : std::string()));
}

// Findings under any verdict: they never decide it, but a person should see them.
QString VerificationPanel::screeningNote() const {
    const int findings = m_record ? screeningFindingCount(*m_record) : 0;
    if (findings == 0)
        return {};
    return tr("Needs a human: the host-code screen found %n thing(s) a kernel launcher never needs "
              "(see Screening).",
              nullptr, findings);
}

void VerificationPanel::renderBanner() {
    QString text;
    const QString detail = m_record ? QString::fromStdString(m_record->detail) : QString();
    switch (m_outcome) {
    case Outcome::None:
        text = tr("Not verified yet.");
        break;
    case Outcome::Running:
        text = tr("Verifying: %1…").arg(m_activity);
        break;
    case Outcome::Passed:
    case Outcome::NeedsHuman:
        text = passedText();
        break;
    case Outcome::Failed:
        text = tr("Failed: %1. %2").arg(StandingText::verdictSummary(*m_record), detail);
        break;
    case Outcome::SuspectedHack:
        text = tr("Suspected hack: %1. %2")
                   .arg(StandingText::verdictSummary(*m_record), detail)
                   .trimmed() +
               QLatin1Char('\n') +
               tr("Read the code before accepting it: this is not an honest mistake.");
        break;
    case Outcome::CompileOnly: {
        const QString resources = m_buildPage->resourceSummary();
        text =
            tr("Compile-only: the kernel compiled, but nothing was run or timed (%1).").arg(detail);
        if (!resources.isEmpty())
            text += QLatin1Char('\n') + tr("ptxas: %1").arg(resources);
        break;
    }
    case Outcome::Error:
        //: %1 is where the worker runs ("this machine", "gpu-server over ssh"); %2 the reason
        text = tr("Worker error on %1: the verification could not finish, and the kernel was not "
                  "judged. %2")
                   .arg(m_job ? QString::fromStdString(m_job->workerEndpoint().describe())
                              : tr("the worker"),
                        m_errorMessage);
        break;
    case Outcome::Cancelled:
        text = tr("Cancelled.");
        break;
    }
    if (const QString note = screeningNote();
        !note.isEmpty() && m_record && m_outcome != Outcome::Running)
        text = text.trimmed() + QLatin1Char('\n') + note;
    m_banner->setText(text.trimmed());
    m_banner->setStyleSheet(bannerStyle(m_outcome));
}

void VerificationPanel::renderScreeningTab() {
    const int findings = m_screening->findingCount();
    //: The screening tab with its number of findings
    m_tabs->setTabText(m_tabs->indexOf(m_screening),
                       findings > 0 ? tr("Scr&eening (%1)").arg(findings) : tr("Scr&eening"));
}

void VerificationPanel::renderStages() {
    for (Stage stage : kStages) {
        const StageState state = m_states[indexOf(stage)];
        QListWidgetItem* item = m_stages->item(indexOf(stage));
        //: A verification stage and its state, e.g. "Build: passed"
        item->setText(tr("%1: %2").arg(stageName(stage), stateName(state)));
        QStyle::StandardPixmap icon = QStyle::SP_MediaStop;
        switch (state) {
        case StageState::Running:
            icon = QStyle::SP_BrowserReload;
            break;
        case StageState::Passed:
            icon = QStyle::SP_DialogApplyButton;
            break;
        case StageState::Failed:
            icon = QStyle::SP_DialogCancelButton;
            break;
        case StageState::Cancelled:
        case StageState::Skipped:
        case StageState::NotRun:
            icon = QStyle::SP_MediaStop;
            break;
        }
        item->setIcon(style()->standardIcon(icon));
    }
}

void VerificationPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

QString VerificationPanel::stageName(Stage stage) const {
    switch (stage) {
    case Stage::Build:
        return tr("Build");
    case Stage::Correctness:
        return tr("Correctness");
    case Stage::Benchmark:
        return tr("Benchmark");
    }
    return {};
}

QString VerificationPanel::stateName(StageState state) const {
    switch (state) {
    case StageState::NotRun:
        return tr("not run");
    case StageState::Running:
        return tr("running");
    case StageState::Passed:
        return tr("passed");
    case StageState::Failed:
        return tr("failed");
    case StageState::Skipped:
        return tr("skipped");
    case StageState::Cancelled:
        return tr("cancelled");
    }
    return {};
}

void VerificationPanel::retranslateUi() {
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the verification; the worker process is ended"));
    m_tabs->setTabText(m_tabs->indexOf(m_shapes), tr("&Shapes"));
    m_tabs->setTabText(m_tabs->indexOf(m_chartPage), tr("&Charts"));
    m_tabs->setTabText(m_tabs->indexOf(m_buildPage), tr("&Build"));
    renderScreeningTab();
    m_tabs->setTabText(m_tabs->indexOf(m_profile), tr("Prof&ile"));
    m_tabs->setTabText(m_tabs->indexOf(m_log), tr("&Log"));
    m_tabs->setTabText(m_tabs->indexOf(m_raw), tr("Ra&w output"));
    m_chartKind->setItemText(static_cast<int>(Chart::SpeedupPerShape), tr("Speedup per shape"));
    m_chartKind->setItemText(static_cast<int>(Chart::TimingDistribution),
                             tr("Timing distribution (baseline and candidate)"));
    m_chartKind->setItemText(static_cast<int>(Chart::Roofline), tr("Roofline"));
    m_saveChart->setText(tr("Save chart…"));
    m_shapes->setAccessibleName(tr("Per-shape results"));
    m_log->setAccessibleName(tr("Verification log"));
    m_raw->setAccessibleName(tr("The worker's raw output"));
    renderStages();
    renderBanner();
    refreshChart();
}

} // namespace kwb::ui
