// The window a reviewer lives in, on a real project file (the demo project in a temporary folder):
// at 1280×720 the kernel editor has the room, and no header or state text of the sample list is cut
// off in English, Spanish or Polish (the widths are measured with the fonts the window uses);
// splitters and column widths survive a restart; the dialogs' standard buttons speak the window's
// language. The status bar names the worker: a remote worker that cannot be reached is a worker
// error there, not "No CUDA device". Help: the welcome comes once, F1 lists the shortcuts (the
// review keys included), the Help menu shows README sections. Projects from the window: New makes
// an empty project current (kwb follows it), Open Recent lists it, and Import adds a JSONL file's
// samples to the list.
#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTranslator>
#include <QTreeView>
#include <memory>

#include "core/store/demo_project.h"
#include "core/store/project_store.h"
#include "gui_fixtures.h"
#include "ui/models/sample_list_model.h"
#include "ui/models/workbench_settings.h"
#include "ui/widgets/code_editor.h"
#include "ui/widgets/gpu_status_label.h"
#include "ui/widgets/notice_bar.h"
#include "ui/widgets/sample_list_view.h"
#include "ui/windows/help_dialogs.h"
#include "ui/windows/main_window.h"
#include "ui/windows/project_actions.h"
#include "ui/windows/review_controller.h"
#include "ui/windows/settings_dialog.h"

using namespace kwb;
using namespace kwb::ui;

namespace {

constexpr int kDeadlineMs = 15000;

// Opens `project` (created with the demo samples when missing) in a new window of the given
// size; null when it does not open in time.
std::unique_ptr<MainWindow> openWindow(const QString& project, QSize size = {}) {
    if (!QFile::exists(project) && !createDemoProject(project.toStdString()))
        return nullptr;
    auto window = std::make_unique<MainWindow>();
    if (size.isValid())
        window->resize(size);
    QSignalSpy opened(window.get(), &MainWindow::projectOpened);
    window->openProject(project);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()) ||
        !QTest::qWaitFor(
            [&] { return opened.count() > 0 && window->reviewController()->currentSample(); },
            kDeadlineMs))
        return nullptr;
    return window;
}

QTableView* sampleTable(const MainWindow& window) {
    return window.findChild<QTableView*>(QStringLiteral("sampleTable"));
}

// Every header and loaded cell text of the table's visible, fixed-width columns that does not
// fit its column, as "column 'text' (needs N, has M)".
QStringList cutOffTexts(QTableView* table) {
    QStringList out;
    QAbstractItemModel* model = table->model();
    QHeaderView* header = table->horizontalHeader();
    const QStyle* style = table->style();
    const int headerExtra = style->pixelMetric(QStyle::PM_HeaderMarkSize, nullptr, header) +
                            4 * style->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    const int margin = 2 * (style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1);
    const int icon = table->iconSize().isValid() ? table->iconSize().width()
                                                 : style->pixelMetric(QStyle::PM_SmallIconSize) + 4;
    for (int column = 0; column < model->columnCount(); ++column) {
        if (table->isColumnHidden(column) ||
            header->sectionResizeMode(column) == QHeaderView::Stretch)
            continue;
        const int has = header->sectionSize(column);
        const QString title = model->headerData(column, Qt::Horizontal).toString();
        const int titleNeeds = header->fontMetrics().horizontalAdvance(title) + headerExtra;
        if (titleNeeds > has)
            out << QStringLiteral("header '%1' (needs %2, has %3)")
                       .arg(title)
                       .arg(titleNeeds)
                       .arg(has);
        for (int row = 0; row < model->rowCount(); ++row) {
            const QModelIndex index = model->index(row, column);
            const QString text = index.data().toString();
            int needs = table->fontMetrics().horizontalAdvance(text) + margin;
            if (!index.data(Qt::DecorationRole).isNull())
                needs += icon;
            if (needs > has)
                out << QStringLiteral("%1 '%2' (needs %3, has %4)")
                           .arg(title, text)
                           .arg(needs)
                           .arg(has);
        }
    }
    return out;
}

} // namespace

class TestReviewerWindow : public QObject {
    Q_OBJECT

private slots:
    void init();
    void editorHasTheRoomAt1280x720();
    void noTextCutOffInThreeLanguages();
    void layoutSurvivesARestart();
    void dialogButtonsAreTranslated();
    void unreachableRemoteWorkerIsAWorkerError();
    void settingsTestConnection();
    void welcomeOnceShortcutsAndReadme();
    void newRecentAndImportFromTheWindow();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_project;
};

void TestReviewerWindow::init() {
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    kwbtest::useScratchFolders(QDir(m_dir->path()));
    m_project = m_dir->filePath(QStringLiteral("layout.kwbproj"));
}

// At 1280×720 the editor shows most of a kernel; the lower panels keep a strip and fold away
// (Ctrl+J), which gives the editor their room.
void TestReviewerWindow::editorHasTheRoomAt1280x720() {
    auto window = openWindow(m_project, QSize(1280, 720));
    QVERIFY(window);
    CodeEditor* editor = window->kernelEditor();
    QTRY_VERIFY2(editor->visibleLineCount() >= 20,
                 qPrintable(QString::number(editor->visibleLineCount())));
    const int shown = editor->visibleLineCount();
    auto* toggle = window->findChild<QAction*>(QStringLiteral("togglePanelsAction"));
    QVERIFY(toggle && toggle->isChecked());
    toggle->trigger();
    QVERIFY(!toggle->isChecked());
    QTRY_VERIFY(editor->visibleLineCount() > shown + 5);
    toggle->trigger(); // back as a strip: the editor keeps most of the room
    QVERIFY(toggle->isChecked());
    QTRY_VERIFY2(editor->visibleLineCount() >= 20 && editor->visibleLineCount() <= shown + 5,
                 qPrintable(QString::number(editor->visibleLineCount())));
}

// The sample list's headers, state texts and sample names fit their columns in English, Spanish
// and Polish at 1280×720 with every task listed, with samples in every review and verification
// state the demo holds.
void TestReviewerWindow::noTextCutOffInThreeLanguages() {
    {
        auto store = ProjectStore::open(m_project.toStdString());
        if (!store) {
            QVERIFY(createDemoProject(m_project.toStdString()));
            store = ProjectStore::open(m_project.toStdString());
        }
        QVERIFY(store);
        auto page = (*store)->listSamples({}, PageRequest{8, 0, SampleOrder::OldestFirst});
        QVERIFY(page && page->rows.size() == 8);
        const Verdict verdicts[] = {Verdict::Accepted, Verdict::Rejected, Verdict::NeedsWork};
        for (int i = 0; i < 3; ++i)
            QVERIFY((*store)->review(page->rows[std::size_t(i)].id, verdicts[i], "layout"));
    }
    auto window = openWindow(m_project, QSize(1280, 720));
    QVERIFY(window);
    QTableView* table = sampleTable(*window);
    QVERIFY(table);
    QTRY_VERIFY(table->model()->rowCount() > 0);
    for (const char* lang : {"en", "es", "pl"}) {
        QTranslator translator;
        const bool english = QLatin1String(lang) == QLatin1String("en");
        if (!english) {
            QVERIFY(translator.load(
                QStringLiteral(KWB_QM_DIR "/kernel-workbench_%1.qm").arg(QLatin1String(lang))));
            QVERIFY(QCoreApplication::installTranslator(&translator));
        }
        QApplication::processEvents();
        QTest::qWait(50);
        // The sample's name is judged too (it does not stretch into "…"), and it stands beside
        // the state: its id is on screen where the list scrolls sideways.
        QHeaderView* header = table->horizontalHeader();
        QVERIFY(header->sectionResizeMode(SampleListModel::SampleColumn) != QHeaderView::Stretch);
        QCOMPARE(header->visualIndex(SampleListModel::SampleColumn), 1);
        const int idWidth = table->fontMetrics().horizontalAdvance(QStringLiteral("#000 ")) + 8;
        QVERIFY2(table->columnViewportPosition(SampleListModel::SampleColumn) >= 0 &&
                     table->columnViewportPosition(SampleListModel::SampleColumn) + idWidth <=
                         table->viewport()->width(),
                 qPrintable(QStringLiteral("%1 at %2 + %3, viewport %4, state %5")
                                .arg(QLatin1String(lang))
                                .arg(table->columnViewportPosition(SampleListModel::SampleColumn))
                                .arg(header->sectionSize(SampleListModel::SampleColumn))
                                .arg(table->viewport()->width())
                                .arg(header->sectionSize(SampleListModel::StateColumn))));
        // The task browser's names likewise: its name column is as wide as the widest name shown.
        auto* tree = window->findChild<QTreeView*>(QStringLiteral("taskTree"));
        QVERIFY(tree);
        // Each name shown: where its cell starts (after the indentation) and its text.
        const int has = tree->header()->sectionSize(0);
        int needs = 0;
        for (QModelIndex i = tree->model()->index(0, 0); i.isValid(); i = tree->indexBelow(i))
            needs = std::max(needs, tree->visualRect(i).left() + tree->header()->offset() +
                                        tree->fontMetrics().horizontalAdvance(i.data().toString()));
        QVERIFY2(has >= needs, qPrintable(QStringLiteral("%1: task names need %2, have %3")
                                              .arg(QLatin1String(lang))
                                              .arg(needs)
                                              .arg(has)));
        const QStringList cut = cutOffTexts(table);
        QVERIFY2(cut.isEmpty(), qPrintable(QStringLiteral("%1: %2").arg(
                                    QLatin1String(lang), cut.join(QStringLiteral("; ")))));
        if (!english)
            QVERIFY(QCoreApplication::removeTranslator(&translator));
    }
}

// Splitter positions, a folded panel and the list's column widths come back after a restart.
void TestReviewerWindow::layoutSurvivesARestart() {
    QList<int> mainSizes;
    int modelWidth = 0;
    {
        auto window = openWindow(m_project, QSize(1280, 720));
        QVERIFY(window);
        auto* main = window->findChild<QSplitter*>(QStringLiteral("reviewPage"));
        QVERIFY(main);
        main->setSizes({180, 560, 540});
        mainSizes = main->sizes();
        window->findChild<QAction*>(QStringLiteral("togglePanelsAction"))->trigger();
        QHeaderView* header = sampleTable(*window)->horizontalHeader();
        modelWidth = header->sectionSize(SampleListModel::ModelColumn) + 37;
        header->resizeSection(SampleListModel::ModelColumn, modelWidth);
        QVERIFY(window->close());
    }
    auto window = openWindow(m_project);
    QVERIFY(window);
    QCOMPARE(window->size(), QSize(1280, 720));
    QCOMPARE(window->findChild<QSplitter*>(QStringLiteral("reviewPage"))->sizes(), mainSizes);
    QCOMPARE(window->findChild<QSplitter*>(QStringLiteral("editorSplit"))->sizes().value(1), 0);
    QVERIFY(!window->findChild<QAction*>(QStringLiteral("togglePanelsAction"))->isChecked());
    QCOMPARE(sampleTable(*window)->horizontalHeader()->sectionSize(SampleListModel::ModelColumn),
             modelWidth);
}

// Save and Cancel of the settings say so in Spanish too, whether or not Qt's own catalogues
// are installed.
void TestReviewerWindow::dialogButtonsAreTranslated() {
    QTranslator spanish;
    QVERIFY(spanish.load(QStringLiteral(KWB_QM_DIR "/kernel-workbench_es.qm")));
    QVERIFY(QCoreApplication::installTranslator(&spanish));
    SettingsDialog dialog(nullptr);
    auto* buttons = dialog.findChild<QDialogButtonBox*>();
    QVERIFY(buttons);
    const QString save = buttons->button(QDialogButtonBox::Save)->text();
    const QString cancel = buttons->button(QDialogButtonBox::Cancel)->text();
    QCOMPARE(save, QCoreApplication::translate("kwb::ui::SettingsDialog", "&Save"));
    QCOMPARE(cancel, QCoreApplication::translate("kwb::ui::SettingsDialog", "&Cancel"));
    QVERIFY2(save != QStringLiteral("&Save") && cancel != QStringLiteral("&Cancel"),
             qPrintable(save + QLatin1Char('/') + cancel));
    QVERIFY(QCoreApplication::removeTranslator(&spanish));
}

// An ssh worker on a host that does not resolve: the status bar names the worker and says it
// did not answer; it never says "No CUDA device: compile-only" as if the GPU were missing.
void TestReviewerWindow::unreachableRemoteWorkerIsAWorkerError() {
    qputenv("KWB_CACHE_DIR", QFile::encodeName(m_dir->filePath(QStringLiteral("cache"))));
    WorkbenchSettings settings = WorkbenchSettings::load();
    const WorkbenchSettings original = settings;
    settings.workerHost = QStringLiteral("kwb-unreachable.invalid");
    settings.save();
    struct Restore {
        const WorkbenchSettings& s;
        ~Restore() { s.save(); }
    } restore{original};
    MainWindow window;
    auto* label = window.findChild<GpuStatusLabel*>(QStringLiteral("gpuStatusLabel"));
    QVERIFY(label);
    QVERIFY(QTest::qWaitFor([&] { return window.isDeviceProbeSettled(); }, 60000));
    QVERIFY(label->workerFailed());
    QVERIFY2(label->text().contains(QLatin1String("kwb-unreachable.invalid")),
             qPrintable(label->text()));
    QVERIFY(!label->text().contains(QLatin1String("No CUDA device")));
    QVERIFY(!label->toolTip().isEmpty()); // ssh's own words
    // It needs action: it stays above the views until dismissed.
    NoticeBar* notices = window.noticeBar();
    QVERIFY(notices->isVisibleTo(&window));
    QVERIFY2(notices->text().contains(QLatin1String("kwb-unreachable.invalid")),
             qPrintable(notices->text()));
    QTest::qWait(200);
    QVERIFY(notices->isVisibleTo(&window));
    notices->findChild<QToolButton*>(QStringLiteral("dismissNotice"))->click();
    QVERIFY(!notices->isVisibleTo(&window));
}

// Settings › Verification › Test connection asks the worker typed in, without saving, and
// says what it found: here an ssh host that does not resolve.
void TestReviewerWindow::settingsTestConnection() {
    qputenv("KWB_CACHE_DIR", QFile::encodeName(m_dir->filePath(QStringLiteral("cache"))));
    SettingsDialog dialog(nullptr);
    auto* remote = dialog.findChild<QRadioButton*>(QStringLiteral("workerRemote"));
    auto* host = dialog.findChild<QLineEdit*>(QStringLiteral("workerHost"));
    QVERIFY(remote && host);
    remote->setChecked(true);
    host->setText(QStringLiteral("kwb-unreachable.invalid"));
    QSignalSpy tested(&dialog, &SettingsDialog::connectionTested);
    dialog.findChild<QPushButton*>(QStringLiteral("testConnection"))->click();
    QVERIFY(tested.wait(60000));
    QCOMPARE(tested.first().at(0).toBool(), false);
    QVERIFY2(dialog.connectionResult().contains(QLatin1String("kwb-unreachable.invalid")) &&
                 dialog.connectionResult().contains(QLatin1String("did not answer")),
             qPrintable(dialog.connectionResult()));
    QVERIFY(WorkbenchSettings::load().workerHost != QStringLiteral("kwb-unreachable.invalid"));
}

void TestReviewerWindow::welcomeOnceShortcutsAndReadme() {
    auto window = openWindow(m_project);
    QVERIFY(window);
    window->showWelcomeIfFirstStart();
    WelcomeDialog* welcome = nullptr;
    QTRY_VERIFY((welcome = window->findChild<WelcomeDialog*>()) && welcome->isVisible());
    QVERIFY(welcome->text().contains(QLatin1String("demo project")));
    QVERIFY(welcome->text().contains(QLatin1String("Settings")));
    welcome->accept();
    QTRY_VERIFY(!window->findChild<WelcomeDialog*>());
    window->showWelcomeIfFirstStart(); // the second start: no welcome
    QTest::qWait(100);
    QVERIFY(!window->findChild<WelcomeDialog*>());

    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    sampleTable(*window)->setFocus();
    QTest::keyClick(sampleTable(*window), Qt::Key_F1);
    ShortcutsSheet* sheet = nullptr;
    QTRY_VERIFY((sheet = window->findChild<ShortcutsSheet*>()) && sheet->isVisible());
    const QString rows = sheet->rows().join(QLatin1Char('\n'));
    for (const QString& expected :
         {QStringLiteral("Accept this sample into the training set (A)\tA"),
          QStringLiteral("The previous unreviewed sample (K)\tK"), QStringLiteral("Verify\tF5"),
          QStringLiteral("Keyboard shortcuts\tF1, ?")})
        QVERIFY2(rows.contains(expected),
                 qPrintable(expected + QStringLiteral(" not in\n") + rows));
    sheet->reject();

    auto* topic = window->findChild<QAction*>(QStringLiteral("helpWindowAction"));
    QVERIFY(topic);
    topic->trigger();
    HelpViewer* viewer = nullptr;
    QTRY_VERIFY((viewer = window->findChild<HelpViewer*>()) && viewer->isVisible());
    QVERIFY(viewer->plainText().startsWith(QLatin1String("The workbench window")));
    QVERIFY(viewer->plainText().contains(QLatin1String("Keys: A accept")));
    QVERIFY(!viewer->plainText().contains(QLatin1String("The worker: `kwb-runner`")));
}

void TestReviewerWindow::newRecentAndImportFromTheWindow() {
    auto window = openWindow(m_project);
    QVERIFY(window);
    const QString fresh = m_dir->filePath(QStringLiteral("fresh.kwbproj"));
    QSignalSpy opened(window.get(), &MainWindow::projectOpened);
    window->projectActions()->createProject(fresh);
    QVERIFY(QTest::qWaitFor([&] { return opened.count() > 0; }, kDeadlineMs));
    QCOMPARE(QFileInfo(opened.last().at(0).toString()).canonicalFilePath(),
             QFileInfo(fresh).canonicalFilePath());
    QCOMPARE(QFileInfo(QString::fromStdString(currentProjectPath().string())).canonicalFilePath(),
             QFileInfo(fresh).canonicalFilePath());
    QCOMPARE(sampleTable(*window)->model()->rowCount(), 0);
    const QStringList recent = ProjectActions::recentProjects();
    QVERIFY(recent.size() >= 2);
    QCOMPARE(QFileInfo(recent.first()).canonicalFilePath(), QFileInfo(fresh).canonicalFilePath());
    QCOMPARE(QFileInfo(recent.at(1)).canonicalFilePath(), QFileInfo(m_project).canonicalFilePath());

    const QString jsonl = m_dir->filePath(QStringLiteral("two.jsonl"));
    {
        QFile file(jsonl);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"task": "sgemm-f32", "source": "__global__ void a() {}\n", "model": "m1"}
{"task": "sgemm-f32", "source": "__global__ void b() {}\n", "model": "m1"}
)");
    }
    QSignalSpy imported(window->projectActions(), &ProjectActions::imported);
    window->projectActions()->importJsonl(jsonl);
    QTRY_COMPARE(imported.count(), 1);
    QCOMPARE(imported.first().at(0).toInt(), 2);
    QTRY_COMPARE(sampleTable(*window)->model()->rowCount(), 2);
    auto store = ProjectStore::open(fresh.toStdString());
    QVERIFY(store);
    QCOMPARE((*store)->info()->samples, std::int64_t(2));
}

QTEST_MAIN(TestReviewerWindow)
#include "tst_reviewer_window.moc"
