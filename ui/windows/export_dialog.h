#pragma once
// The export dialog: format (SFT, preference pairs, unpaired labels), which samples (from the
// dataset view's filters, adjustable here), a held-out test share, and the output file; a
// preview of the first rows with the counts (rows, tasks, models) that the export would write,
// computed in the background each time an option changes (older previews are dropped). Export
// writes through core/export (atomically: a complete file or none). Window-modal; never blocks.
#include <QDialog>

#include "core/store/sample_query.h"

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTemporaryDir;

namespace kwb {
// From core/export/dataset_exporter.h, which the .cpp includes.
struct ExportOptions;
enum class ExportFormat;
} // namespace kwb

namespace kwb::ui {

class ProjectSession;

class ExportDialog final : public QDialog {
    Q_OBJECT

public:
    ExportDialog(ProjectSession* session, const SampleFilter& filter, QWidget* parent = nullptr);
    ~ExportDialog() override;

    ExportOptions options() const;
    void setFormat(ExportFormat format);
    void setOutputPath(const QString& path);
    // A Hugging Face dataset folder (data/*.jsonl and a dataset card) instead of one file.
    void setHuggingFaceFolder(bool folder);
    bool huggingFaceFolder() const;
    QString previewText() const;
    QString countsText() const;
    // Rows the preview counted (train + test), or -1 before the first preview.
    qint64 previewRows() const { return m_previewRows; }
    // Starts the export (as the Export button does).
    void startExport();

signals:
    void previewReady(qint64 rows);
    void exported(const QString& path, qint64 rows);
    void exportFailed(const QString& message);

private:
    void schedulePreview();
    void runPreview();
    void retranslateUi();
    void updateDestination();
    void browse();

    ProjectSession* m_session = nullptr;
    SampleFilter m_filter;
    QComboBox* m_format = nullptr;
    QDoubleSpinBox* m_minSpeedup = nullptr;
    QCheckBox* m_onGpu = nullptr;
    QCheckBox* m_duplicates = nullptr;
    QCheckBox* m_needsWork = nullptr;
    QDoubleSpinBox* m_testShare = nullptr;
    QLineEdit* m_output = nullptr;
    QPushButton* m_browse = nullptr;
    QLabel* m_formatCaption = nullptr;
    QLabel* m_speedupCaption = nullptr;
    QLabel* m_testCaption = nullptr;
    QLabel* m_outputCaption = nullptr;
    QComboBox* m_destination = nullptr; // one JSONL file, or a Hugging Face dataset folder
    QLabel* m_destinationCaption = nullptr;
    QLineEdit* m_license = nullptr; // the dataset card's license (folder only)
    QLabel* m_licenseCaption = nullptr;
    QLabel* m_scope = nullptr;
    QLabel* m_counts = nullptr;
    QPlainTextEdit* m_preview = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    QPushButton* m_exportButton = nullptr;
    QTemporaryDir* m_scratch = nullptr;
    quint64 m_previewGeneration = 0;
    qint64 m_previewRows = -1;
    bool m_previewQueued = false;
    bool m_exporting = false;
};

} // namespace kwb::ui
