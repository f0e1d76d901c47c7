#pragma once
// The Provenance tab beside the kernel: where the sample came from and what happened to it.
// The generation transcript (every message with its role, the raw response, tokens in and
// out, cost, latency, model and provider; "no transcript" with the origin for imported and
// person-written samples), every verification (time, verdict, device, worker, options,
// speedup) and the review history (reviewer, time, verdict, note, tags), newest first.
//
// It reads the store itself through the ProjectSession's interactive lane, only while the tab
// is showing (a hidden tab only notes the sample); an answer for a sample that is no longer
// the current one is dropped (JobTracker). UI thread only.
#include <memory>
#include <optional>
#include <vector>

#include <QWidget>

#include "core/model/review.h"
#include "core/model/sample.h"
#include "core/model/verification.h"
#include "core/store/generation_record.h"
#include "ui/models/job_tracker.h"

class QTextBrowser;

namespace kwb::ui {

class ProjectSession;

// What the tab shows of one sample, read in one visit of the store lane.
struct Provenance {
    Sample sample;
    std::optional<GenerationRecord> generation;
    std::vector<verification::VerificationRecordData> verifications; // oldest first
    std::vector<Review> reviews;                                     // oldest first
};

class ProvenanceView final : public QWidget {
    Q_OBJECT

public:
    explicit ProvenanceView(QWidget* parent = nullptr);

    void attach(ProjectSession* session) { m_session = session; }
    // The sample to show (0 clears); read now when the tab is showing, else once it shows.
    void setSample(qint64 id);
    // Reads the current sample again (a verification or a verdict was stored).
    void reload();
    qint64 sampleId() const { return m_sampleId; }
    // The sample whose provenance is shown (0: none yet).
    qint64 shownSampleId() const { return m_shownId; }
    // What the tab shows, as plain text (for tests and copying).
    QString plainText() const;

signals:
    // The provenance of this sample is on show.
    void provenanceShown(qint64 id);

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void load();
    void render();
    QString transcriptHtml() const;
    QString verificationsHtml() const;
    QString reviewsHtml() const;

    ProjectSession* m_session = nullptr;
    QTextBrowser* m_text = nullptr;
    qint64 m_sampleId = 0;
    qint64 m_shownId = 0;
    bool m_stale = false; // the sample changed while the tab was hidden
    std::shared_ptr<const Provenance> m_data;
    JobTracker<ProvenanceView> m_jobs{this}; // last member: detaches first on destruction
};

} // namespace kwb::ui
