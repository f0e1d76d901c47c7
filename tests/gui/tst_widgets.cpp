// ChartWidget (every chart kind rendered offscreen to PNG and SVG, the statistics behind the
// box plots and histograms) and ReviewBar (its keys, note, tags, progress and undo).
#include <QImage>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <functional>

#include "ui/widgets/chart_data.h"
#include "ui/widgets/chart_widget.h"
#include "ui/widgets/review_bar.h"

using kwb::ui::ChartWidget;
using kwb::ui::ReviewBar;

namespace {

// How many pixels differ from the background: a chart with data draws a lot of them.
int inkedPixels(const QImage& image) {
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    int inked = 0;
    for (int y = 0; y < rgb.height(); y += 2)
        for (int x = 0; x < rgb.width(); x += 2)
            if (rgb.pixel(x, y) != qRgb(255, 255, 255))
                ++inked;
    return inked;
}

// Distinct colours: the bars, boxes and points bring their own.
int colourCount(const QImage& image) {
    QSet<QRgb> colours;
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < rgb.height(); y += 3)
        for (int x = 0; x < rgb.width(); x += 3)
            colours.insert(rgb.pixel(x, y));
    return int(colours.size());
}

using Drawer = std::function<void(ChartWidget&)>;

} // namespace

Q_DECLARE_METATYPE(Drawer)

class TestWidgets : public QObject {
    Q_OBJECT

private slots:
    void histogramBins();
    void boxSummary();
    void chartsRender_data();
    void chartsRender();
    void chartWithoutDataSaysWhy();
    void reviewBarKeys();
    void reviewBarLetterKeysTypeInTextFields();
};

void TestWidgets::histogramBins() {
    const auto h = kwb::ui::makeHistogram({0.5, 1.0, 1.0, 1.5, 2.5, qQNaN()}, 4);
    QCOMPARE(h.counts.size(), 4);
    QCOMPARE(h.edges.size(), 5);
    QCOMPARE(h.edges.first(), 0.5);
    QCOMPARE(h.edges.last(), 2.5);
    QCOMPARE(h.counts, (QVector<int>{1, 2, 1, 1})); // 2.5 falls in the last bin; NaN nowhere
    const auto single = kwb::ui::makeHistogram({3.0, 3.0}, 5);
    QCOMPARE(std::accumulate(single.counts.begin(), single.counts.end(), 0), 2);
    QVERIFY(kwb::ui::makeHistogram({}, 5).counts.isEmpty());
}

void TestWidgets::boxSummary() {
    const auto b = kwb::ui::summarize({1, 2, 3, 4, 5, 6, 7, 8, 9, 100});
    QCOMPARE(b.median, 5.5);
    QCOMPARE(b.q1, 3.25);
    QCOMPARE(b.q3, 7.75);
    QCOMPARE(b.lower, 1.0);
    QCOMPARE(b.upper, 9.0); // 100 is an outlier: beyond Q3 + 1.5 IQR
    const auto one = kwb::ui::summarize({2.0});
    QCOMPARE(one.lower, 2.0);
    QCOMPARE(one.upper, 2.0);
}

void TestWidgets::chartsRender_data() {
    QTest::addColumn<Drawer>("draw");
    QTest::addColumn<int>("kind");
    QTest::newRow("speedup per shape") << Drawer([](ChartWidget& c) {
        c.showSpeedupPerShape(
            {{QStringLiteral("large"), QStringLiteral("odd"), QStringLiteral("small")},
             {1.31, 0.87, 2.05}});
    }) << int(ChartWidget::Kind::SpeedupPerShape);
    QTest::newRow("timing box plot") << Drawer([](ChartWidget& c) {
        kwb::ui::TimingChartData d;
        d.shapes.append(
            {QStringLiteral("large"), {101, 102, 99, 103, 100, 130}, {80, 82, 79, 81, 84, 80}});
        d.shapes.append({QStringLiteral("odd"), {21, 22, 21.5, 20.8}, {25, 24, 26, 25.5}});
        c.showTimingDistribution(d);
    }) << int(ChartWidget::Kind::TimingDistribution);
    QTest::newRow("roofline") << Drawer([](ChartWidget& c) {
        kwb::ui::RooflineChartData d;
        d.device = QStringLiteral("Example GPU");
        d.peakTflops = 51.0;
        d.bandwidthGBps = 4000.0;
        d.points = {{QStringLiteral("large"), 682.0, 12.3}, {QStringLiteral("small"), 2.1, 0.02}};
        c.showRoofline(d);
    }) << int(ChartWidget::Kind::Roofline);
    QTest::newRow("speedup histogram") << Drawer([](ChartWidget& c) {
        c.showSpeedupHistogram({{0.4, 0.8, 0.9, 1.0, 1.1, 1.2, 1.25, 1.4, 1.9, 2.6, 3.1}, 8});
    }) << int(ChartWidget::Kind::SpeedupHistogram);
    QTest::newRow("accept rate") << Drawer([](ChartWidget& c) {
        c.showAcceptRate(
            {{QStringLiteral("model-a"), QStringLiteral("model-b")}, {12, 3}, {19, 11}});
    }) << int(ChartWidget::Kind::AcceptRate);
}

void TestWidgets::chartsRender() {
    QFETCH(Drawer, draw);
    QFETCH(int, kind);
    ChartWidget chart;
    chart.resize(800, 500);
    draw(chart);
    QCOMPARE(int(chart.kind()), kind);
    QVERIFY(chart.seriesCount() >= 1);
    QVERIFY(!chart.title().isEmpty());

    // Hidden, at an explicit size: an export must not depend on the widget being on screen.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString png = dir.filePath(QStringLiteral("chart.png"));
    QVERIFY(chart.savePng(png, QSize(640, 400)));
    const QImage image(png);
    QCOMPARE(image.size(), QSize(640, 400));
    QVERIFY2(inkedPixels(image) > 2000, qPrintable(QString::number(inkedPixels(image))));
    QVERIFY2(colourCount(image) > 8, qPrintable(QString::number(colourCount(image))));

    // Shown: the same chart from the widget as the user sees it.
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QVERIFY(inkedPixels(chart.toImage()) > 2000);

    const QString svg = dir.filePath(QStringLiteral("chart.svg"));
    QVERIFY(chart.saveSvg(svg, QSize(640, 400)));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.startsWith("<?xml"));
    QVERIFY(text.contains("<svg"));
    QVERIFY2(text.size() > 4000, QByteArray::number(text.size()).constData());
}

void TestWidgets::chartWithoutDataSaysWhy() {
    ChartWidget chart;
    chart.showRoofline({}); // no ceilings measured
    QCOMPARE(chart.kind(), ChartWidget::Kind::Empty);
    QVERIFY(chart.message().contains(QLatin1String("ceilings")));
    chart.showSpeedupHistogram({});
    QCOMPARE(chart.kind(), ChartWidget::Kind::Empty);
    QVERIFY(!chart.message().isEmpty());
    QTemporaryDir dir;
    QVERIFY(chart.savePng(dir.filePath(QStringLiteral("empty.png")), QSize(300, 200)));
}

void TestWidgets::reviewBarKeys() {
    QWidget window;
    auto* list = new QTreeWidget(&window); // a focusable neighbour, as the sample list will be
    auto* bar = new ReviewBar(&window);
    auto* layout = new QVBoxLayout(&window);
    layout->addWidget(list);
    layout->addWidget(bar);
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    list->setFocus();
    QTRY_VERIFY(list->hasFocus());

    QSignalSpy verdicts(bar, &ReviewBar::verdictRequested);
    QSignalSpy next(bar, &ReviewBar::nextRequested);
    QSignalSpy previous(bar, &ReviewBar::previousRequested);
    QSignalSpy undo(bar, &ReviewBar::undoRequested);
    // A button's shortcut clicks it with animateClick(): clicked() comes ~100 ms later, so
    // presses that must do nothing are judged after a pause longer than that.
    constexpr int kClickSettleMs = 300;

    // No sample: verdict keys do nothing, moving works, undo waits until there is something.
    QTest::keyClick(list, Qt::Key_A);
    QTest::keyClick(list, Qt::Key_Z, Qt::ControlModifier);
    QTest::qWait(kClickSettleMs);
    QCOMPARE(verdicts.count(), 0);
    QCOMPARE(undo.count(), 0);
    QTest::keyClick(list, Qt::Key_J);
    QTRY_COMPARE(next.count(), 1);
    QTest::keyClick(list, Qt::Key_K);
    QTRY_COMPARE(previous.count(), 1);

    bar->setSample(true, QStringLiteral("earlier note"), {QStringLiteral("old")});
    bar->setProgress(36, 120);
    QCOMPARE(bar->progressText(), QStringLiteral("Reviewed 36 of 120"));
    QCOMPARE(bar->note(), QStringLiteral("earlier note"));
    QCOMPARE(bar->tags(), QStringList{QStringLiteral("old")});

    auto* tags = bar->findChild<QLineEdit*>(QStringLiteral("reviewTags"));
    tags->setText(QStringLiteral(" fast , clean,, fast "));
    QCOMPARE(bar->tags(), (QStringList{QStringLiteral("fast"), QStringLiteral("clean")}));

    list->setFocus();
    QTRY_VERIFY(list->hasFocus());
    QTest::keyClick(list, Qt::Key_A);
    QTRY_COMPARE(verdicts.count(), 1);
    QCOMPARE(verdicts.at(0).at(0).value<ReviewBar::Verdict>(), ReviewBar::Verdict::Accept);
    QCOMPARE(verdicts.at(0).at(1).toString(), QStringLiteral("earlier note"));
    QCOMPARE(verdicts.at(0).at(2).toStringList(),
             (QStringList{QStringLiteral("fast"), QStringLiteral("clean")}));
    QTest::keyClick(list, Qt::Key_R);
    QTRY_COMPARE(verdicts.count(), 2);
    QCOMPARE(verdicts.at(1).at(0).value<ReviewBar::Verdict>(), ReviewBar::Verdict::Reject);
    QTest::keyClick(list, Qt::Key_N);
    QTRY_COMPARE(verdicts.count(), 3);
    QCOMPARE(verdicts.at(2).at(0).value<ReviewBar::Verdict>(), ReviewBar::Verdict::NeedsWork);

    bar->setUndoAvailable(true);
    QTest::keyClick(list, Qt::Key_Z, Qt::ControlModifier);
    QTRY_COMPARE(undo.count(), 1);
    bar->setProgress(37, 120);
    QCOMPARE(bar->progressText(), QStringLiteral("Reviewed 37 of 120"));

    bar->setSample(false);
    QTest::keyClick(list, Qt::Key_A);
    QTest::qWait(kClickSettleMs);
    QCOMPARE(verdicts.count(), 3);
}

void TestWidgets::reviewBarLetterKeysTypeInTextFields() {
    QWidget window;
    auto* bar = new ReviewBar(&window);
    auto* layout = new QVBoxLayout(&window);
    layout->addWidget(bar);
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    bar->setSample(true);
    bar->setUndoAvailable(true);
    QSignalSpy verdicts(bar, &ReviewBar::verdictRequested);
    QSignalSpy moves(bar, &ReviewBar::nextRequested);
    QSignalSpy undo(bar, &ReviewBar::undoRequested);
    auto* note = bar->findChild<QLineEdit*>(QStringLiteral("reviewNote"));
    note->setFocus();
    QTRY_VERIFY(note->hasFocus());
    QTest::keyClicks(note, QStringLiteral("jank"));
    QTest::keyClick(note, Qt::Key_Z, Qt::ControlModifier); // the field's own undo
    QTest::qWait(300);
    QCOMPARE(verdicts.count(), 0);
    QCOMPARE(moves.count(), 0);
    QCOMPARE(undo.count(), 0);
    QVERIFY(note->text() != QStringLiteral("jank")); // undone by the field
    // A mouse click still works with the note's text.
    note->setText(QStringLiteral("needs a tail loop"));
    QTest::mouseClick(bar->findChild<QPushButton*>(QStringLiteral("needsWorkButton")),
                      Qt::LeftButton);
    QCOMPARE(verdicts.count(), 1);
    QCOMPARE(verdicts.at(0).at(1).toString(), QStringLiteral("needs a tail loop"));
}

QTEST_MAIN(TestWidgets)
#include "tst_widgets.moc"
