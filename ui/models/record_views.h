#pragma once
// Reading a verification record for the views: its compiler diagnostics and kernel resources,
// and the chart data of its shapes. Pure functions of the (immutable) record.
#include <vector>

#include <QString>
#include <QVector>

#include "core/model/verification.h"
#include "core/protocol/diagnostics.h"
#include "ui/models/shape_result.h"
#include "ui/widgets/chart_data.h"

namespace kwb::ui {

std::vector<Diagnostic> recordDiagnostics(const verification::VerificationRecordData& record);
std::vector<KernelResources> recordResources(const verification::VerificationRecordData& record);
// Only the diagnostics in `fileName` (the candidate), for the editor's markers.
std::vector<Diagnostic> diagnosticsInFile(const std::vector<Diagnostic>& all,
                                          const QString& fileName);
// A mangled kernel name as people read it: "softmaxRows(float const*, float*, int, int)".
QString demangledName(const std::string& mangled);
// The kernel's name alone, for tables and summaries: "softmaxRows", "detail::tile" ("scale"
// for a kernel in an anonymous namespace, whose demangled name starts with a parenthesis).
QString kernelShortName(const std::string& mangled);

SpeedupChartData speedupChartData(const QVector<ShapeResult>& shapes);
TimingChartData timingChartData(const QVector<ShapeResult>& shapes);
// Ceilings from the record (its "ceilings" object); the rate that applies is the task's dtype.
RooflineChartData rooflineChartData(const verification::VerificationRecordData& record,
                                    const QVector<ShapeResult>& shapes);

} // namespace kwb::ui
