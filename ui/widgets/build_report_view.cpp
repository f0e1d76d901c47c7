#include "ui/widgets/build_report_view.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ui/models/diagnostics_model.h"
#include "ui/models/record_views.h"

namespace kwb::ui {

BuildReportView::BuildReportView(QWidget* parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_resources(new QTableWidget(this)),
      m_problemsCaption(new QLabel(this)), m_problems(new QListView(this)),
      m_diagnosticsModel(new DiagnosticsModel(this)) {
    m_summary->setObjectName(QStringLiteral("buildSummary"));
    m_resources->setObjectName(QStringLiteral("resourceTable"));
    m_problems->setObjectName(QStringLiteral("problemsList"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_resources->setColumnCount(5);
    m_resources->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_resources->verticalHeader()->hide();
    m_resources->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_resources->horizontalHeader()->setStretchLastSection(true);
    m_problems->setModel(m_diagnosticsModel);
    m_problems->setUniformItemSizes(true);
    m_problemsCaption->setBuddy(m_problems);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_resources, 1);
    layout->addWidget(m_problemsCaption);
    layout->addWidget(m_problems, 1);
    connect(m_problems, &QListView::activated, this, [this](const QModelIndex& index) {
        emit diagnosticActivated(index.data(DiagnosticsModel::LineRole).toInt(),
                                 index.data(DiagnosticsModel::ColumnRole).toInt());
    });
    retranslateUi();
}

void BuildReportView::setRecord(const verification::VerificationRecordData* record) {
    m_hasRecord = record != nullptr;
    m_build = record ? record->build : std::nullopt;
    m_diagnosticsModel->setDiagnostics(record ? recordDiagnostics(*record)
                                              : std::vector<Diagnostic>{});
    fill();
}

void BuildReportView::fill() {
    m_resources->setRowCount(0);
    m_summary->clear();
    if (!m_hasRecord)
        return;
    const QLocale locale;
    const auto orUnknown = [](const std::string& text) {
        return text.empty() ? QStringLiteral("?") : QString::fromStdString(text);
    };
    const verification::BuildReport build = m_build.value_or(verification::BuildReport{});
    const QString seconds = locale.toString(build.seconds, 'f', 2);
    if (build.ok)
        m_summary->setText(
            //: Build summary: target architecture, nvcc version, seconds, and "(cached)" or nothing
            tr("Built for %1 with nvcc %2 in %3 s%4")
                .arg(orUnknown(build.arch), orUnknown(build.nvccVersion), seconds,
                     build.cached ? tr(" (cached)") : QString()));
    else
        m_summary->setText(
            //: A failed build: target architecture, nvcc version, seconds, why it failed
            tr("Build failed for %1 with nvcc %2 after %3 s: %4")
                .arg(orUnknown(build.arch), orUnknown(build.nvccVersion), seconds,
                     build.failure.empty() ? tr("no library was produced")
                                           : QString::fromStdString(build.failure)));
    const auto& resources = build.resources;
    m_resources->setRowCount(static_cast<int>(resources.size()));
    for (int row = 0; row < static_cast<int>(resources.size()); ++row) {
        const verification::KernelResourceUse& k = resources[static_cast<size_t>(row)];
        const QString cells[] = {kernelShortName(k.function), locale.toString(k.registers),
                                 locale.toString(k.sharedBytes), locale.toString(k.stackBytes),
                                 locale.toString(k.spillStoreBytes + k.spillLoadBytes)};
        for (int column = 0; column < 5; ++column) {
            auto* item = new QTableWidgetItem(cells[column]);
            if (column > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            else
                item->setToolTip(demangledName(k.function) + QLatin1Char('\n') +
                                 QString::fromStdString(k.function));
            m_resources->setItem(row, column, item);
        }
    }
}

QString BuildReportView::resourceSummary() const {
    if (!m_build)
        return {};
    QStringList parts;
    for (const auto& k : m_build->resources) {
        //: Kernel resources from ptxas: name, registers, shared memory, spilled bytes
        parts.append(tr("%1: %2 registers, %3 B shared, %4 B spilled")
                         .arg(kernelShortName(k.function))
                         .arg(k.registers)
                         .arg(k.sharedBytes)
                         .arg(k.spillStoreBytes + k.spillLoadBytes));
    }
    return parts.join(QLatin1String("; "));
}

void BuildReportView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void BuildReportView::retranslateUi() {
    m_problemsCaption->setText(tr("Compiler p&roblems (Enter jumps to the line):"));
    m_resources->setHorizontalHeaderLabels(
        {tr("Kernel"), tr("Registers"), tr("Shared (B)"), tr("Stack (B)"), tr("Spilled (B)")});
    fill();
}

} // namespace kwb::ui
