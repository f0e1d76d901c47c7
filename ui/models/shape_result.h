#pragma once
// One shape's outcome in a verification record, as the per-shape table shows it and the charts
// draw it: the typed shape's fields with the worst error over its outputs and its speedup
// worked out once. A value; the record stays the source of truth.
#include <QList>
#include <QString>
#include <QVector>

#include "core/model/verification.h"

namespace kwb::ui {

struct ShapeResult {
    QString name;
    QString dims; // "M=1000 N=1000 K=1000"
    verification::RecordVerdict verdict;
    QString detail;
    double maxAbsError = 0.0; // worst over the outputs
    double maxRelError = 0.0;
    qint64 mismatches = 0;
    bool timed = false;      // the timing fields below are set
    double baselineMs = 0.0; // medians
    double candidateMs = 0.0;
    double speedup = 0.0;      // baseline / candidate
    double solFraction = -1.0; // floor / candidate; < 0 when unknown
    double flops = 0.0;        // the task's formulas at this shape; 0 when unknown
    double bytes = 0.0;
    QVector<double> baselineSamplesMs; // raw timing samples
    QVector<double> candidateSamplesMs;
    QStringList flags;

    bool passed() const { return verification::isPass(verdict.value); }
};

QVector<ShapeResult> shapeResultsFromRecord(const verification::VerificationRecordData& record);

} // namespace kwb::ui
