#pragma once
// The sample list: a caption ("120 samples · sgemm-f32") over a sortable table of a
// SampleListModel, with several rows selectable for batch verdicts. It tells its owner which
// sample is current; it loads nothing itself. UI thread only.
#include <QByteArray>
#include <QList>
#include <QWidget>

class QLabel;
class QTableView;

namespace kwb::ui {

class SampleListModel;

class SampleListView final : public QWidget {
    Q_OBJECT

public:
    explicit SampleListView(SampleListModel* model, QWidget* parent = nullptr);

    SampleListModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    // The current row's sample id, or 0.
    qint64 currentSampleId() const;
    // The ids of every selected, loaded row (the current one first).
    QList<qint64> selectedSampleIds() const;
    // Makes the sample's row current when it is loaded; false otherwise.
    bool selectSample(qint64 id);
    // The scope shown in the caption: a task id, or empty for all tasks.
    void setScope(const QString& taskId);
    // The columns' widths and order, to remember across restarts.
    QByteArray headerState() const;
    void restoreHeaderState(const QByteArray& state);
    // Widens each column until its header and the texts of the loaded rows fit, in the language
    // shown (never narrows what the reviewer widened); the Sample column then takes the room
    // left. Where the others leave it less than its text needs, the list scrolls sideways
    // rather than cut the sample's name to "…".
    void fitColumns();

signals:
    // The current row moved to another loaded sample.
    void currentSampleChanged(qint64 id);

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void retranslateUi();
    void fillSampleColumn(); // the Sample column: the room left, at least its text

    SampleListModel* m_model = nullptr;
    QLabel* m_caption = nullptr;
    QTableView* m_table = nullptr;
    QString m_scope;
    qint64 m_current = 0;
    int m_sampleNeeds = 0; // the Sample column's text, as fitColumns() measured it
    bool m_filling = false;
};

} // namespace kwb::ui
