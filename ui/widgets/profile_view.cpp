#include "ui/widgets/profile_view.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableWidget>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QVBoxLayout>
#include <cmath>

#include "ui/widgets/chart_widget.h"

namespace kwb::ui {

namespace {

namespace v = verification;

// profileRows' figure names, for lupdate: the table shows them through tr().
[[maybe_unused]] const char* const kFigureNames[] = {
    QT_TRANSLATE_NOOP("kwb::ui::ProfileView", "Duration"),
    QT_TRANSLATE_NOOP("kwb::ui::ProfileView", "Kernels"),
    QT_TRANSLATE_NOOP("kwb::ui::ProfileView", "SM throughput"),
    QT_TRANSLATE_NOOP("kwb::ui::ProfileView", "Memory throughput"),
    QT_TRANSLATE_NOOP("kwb::ui::ProfileView", "Achieved occupancy"),
    QT_TRANSLATE_NOOP("kwb::ui::ProfileView", "Theoretical occupancy"),
    QT_TRANSLATE_NOOP("kwb::ui::ProfileView", "Registers per thread"),
    QT_TRANSLATE_NOOP("kwb::ui::ProfileView", "Shared memory per block"),
    QT_TRANSLATE_NOOP("kwb::ui::ProfileView", "L1 hit rate"),
    QT_TRANSLATE_NOOP("kwb::ui::ProfileView", "L2 hit rate"),
    QT_TRANSLATE_NOOP("kwb::ui::ProfileView", "DRAM traffic"),
    QT_TRANSLATE_NOOP("kwb::ui::ProfileView", "Arithmetic intensity"),
    QT_TRANSLATE_NOOP("kwb::ui::ProfileView", "Achieved rate"),
};

const QColor kDiffers(0xff, 0xee, 0xc2);
constexpr int kMaxKernelName = 90;

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

// A figure as the table shows it: two decimals below 10, one above, none for whole counts.
QString figureText(const std::optional<double>& value, const std::string& unit) {
    if (!value)
        return QStringLiteral("–");
    const double x = *value;
    const int decimals =
        unit.empty() && x == std::round(x) ? 0 : (x != 0 && std::abs(x) < 10 ? 2 : 1);
    const QString number = QLocale().toString(x, 'f', decimals);
    if (unit.empty() || unit == "%")
        return number + qs(unit);
    return number + QLatin1Char(' ') + (unit == "us" ? QStringLiteral("µs") : qs(unit));
}

} // namespace

std::vector<v::HotLine> candidateHotLines(const v::ProfileReport& report,
                                          const std::string& fileName) {
    std::vector<v::HotLine> out;
    if (const v::ProfileSide* side = report.side("candidate"))
        for (const auto& h : side->hotLines)
            if (h.file == fileName && h.line > 0)
                out.push_back(h);
    return out;
}

StallChartData stallChartData(const v::ProfileReport& report, const QString& candidateLabel,
                              const QString& baselineLabel) {
    StallChartData out;
    const v::ProfiledKernel* kernels[2] = {nullptr, nullptr};
    const char* targets[2] = {"candidate", "baseline"};
    for (int i = 0; i < 2; ++i)
        if (const v::ProfileSide* side = report.side(targets[i]))
            kernels[i] = v::longestKernel(*side);
    for (const v::ProfiledKernel* k : kernels)
        if (k)
            for (const auto& [reason, cycles] : k->topStalls)
                if (!out.reasons.contains(qs(reason)))
                    out.reasons.append(qs(reason));
    const QString labels[2] = {candidateLabel, baselineLabel};
    for (int i = 0; i < 2; ++i) {
        StallChartData::Side side{labels[i], QVector<double>(out.reasons.size(), 0.0)};
        if (kernels[i])
            for (const auto& [reason, cycles] : kernels[i]->topStalls)
                side.cycles[out.reasons.indexOf(qs(reason))] = cycles;
        out.sides.append(side);
    }
    return out;
}

ProfileView::ProfileView(QWidget* parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_button(new QPushButton(this)),
      m_pages(new QStackedWidget(this)), m_empty(new QLabel(m_pages)),
      m_content(new QWidget(m_pages)), m_table(new QTableWidget(m_content)),
      m_legend(new QLabel(m_content)), m_details(new QTreeWidget(m_content)),
      m_charts(new QTabWidget(m_content)), m_roofline(new ChartWidget(m_charts)),
      m_stalls(new ChartWidget(m_charts)) {
    setObjectName(QStringLiteral("profileView"));
    m_summary->setObjectName(QStringLiteral("profileSummary"));
    m_button->setObjectName(QStringLiteral("profileButton"));
    m_empty->setObjectName(QStringLiteral("profileEmpty"));
    m_table->setObjectName(QStringLiteral("profileTable"));
    m_legend->setObjectName(QStringLiteral("profileLegend"));
    m_details->setObjectName(QStringLiteral("profileDetails"));
    m_roofline->setObjectName(QStringLiteral("profileRoofline"));
    m_stalls->setObjectName(QStringLiteral("profileStalls"));
    m_charts->setObjectName(QStringLiteral("profileCharts"));

    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_legend->setWordWrap(true);
    m_legend->setAutoFillBackground(true);
    QPalette legendPalette = m_legend->palette();
    legendPalette.setColor(QPalette::Window, kDiffers);
    m_legend->setPalette(legendPalette);

    m_table->setColumnCount(3);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_details->setHeaderHidden(true);
    m_details->setColumnCount(1);

    // The figures and the kernels on the left, the charts (which need the room) on the right.
    auto* figures = new QWidget(m_content);
    auto* figuresLayout = new QVBoxLayout(figures);
    figuresLayout->setContentsMargins(0, 0, 0, 0);
    figuresLayout->addWidget(m_table, 1);
    figuresLayout->addWidget(m_legend);
    auto* left = new QSplitter(Qt::Vertical, m_content);
    left->addWidget(figures);
    left->addWidget(m_details);
    left->setStretchFactor(0, 3);
    left->setStretchFactor(1, 2);
    m_charts->addTab(m_roofline, QString());
    m_charts->addTab(m_stalls, QString());
    auto* split = new QSplitter(Qt::Horizontal, m_content);
    split->addWidget(left);
    split->addWidget(m_charts);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    auto* contentLayout = new QVBoxLayout(m_content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->addWidget(split);
    m_pages->addWidget(m_empty);
    m_pages->addWidget(m_content);

    auto* top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    top->addWidget(m_button);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_pages, 1);
    setFocusProxy(m_button);

    connect(m_button, &QPushButton::clicked, this, &ProfileView::profileRequested);
    const auto pick = [this](QTreeWidgetItem* item) {
        const QVariant line = item ? item->data(0, Qt::UserRole) : QVariant();
        if (line.isValid())
            emit hotLineActivated(line.toInt());
    };
    connect(m_details, &QTreeWidget::itemActivated, this, pick);
    connect(m_details, &QTreeWidget::itemClicked, this, pick);
    retranslateUi();
}

ProfileView::~ProfileView() = default;

void ProfileView::showProfile(RecordPtr record, const std::string& fileName) {
    m_record = record && record->profile ? std::move(record) : nullptr;
    m_fileName = fileName;
    render();
}

void ProfileView::setBusy(bool busy, bool thisSample) {
    m_busy = busy;
    m_busyHere = busy && thisSample;
    m_button->setEnabled(!busy);
    m_empty->setText(emptyText());
}

void ProfileView::setShortcut(const QKeySequence& key) {
    m_shortcut = key;
    retranslateUi();
}

QString ProfileView::emptyText() const {
    if (m_busyHere)
        return tr("Profiling… the status bar follows it.");
    return tr("No profile of this sample yet. Profile it (%1): Nsight Compute measures one call "
              "of the candidate and one of the baseline on the GPU, side by side.")
        .arg(m_shortcut.toString(QKeySequence::NativeText));
}

QString ProfileView::summaryText() const {
    return m_summary->text();
}

QList<QTreeWidgetItem*> ProfileView::hotLineItems() const {
    QList<QTreeWidgetItem*> out;
    for (QTreeWidgetItemIterator it(m_details); *it; ++it)
        if ((*it)->data(0, Qt::UserRole).isValid())
            out.append(*it);
    return out;
}

QString ProfileView::sideTitle(const v::ProfileSide& side) const {
    const QString who = side.target == "baseline" ? tr("Baseline") : tr("Candidate");
    //: A profiled side and what it ran, e.g. "Baseline (cuBLAS SGEMM)"
    return side.label.empty() ? who : tr("%1 (%2)").arg(who, qs(side.label));
}

void ProfileView::render() {
    if (!m_record) {
        m_summary->clear();
        m_table->setRowCount(0);
        m_details->clear();
        m_roofline->showMessage(QString());
        m_stalls->showMessage(QString());
        m_empty->setText(emptyText());
        m_pages->setCurrentWidget(m_empty);
        retranslateUi();
        return;
    }
    const v::VerificationRecordData& r = *m_record;
    const v::ProfileReport& p = *r.profile;
    QString summary =
        tr("Nsight Compute %1, section set %2, shape %3, on %4 (%5); the clocks "
           "were left as they were.")
            .arg(qs(p.version), qs(p.sections), qs(p.shape),
                 r.device ? qs(r.device->name) : tr("an unnamed GPU"), qs(r.createdAt));
    for (const auto& side : p.sides)
        if (!side.error.empty())
            summary += QLatin1Char('\n') +
                       tr("%1 was not profiled: %2").arg(sideTitle(side), qs(side.error));
    m_summary->setText(summary);
    renderTable(p);
    renderDetails(p);
    renderCharts(p);
    m_pages->setCurrentWidget(m_content);
    retranslateUi();
}

void ProfileView::renderTable(const v::ProfileReport& report) {
    const auto rows = v::profileRows(report);
    m_table->setRowCount(static_cast<int>(rows.size()));
    QFont bold = m_table->font();
    bold.setBold(true);
    for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
        const v::ProfileRow& row = rows[std::size_t(i)];
        auto* figure = new QTableWidgetItem(tr(row.figure.c_str()));
        auto* candidate = new QTableWidgetItem(figureText(row.candidate, row.unit));
        auto* baseline = new QTableWidgetItem(figureText(row.baseline, row.unit));
        if (row.candidate)
            candidate->setData(Qt::UserRole, *row.candidate);
        if (row.baseline)
            baseline->setData(Qt::UserRole, *row.baseline);
        for (QTableWidgetItem* item : {candidate, baseline})
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        for (QTableWidgetItem* item : {figure, candidate, baseline}) {
            if (row.differs) {
                item->setFont(bold);
                item->setBackground(kDiffers);
                item->setToolTip(tr("The two sides differ here"));
            }
        }
        m_table->setItem(i, FigureColumn, figure);
        m_table->setItem(i, CandidateColumn, candidate);
        m_table->setItem(i, BaselineColumn, baseline);
    }
}

void ProfileView::renderDetails(const v::ProfileReport& report) {
    m_details->clear();
    QFont bold = m_details->font();
    bold.setBold(true);
    for (const auto& side : report.sides) {
        auto* top = new QTreeWidgetItem(m_details, {sideTitle(side)});
        top->setFont(0, bold);
        if (!side.error.empty())
            new QTreeWidgetItem(top, {tr("Not profiled: %1").arg(qs(side.error))});
        for (const auto& k : side.kernels) {
            QString text = qs(k.name.substr(0, kMaxKernelName));
            if (k.durationNs)
                text += QStringLiteral(" · ") + figureText(*k.durationNs * 1e-3, "us");
            if (!k.occupancyLimiter.empty())
                text += QStringLiteral(" · ") +
                        tr("occupancy limited by %1").arg(qs(k.occupancyLimiter));
            QStringList stalls;
            for (const auto& [reason, cycles] : k.topStalls)
                stalls.append(
                    QStringLiteral("%1 %2").arg(qs(reason), QLocale().toString(cycles, 'f', 2)));
            if (!stalls.isEmpty())
                text +=
                    QStringLiteral(" · ") + tr("stalls: %1").arg(stalls.join(QStringLiteral(", ")));
            auto* item = new QTreeWidgetItem(top, {text});
            item->setToolTip(0, qs(k.name));
        }
    }
    const auto hot = candidateHotLines(report, m_fileName);
    if (hot.empty())
        return;
    auto* lines = new QTreeWidgetItem(
        m_details,
        {tr("Hot lines of %1 (warp-stall samples; Enter shows the line)").arg(qs(m_fileName))});
    lines->setFont(0, bold);
    for (const auto& h : hot) {
        //: A hot source line: its number, its samples, its text
        auto* item = new QTreeWidgetItem(
            lines, {tr("Line %1 · %2 samples · %3")
                        .arg(h.line)
                        .arg(QLocale().toString(h.samples, 'f', 0), qs(h.source).trimmed())});
        item->setData(0, Qt::UserRole, h.line);
        item->setToolTip(0, tr("Show line %1 in the kernel editor").arg(h.line));
    }
    m_details->expandAll();
}

void ProfileView::renderCharts(const v::ProfileReport& report) {
    RooflineChartData roofline;
    if (m_record->device)
        roofline.device = qs(m_record->device->name);
    roofline.peakTflops = report.peakFlopsPerSecond.value_or(0) * 1e-12;
    roofline.bandwidthGBps = report.peakBytesPerSecond.value_or(0) * 1e-9;
    for (const auto& side : report.sides)
        if (auto point = v::rooflinePoint(report, side))
            roofline.points.append(
                {sideTitle(side), point->intensity, point->flopsPerSecond * 1e-12});
    m_roofline->showRoofline(roofline);
    const v::ProfileSide* candidate = report.side("candidate");
    const v::ProfileSide* baseline = report.side("baseline");
    m_stalls->showStallReasons(stallChartData(report,
                                              candidate ? sideTitle(*candidate) : tr("Candidate"),
                                              baseline ? sideTitle(*baseline) : tr("Baseline")));
}

void ProfileView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange && m_record)
        render(); // figure names, summary and labels are drawn text
    else if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void ProfileView::retranslateUi() {
    m_button->setText(m_record ? tr("Profile again") : tr("Profile"));
    m_button->setToolTip(tr("Profile the sample with Nsight Compute (%1)")
                             .arg(m_shortcut.toString(QKeySequence::NativeText)));
    m_table->setHorizontalHeaderLabels({tr("Figure"), tr("Candidate"), tr("Baseline")});
    m_table->setAccessibleName(tr("Candidate and baseline side by side"));
    m_details->setAccessibleName(tr("Kernels, stall reasons and hot lines"));
    m_charts->setTabText(0, tr("Roofline"));
    m_charts->setTabText(1, tr("Stall reasons"));
    m_legend->setText(tr("Highlighted: the two sides differ by more than a quarter, or by more "
                         "than 10 points of a percentage."));
    if (!m_record)
        m_empty->setText(emptyText());
}

} // namespace kwb::ui
