#pragma once
// What the Compare view shows, read from the project in one go on a store lane: the compared
// samples (2 to 8 of one task, or one sample with its parent), each with its verification
// records and its latest profile. Values; the view never reads the store itself.
#include <optional>
#include <vector>

#include <QString>
#include <QVector>

#include "core/model/sample.h"
#include "core/model/verification.h"

namespace kwb::ui {

struct CompareEntry {
    Sample sample;                                                   // with its source
    std::vector<verification::VerificationRecordData> verifications; // oldest first
    std::optional<verification::VerificationRecordData> profile;     // the latest one

    // The latest verification; null when the sample was never verified.
    const verification::VerificationRecordData* latest() const {
        return verifications.empty() ? nullptr : &verifications.back();
    }
    // "#12 · tiled.cu" (the task's id where the sample has no label).
    QString title() const {
        const std::string& name = sample.label.empty() ? sample.taskId : sample.label;
        return QStringLiteral("#%1 · %2").arg(sample.id).arg(QString::fromStdString(name));
    }
};

using CompareSet = QVector<CompareEntry>;

// The most samples one Compare view takes.
constexpr int kMaxCompared = 8;

} // namespace kwb::ui
