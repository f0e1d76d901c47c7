#pragma once
// The Compare view's figures, worked out from the compared samples' records (pure functions of
// the values in compare_set.h, UI thread or any): the speedup groups, one shape's timing boxes,
// every sample's point on one roofline, the ptxas and profile metrics table, and what changed
// between two verifications of one sample.
#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>

#include "ui/models/compare_set.h"
#include "ui/widgets/chart_data.h"

namespace kwb::ui {

// One row of the metrics table: a kernel of a sample's build (ptxas), and on the sample's first
// row its profile's headline figures; empty cells where nothing was recorded.
struct MetricsRow {
    QString sample;
    QString kernel;
    QString registers, sharedMemory, spills, stack;
    QString duration, smThroughput, memoryThroughput, occupancy;
};

// A field of two verifications side by side; `changed` when they differ.
struct FieldChange {
    QString field;
    QString before;
    QString after;
    QString change; // "+12.5 %" for times and speedups; empty otherwise
    bool changed = false;
};

class CompareFigures {
    Q_DECLARE_TR_FUNCTIONS(CompareFigures)

public:
    // Speedup per shape of each sample's latest verification; `missing` gets a line per sample
    // and shape without a speedup ("#12 · naive.cu: no speedup at large").
    static GroupedSpeedupChartData speedups(const CompareSet& set, QStringList* missing);
    // The shapes any sample was timed at, in the order the records list them.
    static QStringList timedShapes(const CompareSet& set);
    // One shape: the baseline's box (from the first sample timed there) and each sample's.
    static SampleTimingChartData timingAt(const CompareSet& set, const QString& shape);
    // One point per sample: its profile's candidate where a profile is stored, else its
    // largest timed shape's FLOP, bytes and median; `noPoint` lists the samples with neither.
    static RooflineChartData roofline(const CompareSet& set, QStringList* noPoint);
    static QVector<MetricsRow> metrics(const CompareSet& set);
    // What changed from `before` to `after`: verdict, device, worker, options, per shape.
    static QVector<FieldChange> diff(const verification::VerificationRecordData& before,
                                     const verification::VerificationRecordData& after);
    // A record as its chooser names it: "2025-11-02 10:00 · pass · NVIDIA H200".
    static QString recordTitle(const verification::VerificationRecordData& record);
};

} // namespace kwb::ui
