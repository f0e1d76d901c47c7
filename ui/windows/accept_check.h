#pragma once
// The question before accepting samples whose latest verification failed, flagged them (a
// suspected hack, or host-code screening findings) or never ran them on a GPU. For one sample
// it says why ("This sample's latest verification failed: wrong result at shape large. Accept
// anyway?"); for several it counts each kind and lists every sample under "Show Details".
// Cancel is the default button, so Enter and Escape leave the samples as they are; accepting
// takes a deliberate choice (Y, or Tab to the button and Space); pressing A again does not.
#include <cstdint>
#include <vector>

#include <QCoreApplication>
#include <QString>

#include "core/model/sample.h"
#include "ui/models/verification_standing.h"

class QMessageBox;
class QWidget;

namespace kwb::ui {

// One sample as the question sees it: its status and its latest record (null: none).
struct AcceptCandidate {
    std::int64_t id = 0;
    SampleStatus status;
    RecordPtr record;
};

// Store thread: the samples' statuses and latest records, in the order given.
Result<std::vector<AcceptCandidate>> readAcceptCandidates(ProjectStore& store,
                                                          const std::vector<std::int64_t>& ids);

class AcceptCheck {
    Q_DECLARE_TR_FUNCTIONS(AcceptCheck)

public:
    enum class Concern { None, Failed, SuspectedHack, ScreeningFindings, Unverified };

    static Concern concernOf(const AcceptCandidate& sample);
    // One sentence about one sample: "This sample's latest verification failed: ...".
    static QString sentence(const AcceptCandidate& sample);
    // A short line for a list: "failed: wrong result at shape large".
    static QString summary(const AcceptCandidate& sample);
    // The question for these samples, or null when none of them gives a reason to ask. Not yet
    // shown; window-modal, deleted when closed. Its Yes button is "Accept anyway".
    static QMessageBox* question(const std::vector<AcceptCandidate>& samples, QWidget* parent);

private:
    static QString batchText(const std::vector<AcceptCandidate>& samples);
};

} // namespace kwb::ui
