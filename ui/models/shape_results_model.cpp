#include "ui/models/shape_results_model.h"

#include <QColor>
#include <QLocale>

namespace kwb::ui {

ShapeResultsModel::ShapeResultsModel(QObject* parent) : QAbstractTableModel(parent) {}

void ShapeResultsModel::setResults(QVector<ShapeResult> results) {
    beginResetModel();
    m_results = std::move(results);
    endResetModel();
}

void ShapeResultsModel::clear() {
    setResults({});
}

int ShapeResultsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_results.size());
}

int ShapeResultsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ShapeResultsModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ShapeResult& r = m_results[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        return displayText(r, index.column());
    case Qt::ToolTipRole:
        if (index.column() == ShapeColumn)
            return r.dims;
        if (index.column() == VerdictColumn)
            return r.flags.isEmpty() ? r.detail : r.flags.join(QLatin1Char('\n'));
        return {};
    case Qt::TextAlignmentRole:
        return index.column() >= MaxAbsErrorColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                   : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (index.column() == VerdictColumn) {
            if (r.passed())
                return QColor(0x1b, 0x7f, 0x3b);
            // A suspected hack is not shown in the red of an honest mistake.
            return verification::family(r.verdict.value) ==
                           verification::VerdictFamily::SuspectedHack
                       ? QColor(0x9b, 0x1b, 0x7b)
                       : QColor(0xb4, 0x1e, 0x1e);
        }
        if (index.column() == SpeedupColumn && r.timed)
            return r.speedup >= 1.0 ? QColor(0x1b, 0x7f, 0x3b) : QColor(0xb4, 0x1e, 0x1e);
        return {};
    case SortRole:
        return sortValue(r, index.column());
    case ShapeNameRole:
        return r.name;
    case DimsRole:
        return r.dims;
    case VerdictRole:
        return QString::fromStdString(r.verdict.text());
    case PassedRole:
        return r.passed();
    case MaxAbsErrorRole:
        return r.maxAbsError;
    case MaxRelErrorRole:
        return r.maxRelError;
    case MismatchesRole:
        return r.mismatches;
    case BaselineMsRole:
        return r.timed ? QVariant(r.baselineMs) : QVariant();
    case CandidateMsRole:
        return r.timed ? QVariant(r.candidateMs) : QVariant();
    case SpeedupRole:
        return r.timed ? QVariant(r.speedup) : QVariant();
    case SpeedOfLightRole:
        return r.solFraction >= 0 ? QVariant(r.solFraction) : QVariant();
    default:
        return {};
    }
}

QVariant ShapeResultsModel::displayText(const ShapeResult& r, int column) const {
    const QLocale locale;
    const QString none = QStringLiteral("–");
    switch (column) {
    case ShapeColumn:
        return r.name;
    case VerdictColumn:
        return verdictText(r.verdict);
    case MaxAbsErrorColumn:
        return locale.toString(r.maxAbsError, 'e', 2);
    case MaxRelErrorColumn:
        return locale.toString(r.maxRelError, 'e', 2);
    case MismatchesColumn:
        return locale.toString(r.mismatches);
    case BaselineColumn:
        return r.timed ? locale.toString(r.baselineMs * 1000.0, 'f', 1) : none;
    case CandidateColumn:
        return r.timed ? locale.toString(r.candidateMs * 1000.0, 'f', 1) : none;
    case SpeedupColumn:
        //: A speedup factor, e.g. "1.42×"
        return r.timed ? tr("%1×").arg(locale.toString(r.speedup, 'f', 2)) : none;
    case SpeedOfLightColumn:
        return r.solFraction >= 0 ? locale.toString(r.solFraction * 100.0, 'f', 1) : none;
    default:
        return {};
    }
}

QVariant ShapeResultsModel::sortValue(const ShapeResult& r, int column) const {
    switch (column) {
    case ShapeColumn:
        return r.name;
    case VerdictColumn:
        return QString::fromStdString(r.verdict.text());
    case MaxAbsErrorColumn:
        return r.maxAbsError;
    case MaxRelErrorColumn:
        return r.maxRelError;
    case MismatchesColumn:
        return r.mismatches;
    case BaselineColumn:
        return r.timed ? r.baselineMs : -1.0;
    case CandidateColumn:
        return r.timed ? r.candidateMs : -1.0;
    case SpeedupColumn:
        return r.timed ? r.speedup : -1.0;
    case SpeedOfLightColumn:
        return r.solFraction;
    default:
        return {};
    }
}

QString ShapeResultsModel::verdictText(const verification::RecordVerdict& verdict) {
    using verification::Verdict;
    // The worker's verdicts in words; one the workbench does not know is shown as it was read.
    switch (verdict.value) {
    case Verdict::Pass:
        return tr("passed");
    case Verdict::WrongResult:
        return tr("wrong result");
    case Verdict::NanOutput:
        return tr("NaN in output");
    case Verdict::UnwrittenOutput:
        return tr("output not written");
    case Verdict::OutOfBounds:
        return tr("out-of-bounds writes");
    case Verdict::Nondeterministic:
        return tr("nondeterministic");
    case Verdict::InputModified:
        return tr("input modified");
    case Verdict::SuspiciousTiming:
        return tr("suspicious timing");
    case Verdict::Tampering:
        return tr("tampering with the harness");
    case Verdict::ImpossibleTiming:
        return tr("impossible timing");
    case Verdict::ContractViolation:
        return tr("contract violation");
    case Verdict::Sanitizer:
        return tr("hazard found by compute-sanitizer");
    case Verdict::IllegalAddress:
        return tr("illegal address");
    case Verdict::Timeout:
        return tr("timed out");
    case Verdict::Crash:
        return tr("crashed");
    case Verdict::LaunchError:
        return tr("launch error");
    case Verdict::CudaError:
        return tr("CUDA error");
    case Verdict::HarnessError:
        return tr("harness error");
    case Verdict::ProtocolError:
        return tr("protocol error");
    case Verdict::NoDevice:
        return tr("no CUDA device");
    case Verdict::CheckError:
        return tr("check error");
    case Verdict::LoadError:
        return tr("could not load");
    case Verdict::CompileError:
        return tr("compile error");
    case Verdict::NotRun:
        return tr("not run");
    case Verdict::Unknown:
        break;
    }
    return QString::fromStdString(verdict.text());
}

QVariant ShapeResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case MismatchesColumn:
            return tr("Elements outside the tolerance, over all outputs");
        case BaselineColumn:
        case CandidateColumn:
            return tr("Median time in microseconds");
        case SpeedOfLightColumn:
            return tr("The task's floor time on this device over the candidate's time");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ShapeColumn:
        return tr("Shape");
    case VerdictColumn:
        return tr("Verdict");
    case MaxAbsErrorColumn:
        return tr("Max abs error");
    case MaxRelErrorColumn:
        return tr("Max rel error");
    case MismatchesColumn:
        return tr("Mismatches");
    case BaselineColumn:
        return tr("Baseline (µs)");
    case CandidateColumn:
        return tr("Candidate (µs)");
    case SpeedupColumn:
        return tr("Speedup");
    case SpeedOfLightColumn:
        return tr("% of speed of light");
    default:
        return {};
    }
}

QHash<int, QByteArray> ShapeResultsModel::roleNames() const {
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(SortRole, "sortValue");
    names.insert(ShapeNameRole, "shapeName");
    names.insert(DimsRole, "dims");
    names.insert(VerdictRole, "verdict");
    names.insert(PassedRole, "passed");
    names.insert(MaxAbsErrorRole, "maxAbsError");
    names.insert(MaxRelErrorRole, "maxRelError");
    names.insert(MismatchesRole, "mismatches");
    names.insert(BaselineMsRole, "baselineMs");
    names.insert(CandidateMsRole, "candidateMs");
    names.insert(SpeedupRole, "speedup");
    names.insert(SpeedOfLightRole, "speedOfLight");
    return names;
}

} // namespace kwb::ui
