#include "ui/windows/export_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>
#include <QVBoxLayout>

#include "ui/models/project_session.h"

#include "core/export/dataset_exporter.h"
#include "core/export/hf_dataset_writer.h"
#include "core/store/project_store.h"

namespace kwb::ui {

namespace {

constexpr int kPreviewLines = 5;
constexpr int kPreviewLineChars = 600; // a row can be tens of kilobytes: show its start

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

struct PreviewResult {
    ExportSummary summary;
    QString firstRows;
};

// The test split's file next to the train file: data.jsonl -> data.test.jsonl.
std::filesystem::path testPathFor(const std::filesystem::path& train) {
    std::filesystem::path p = train;
    p.replace_extension();
    return p.string() + ".test.jsonl";
}

QString readFirstRows(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QString out;
    for (int i = 0; i < kPreviewLines && !file.atEnd(); ++i) {
        QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (line.size() > kPreviewLineChars)
            line = line.left(kPreviewLineChars) + QStringLiteral(" …");
        out += line + QLatin1Char('\n');
    }
    return out;
}

} // namespace

ExportDialog::ExportDialog(ProjectSession* session, const SampleFilter& filter, QWidget* parent)
    : QDialog(parent), m_session(session), m_filter(filter), m_format(new QComboBox(this)),
      m_minSpeedup(new QDoubleSpinBox(this)), m_onGpu(new QCheckBox(this)),
      m_duplicates(new QCheckBox(this)), m_needsWork(new QCheckBox(this)),
      m_testShare(new QDoubleSpinBox(this)), m_output(new QLineEdit(this)),
      m_browse(new QPushButton(this)), m_formatCaption(new QLabel(this)),
      m_speedupCaption(new QLabel(this)), m_testCaption(new QLabel(this)),
      m_outputCaption(new QLabel(this)), m_destination(new QComboBox(this)),
      m_destinationCaption(new QLabel(this)), m_license(new QLineEdit(this)),
      m_licenseCaption(new QLabel(this)), m_scope(new QLabel(this)), m_counts(new QLabel(this)),
      m_preview(new QPlainTextEdit(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this)),
      m_scratch(new QTemporaryDir) {
    setObjectName(QStringLiteral("exportDialog"));
    m_format->setObjectName(QStringLiteral("exportFormat"));
    m_output->setObjectName(QStringLiteral("exportOutput"));
    m_counts->setObjectName(QStringLiteral("exportCounts"));
    m_preview->setObjectName(QStringLiteral("exportPreview"));
    m_destination->setObjectName(QStringLiteral("exportDestination"));
    m_license->setObjectName(QStringLiteral("exportLicense"));
    m_destination->addItem(QString());
    m_destination->addItem(QString());
    m_license->setText(QStringLiteral("other"));
    m_exportButton = m_buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_exportButton->setObjectName(QStringLiteral("exportButton"));
    for (int i = 0; i < 3; ++i)
        m_format->addItem(QString());
    m_minSpeedup->setRange(0.0, 100.0);
    m_minSpeedup->setSingleStep(0.1);
    m_minSpeedup->setSuffix(QStringLiteral("×"));
    m_minSpeedup->setValue(filter.minSpeedup.value_or(0.0));
    m_onGpu->setChecked(filter.verifiedOnGpu);
    m_testShare->setRange(0.0, 0.9);
    m_testShare->setSingleStep(0.05);
    m_preview->setReadOnly(true);
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_preview->setFont(QFont(QStringLiteral("monospace")));
    m_counts->setWordWrap(true);
    m_scope->setWordWrap(true);
    m_output->setText(QDir::home().filePath(QStringLiteral("kernel-workbench-sft.jsonl")));

    m_formatCaption->setBuddy(m_format);
    m_speedupCaption->setBuddy(m_minSpeedup);
    m_testCaption->setBuddy(m_testShare);
    m_outputCaption->setBuddy(m_output);
    m_destinationCaption->setBuddy(m_destination);
    m_licenseCaption->setBuddy(m_license);
    auto* outputRow = new QHBoxLayout;
    outputRow->addWidget(m_output, 1);
    outputRow->addWidget(m_browse);
    auto* form = new QFormLayout;
    form->addRow(m_formatCaption, m_format);
    form->addRow(m_speedupCaption, m_minSpeedup);
    form->addRow(QString(), m_onGpu);
    form->addRow(QString(), m_needsWork);
    form->addRow(QString(), m_duplicates);
    form->addRow(m_testCaption, m_testShare);
    form->addRow(m_destinationCaption, m_destination);
    form->addRow(m_outputCaption, outputRow);
    form->addRow(m_licenseCaption, m_license);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_scope);
    layout->addLayout(form);
    layout->addWidget(m_counts);
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_buttons);
    resize(820, 600);

    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_exportButton, &QPushButton::clicked, this, &ExportDialog::startExport);
    connect(m_browse, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(m_destination, &QComboBox::currentIndexChanged, this, &ExportDialog::updateDestination);
    connect(m_format, &QComboBox::currentIndexChanged, this, [this] {
        m_needsWork->setEnabled(m_format->currentIndex() == 0);
        schedulePreview();
    });
    connect(m_minSpeedup, &QDoubleSpinBox::valueChanged, this, &ExportDialog::schedulePreview);
    connect(m_testShare, &QDoubleSpinBox::valueChanged, this, &ExportDialog::schedulePreview);
    for (QCheckBox* box : {m_onGpu, m_duplicates, m_needsWork})
        connect(box, &QCheckBox::toggled, this, &ExportDialog::schedulePreview);
    retranslateUi();
    updateDestination();
    schedulePreview();
}

ExportDialog::~ExportDialog() {
    delete m_scratch;
}

ExportOptions ExportDialog::options() const {
    ExportOptions o;
    o.format = m_format->currentIndex() == 1   ? ExportFormat::Preferences
               : m_format->currentIndex() == 2 ? ExportFormat::Unpaired
                                               : ExportFormat::Sft;
    o.verdicts = {Verdict::Accepted};
    if (m_needsWork->isChecked())
        o.verdicts.push_back(Verdict::NeedsWork);
    if (m_minSpeedup->value() > 0)
        o.minSpeedup = m_minSpeedup->value();
    o.verifiedOnGpu = m_onGpu->isChecked();
    o.sampleIds = m_filter.ids;
    o.tasks = m_filter.tasks;
    o.models = m_filter.models;
    o.includeDuplicates = m_duplicates->isChecked();
    o.testFraction = m_testShare->value();
    return o;
}

void ExportDialog::setFormat(ExportFormat format) {
    m_format->setCurrentIndex(format == ExportFormat::Sft           ? 0
                              : format == ExportFormat::Preferences ? 1
                                                                    : 2);
}

void ExportDialog::setOutputPath(const QString& path) {
    m_output->setText(path);
}

void ExportDialog::setHuggingFaceFolder(bool folder) {
    m_destination->setCurrentIndex(folder ? 1 : 0);
}

bool ExportDialog::huggingFaceFolder() const {
    return m_destination->currentIndex() == 1;
}

// A folder takes the dataset card's license; the default output follows the destination until
// the user has typed one of their own.
void ExportDialog::updateDestination() {
    const bool folder = huggingFaceFolder();
    m_license->setEnabled(folder);
    m_licenseCaption->setEnabled(folder);
    const QString fileDefault = QDir::home().filePath(QStringLiteral("kernel-workbench-sft.jsonl"));
    const QString folderDefault = QDir::home().filePath(QStringLiteral("kernel-workbench-dataset"));
    const QString now = m_output->text().trimmed();
    if (folder && (now.isEmpty() || now == fileDefault))
        m_output->setText(folderDefault);
    else if (!folder && (now.isEmpty() || now == folderDefault))
        m_output->setText(fileDefault);
    m_outputCaption->setText(folder ? tr("&Output folder:") : tr("&Output file:"));
}

void ExportDialog::browse() {
    auto* chooser = new QFileDialog(this, tr("Export to"), m_output->text());
    chooser->setAttribute(Qt::WA_DeleteOnClose);
    if (huggingFaceFolder()) {
        chooser->setFileMode(QFileDialog::Directory);
        chooser->setOption(QFileDialog::ShowDirsOnly);
    } else {
        chooser->setAcceptMode(QFileDialog::AcceptSave);
        chooser->setNameFilter(tr("JSON Lines (*.jsonl)"));
    }
    connect(chooser, &QFileDialog::fileSelected, m_output, &QLineEdit::setText);
    chooser->open();
}

QString ExportDialog::previewText() const {
    return m_preview->toPlainText();
}

QString ExportDialog::countsText() const {
    return m_counts->text();
}

void ExportDialog::schedulePreview() {
    // Option changes come in bursts (a spin box held down): one preview after they settle.
    if (m_previewQueued)
        return;
    m_previewQueued = true;
    QTimer::singleShot(150, this, [this] {
        m_previewQueued = false;
        runPreview();
    });
}

// What the dataset gate (the same defaults as kwb export: verified on a GPU, not flagged) left
// out, so the counts above never surprise.
static QString gateNote(const ExportSummary& s) {
    QString note;
    for (const auto& line : gateExclusionLines(s))
        note += QStringLiteral("\n") + QString::fromStdString(line);
    return note;
}

void ExportDialog::runPreview() {
    const quint64 generation = ++m_previewGeneration;
    const ExportOptions o = options();
    const QString dir = m_scratch->path();
    const QString train = QDir(dir).filePath(QStringLiteral("preview-%1.jsonl").arg(generation));
    m_counts->setText(tr("Counting…"));
    m_session->runBackground(
        this,
        [o, train](ProjectStore& store) -> Result<PreviewResult> {
            const std::filesystem::path trainPath = train.toStdString();
            auto summary = DatasetExporter::exportJsonl(
                store, o, trainPath,
                o.testFraction > 0 ? testPathFor(trainPath) : std::filesystem::path());
            if (!summary)
                return summary.error();
            PreviewResult r{*summary, readFirstRows(train)};
            std::filesystem::remove(trainPath);
            std::filesystem::remove(testPathFor(trainPath));
            return r;
        },
        [this, generation](const Result<PreviewResult>& preview) {
            if (generation != m_previewGeneration)
                return; // the options changed meanwhile
            if (!preview) {
                m_previewRows = 0;
                m_counts->setText(tr("Nothing to export: %1").arg(qs(preview.error().message)));
                m_preview->clear();
                emit previewReady(0);
                return;
            }
            const ExportSummary& s = preview->summary;
            m_previewRows = s.train.rows + s.test.rows;
            QStringList models;
            for (const auto& [model, n] : s.train.perModel)
                models.append(QStringLiteral("%1 (%2)")
                                  .arg(model.empty() ? tr("no model") : qs(model))
                                  .arg(n));
            m_counts->setText(
                tr("%1 train rows and %2 test rows from %3 tasks. Models: %4.")
                    .arg(s.train.rows)
                    .arg(s.test.rows)
                    .arg(s.train.perTask.size() + s.test.perTask.size())
                    .arg(models.isEmpty() ? tr("none") : models.join(QStringLiteral(", "))) +
                gateNote(s));
            m_preview->setPlainText(preview->firstRows.isEmpty() ? tr("(no rows)")
                                                                 : preview->firstRows);
            m_exportButton->setEnabled(!m_exporting && m_previewRows > 0);
            emit previewReady(m_previewRows);
        });
}

void ExportDialog::startExport() {
    const QString path = m_output->text().trimmed();
    if (path.isEmpty() || m_exporting)
        return;
    m_exporting = true;
    m_exportButton->setEnabled(false);
    const ExportOptions o = options();
    m_counts->setText(tr("Exporting to %1…").arg(path));
    const bool folder = huggingFaceFolder();
    DatasetCardInfo card;
    card.license = m_license->text().trimmed().isEmpty()
                       ? std::string("other")
                       : m_license->text().trimmed().toStdString();
    m_session->runBackground(
        this,
        [o, path, folder, card](ProjectStore& store) mutable -> Result<ExportSummary> {
            const std::filesystem::path out = path.toStdString();
            // The file chooser asks before it names an existing file: an earlier export of ours
            // is replaced; anything else (the project, a database, a device, a file or folder
            // not ours) is refused by the core's check and the reason shown.
            OutputPolicy policy;
            policy.replaceOurs = true;
            if (folder) {
                if (auto info = store.info())
                    card.projectName = info->name;
                return HfDatasetWriter::write(store, o, out, card, policy);
            }
            return DatasetExporter::exportJsonl(
                store, o, out, o.testFraction > 0 ? testPathFor(out) : std::filesystem::path(),
                policy);
        },
        [this, path](const Result<ExportSummary>& summary) {
            m_exporting = false;
            m_exportButton->setEnabled(true);
            if (!summary) {
                const QString why = qs(summary.error().message);
                m_counts->setText(tr("The export failed: %1").arg(why));
                emit exportFailed(why);
                return;
            }
            const qint64 rows = summary->train.rows + summary->test.rows;
            m_counts->setText(tr("Wrote %1 rows to %2.").arg(rows).arg(path));
            emit exported(path, rows);
        });
}

void ExportDialog::retranslateUi() {
    setWindowTitle(tr("Export dataset"));
    m_formatCaption->setText(tr("&Format:"));
    m_format->setItemText(0, tr("Supervised fine-tuning (accepted samples)"));
    m_format->setItemText(1, tr("Preference pairs (accepted over rejected)"));
    m_format->setItemText(2, tr("Unpaired labels (accepted and rejected)"));
    m_speedupCaption->setText(tr("Minimum &speedup:"));
    m_minSpeedup->setSpecialValueText(tr("any"));
    m_onGpu->setText(tr("Only samples verified on a &GPU"));
    m_needsWork->setText(tr("Include samples marked &needs work"));
    m_duplicates->setText(tr("Include &duplicates"));
    m_testCaption->setText(tr("&Test share (by task):"));
    m_outputCaption->setText(huggingFaceFolder() ? tr("&Output folder:") : tr("&Output file:"));
    m_destinationCaption->setText(tr("&Write:"));
    m_destination->setItemText(0, tr("One JSON Lines file"));
    m_destination->setItemText(1, tr("A Hugging Face dataset folder (data and dataset card)"));
    m_licenseCaption->setText(tr("&License:"));
    m_license->setToolTip(tr("The dataset card's license, as Hugging Face names it "
                             "(apache-2.0, cc-by-4.0, mit, other)"));
    m_browse->setText(tr("&Browse…"));
    m_exportButton->setText(tr("&Export"));
    // Our words, not the platform's: Qt's own catalogues are often not installed.
    m_buttons->button(QDialogButtonBox::Cancel)->setText(tr("&Cancel"));
    QStringList scope;
    for (const auto& t : m_filter.tasks)
        scope.append(qs(t));
    for (const auto& m : m_filter.models)
        scope.append(qs(m));
    if (!m_filter.ids.empty())
        //: The export dialog opened on the samples selected in the list
        scope.prepend(tr("the %n selected sample(s)", nullptr, int(m_filter.ids.size())));
    m_scope->setText(scope.isEmpty()
                         ? tr("Exports every task and model of the project.")
                         : tr("Exports only: %1").arg(scope.join(QStringLiteral(", "))));
}

} // namespace kwb::ui
