#include "ui/models/sample_list_model.h"

#include <QColor>
#include <QFont>
#include <QPainter>
#include <QPixmap>
#include <algorithm>
#include <limits>

#include "ui/models/shape_results_model.h"

namespace kwb::ui {

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

// A round badge with a one-letter mark: drawn once per state, cached.
QIcon badge(const QColor& fill, QChar mark) {
    QPixmap pixmap(16, 16);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(fill);
    painter.drawEllipse(1, 1, 14, 14);
    QFont font = painter.font();
    font.setPixelSize(11);
    font.setBold(true);
    painter.setFont(font);
    painter.setPen(Qt::white);
    painter.drawText(QRect(0, 0, 16, 16), Qt::AlignCenter, QString(mark));
    return QIcon(pixmap);
}

} // namespace

SampleListModel::SampleListModel(QObject* parent) : QAbstractTableModel(parent) {}

quint64 SampleListModel::resetQuery(std::int64_t total) {
    beginResetModel();
    ++m_generation;
    m_total = std::clamp<std::int64_t>(total, 0, std::numeric_limits<int>::max());
    m_pages.clear();
    m_repairs.clear();
    m_findings.clear();
    m_requested.clear();
    endResetModel();
    return m_generation;
}

void SampleListModel::setPage(quint64 generation, int page, std::vector<SampleSummary> rows,
                              const std::map<std::int64_t, RepairLink>& repairs,
                              const std::map<std::int64_t, std::optional<int>>& findings) {
    if (generation != m_generation || page < 0)
        return;
    m_repairs.insert(repairs.begin(), repairs.end());
    for (const auto& [id, count] : findings)
        m_findings[id] = count;
    const int first = page * kPageSize;
    if (first >= m_total)
        return;
    const int last =
        std::min<int>(first + static_cast<int>(rows.size()), static_cast<int>(m_total)) - 1;
    m_pages[page] = std::move(rows);
    if (last >= first)
        emit dataChanged(index(first, 0), index(last, ColumnCount - 1));
}

void SampleListModel::setOrder(SampleOrder order) {
    m_order = order;
}

const SampleSummary* SampleListModel::rowAt(int row) const {
    if (row < 0 || row >= m_total)
        return nullptr;
    const auto it = m_pages.find(row / kPageSize);
    if (it == m_pages.end()) {
        requestPage(row / kPageSize);
        return nullptr;
    }
    const auto offset = static_cast<std::size_t>(row % kPageSize);
    return offset < it->second.size() ? &it->second[offset] : nullptr;
}

void SampleListModel::requestPage(int page) const {
    if (!m_requested.insert(page).second)
        return;
    // Asked from inside data() (a view painting): the owner hears it after the paint.
    auto* self = const_cast<SampleListModel*>(this);
    const quint64 generation = m_generation;
    QMetaObject::invokeMethod(
        self, [self, generation, page] { emit self->pageRequested(generation, page); },
        Qt::QueuedConnection);
}

std::optional<SampleSummary> SampleListModel::summaryAt(int row) const {
    if (const SampleSummary* s = rowAt(row))
        return *s;
    return std::nullopt;
}

int SampleListModel::rowOfSample(std::int64_t id) const {
    for (const auto& [page, rows] : m_pages) {
        for (std::size_t i = 0; i < rows.size(); ++i) {
            if (rows[i].id == id)
                return page * kPageSize + static_cast<int>(i);
        }
    }
    return -1;
}

void SampleListModel::updateStatus(std::int64_t id, const SampleStatus& status) {
    for (auto& [page, rows] : m_pages) {
        for (std::size_t i = 0; i < rows.size(); ++i) {
            if (rows[i].id != id)
                continue;
            rows[i].status = status;
            const int row = page * kPageSize + static_cast<int>(i);
            emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
            return;
        }
    }
}

void SampleListModel::updateVerification(std::int64_t id, const SampleStatus& status,
                                         std::optional<int> findings) {
    m_findings[id] = findings;
    updateStatus(id, status);
}

std::optional<int> SampleListModel::findingsOf(std::int64_t id) const {
    const auto it = m_findings.find(id);
    return it == m_findings.end() ? std::nullopt : it->second;
}

SampleListModel::State SampleListModel::stateOf(const SampleSummary& s,
                                                std::optional<int> findings) {
    switch (s.status.verdict) {
    case Verdict::Accepted:
        return State::Accepted;
    case Verdict::Rejected:
        return State::Rejected;
    case Verdict::NeedsWork:
        return State::NeedsWork;
    case Verdict::Unreviewed:
        break;
    }
    switch (standingOf(s.status, findings)) {
    case Standing::Unverified:
        return State::Unverified;
    case Standing::CompileOnly:
        return State::CompileOnly;
    case Standing::Passed:
        return State::Passed;
    case Standing::NeedsHuman:
        return State::PassedNeedsHuman;
    case Standing::Failed:
        return State::Failed;
    case Standing::SuspectedHack:
        return State::SuspectedHack;
    case Standing::CheckError:
        return State::CheckError;
    }
    return State::CheckError;
}

QIcon SampleListModel::stateIcon(State state) {
    // Suspected hacks and passes with findings: a colour and a mark of their own (StandingText).
    static const QIcon icons[] = {
        badge(QColor(0xb0, 0xb0, 0xb0), QLatin1Char(' ')), // loading
        badge(StandingText::color(Standing::Unverified), QLatin1Char('?')),
        badge(StandingText::color(Standing::CompileOnly), QLatin1Char('C')),
        badge(StandingText::color(Standing::Passed), QLatin1Char('P')),
        badge(StandingText::color(Standing::NeedsHuman), QLatin1Char('S')), // screening findings
        badge(StandingText::color(Standing::Failed), QLatin1Char('F')),
        badge(StandingText::color(Standing::SuspectedHack), QLatin1Char('!')),
        badge(StandingText::color(Standing::CheckError), QLatin1Char('E')),
        badge(QColor(0x1f, 0x8a, 0x3d), QLatin1Char('A')), // accepted
        badge(QColor(0xb3, 0x26, 0x1e), QLatin1Char('R')), // rejected
        badge(QColor(0x8e, 0x5b, 0xc4), QLatin1Char('N')), // needs work
    };
    return icons[static_cast<int>(state)];
}

QString SampleListModel::ageText(const QDateTime& then, const QDateTime& now) {
    if (!then.isValid())
        return {};
    const qint64 s = std::max<qint64>(0, then.secsTo(now));
    if (s < 60)
        return tr("now");
    if (s < 3600)
        return tr("%1 min").arg(s / 60);
    if (s < 86400)
        return tr("%1 h").arg(s / 3600);
    return tr("%1 d").arg(s / 86400);
}

QString SampleListModel::verificationText(const SampleSummary& s) const {
    const auto verdict = verification::RecordVerdict::fromText(s.status.verificationVerdict);
    const std::optional<int> findings = findingsOf(s.id);
    switch (standingOf(s.status, findings)) {
    case Standing::Unverified:
        return tr("Unverified");
    case Standing::CompileOnly:
        return tr("Compiles");
    case Standing::Passed:
        return tr("Passed");
    case Standing::NeedsHuman:
        return tr("Passed, needs a human: %n screening finding(s)", nullptr, findings.value_or(0));
    case Standing::Failed:
        return tr("Failed: %1").arg(ShapeResultsModel::verdictText(verdict));
    case Standing::SuspectedHack:
        return tr("Suspected hack: %1").arg(ShapeResultsModel::verdictText(verdict));
    case Standing::CheckError:
        return tr("Check did not finish: %1").arg(ShapeResultsModel::verdictText(verdict));
    }
    return {};
}

QString SampleListModel::stateText(const SampleSummary& s) const {
    QString review;
    switch (s.status.verdict) {
    case Verdict::Accepted:
        review = tr("Accepted");
        break;
    case Verdict::Rejected:
        review = tr("Rejected");
        break;
    case Verdict::NeedsWork:
        review = tr("Needs work");
        break;
    case Verdict::Unreviewed:
        return verificationText(s);
    }
    // A reviewed sample still says when its verification was not a clean pass.
    const Standing standing = standingOf(s.status, findingsOf(s.id));
    if (standing == Standing::Passed)
        return review;
    //: A review verdict and how the latest verification went, e.g. "Accepted · Suspected hack:
    //: tampering"
    return tr("%1 · %2").arg(review, verificationText(s));
}

int SampleListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_total);
}

int SampleListModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SampleListModel::displayData(const SampleSummary& s, int column) const {
    switch (column) {
    case StateColumn:
        return stateText(s);
    case TaskColumn:
        return qs(s.taskId);
    case SampleColumn: {
        QString text = s.label.empty() ? QStringLiteral("#%1").arg(s.id)
                                       : QStringLiteral("#%1 %2").arg(s.id).arg(qs(s.label));
        // A repair turn reads as a child of the sample it repairs.
        if (auto it = m_repairs.find(s.id); it != m_repairs.end())
            text = it->second.parentSampleId ? tr("↳ %1 · turn %2 of #%3")
                                                   .arg(text)
                                                   .arg(it->second.turn)
                                                   .arg(*it->second.parentSampleId)
                                             : tr("↳ %1 · turn %2").arg(text).arg(it->second.turn);
        return text;
    }
    case ModelColumn:
        if (!s.model.empty())
            return qs(s.model);
        return s.origin == SampleOrigin::Person ? tr("(person)") : tr("(import)");
    case SpeedupColumn:
        return s.status.speedup ? QStringLiteral("%1×").arg(*s.status.speedup, 0, 'f', 2)
                                : QString();
    case AgeColumn:
        return ageText(QDateTime::fromString(qs(s.createdAt), Qt::ISODate),
                       m_now.isValid() ? m_now : QDateTime::currentDateTimeUtc());
    default:
        return {};
    }
}

QVariant SampleListModel::toolTipData(const SampleSummary& s, int column) const {
    if (column == StateColumn && !s.status.duplicateKind.empty())
        return tr("%1; duplicate of #%2").arg(stateText(s)).arg(s.status.duplicateOf.value_or(0));
    if (column == SampleColumn) {
        if (auto it = m_repairs.find(s.id); it != m_repairs.end())
            return it->second.parentSampleId
                       ? tr("Repair turn %1 of sample #%2: the model's answer after being told "
                            "why "
                            "that sample failed.")
                             .arg(it->second.turn)
                             .arg(*it->second.parentSampleId)
                       : tr("Repair turn %1 of an answer that had no code.").arg(it->second.turn);
        return {};
    }
    return column == StateColumn ? QVariant(stateText(s)) : QVariant();
}

QVariant SampleListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const SampleSummary* s = rowAt(index.row());
    if (role == LoadedRole)
        return s != nullptr;
    if (!s) {
        if (role == Qt::DisplayRole && index.column() == SampleColumn)
            return tr("Loading…");
        if (role == Qt::DecorationRole && index.column() == StateColumn)
            return stateIcon(State::Loading);
        return {};
    }
    switch (role) {
    case Qt::DisplayRole:
        return displayData(*s, index.column());
    case Qt::DecorationRole:
        return index.column() == StateColumn ? QVariant(stateIcon(stateOf(*s, findingsOf(s->id))))
                                             : QVariant();
    case Qt::ToolTipRole:
        return toolTipData(*s, index.column());
    case Qt::TextAlignmentRole:
        return index.column() == SpeedupColumn || index.column() == AgeColumn
                   ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                   : QVariant();
    case SampleIdRole:
        return QVariant::fromValue<qint64>(s->id);
    case TaskIdRole:
        return qs(s->taskId);
    case VerdictRole:
        return qs(toString(s->status.verdict));
    case VerificationRole:
        return qs(s->status.verificationVerdict);
    case StateRole:
        return QVariant::fromValue(stateOf(*s, findingsOf(s->id)));
    case StandingRole:
        return static_cast<int>(standingOf(s->status, findingsOf(s->id)));
    case FindingsRole: {
        const std::optional<int> findings = findingsOf(s->id);
        return findings ? QVariant(*findings) : QVariant();
    }
    case SpeedupRole:
        return s->status.speedup ? QVariant(*s->status.speedup) : QVariant();
    case ModelRole:
        return qs(s->model);
    case CreatedAtRole:
        return QDateTime::fromString(qs(s->createdAt), Qt::ISODate);
    case RepairTurnRole: {
        const auto it = m_repairs.find(s->id);
        return it == m_repairs.end() ? 0 : it->second.turn;
    }
    case RepairOfRole: {
        const auto it = m_repairs.find(s->id);
        return QVariant::fromValue<qint64>(
            it == m_repairs.end() ? 0 : it->second.parentSampleId.value_or(0));
    }
    default:
        return {};
    }
}

QVariant SampleListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case StateColumn:
        return tr("State");
    case TaskColumn:
        return tr("Task");
    case SampleColumn:
        return tr("Sample");
    case ModelColumn:
        return tr("Model");
    case SpeedupColumn:
        return tr("Speedup");
    case AgeColumn:
        return tr("Age");
    default:
        return {};
    }
}

QHash<int, QByteArray> SampleListModel::roleNames() const {
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(SampleIdRole, "sampleId");
    names.insert(TaskIdRole, "taskId");
    names.insert(VerdictRole, "verdict");
    names.insert(VerificationRole, "verification");
    names.insert(StateRole, "state");
    names.insert(StandingRole, "standing");
    names.insert(FindingsRole, "findings");
    names.insert(SpeedupRole, "speedup");
    names.insert(ModelRole, "model");
    names.insert(CreatedAtRole, "createdAt");
    names.insert(LoadedRole, "loaded");
    names.insert(RepairTurnRole, "repairTurn");
    names.insert(RepairOfRole, "repairOf");
    return names;
}

void SampleListModel::sort(int column, Qt::SortOrder order) {
    SampleOrder wanted = m_order;
    if (column == AgeColumn)
        wanted = order == Qt::AscendingOrder ? SampleOrder::NewestFirst : SampleOrder::OldestFirst;
    else if (column == SpeedupColumn)
        wanted = SampleOrder::FastestFirst;
    else
        return; // the store cannot page in that order
    if (wanted == m_order)
        return;
    m_order = wanted;
    emit orderChanged(wanted);
}

} // namespace kwb::ui
