#pragma once
// The samples of one query (a task, or all; or the dataset view's filters), as a table that
// loads itself in pages: it knows the total at once and asks for the rows of a page the first
// time a view needs them (pageRequested), so a list of 100,000 samples costs a few pages.
// The owner answers with setPage(); answers for an older query (generation) are dropped.
//
// Sorting: by age (newest or oldest first) and by speedup (fastest first), the orders the
// project store can page through; sort() on those columns asks the owner to reload
// (orderChanged). Other columns do not sort. UI thread only.
//
// The state column tells a suspected hack and a pass with host-code screening findings apart
// from plain failures (StandingText's colours); the owner hands in each row's number of
// findings with its page (latestScreeningFindings), as the list's status has no room for it.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include <QAbstractTableModel>
#include <QDateTime>
#include <QIcon>

#include "core/model/sample.h"
#include "core/store/generation_record.h"
#include "core/store/sample_query.h"
#include "ui/models/verification_standing.h"

namespace kwb::ui {

class SampleListModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        StateColumn,
        TaskColumn,
        SampleColumn,
        ModelColumn,
        SpeedupColumn,
        AgeColumn,
        ColumnCount
    };
    enum Role {
        SampleIdRole = Qt::UserRole + 1,
        TaskIdRole,
        VerdictRole,      // "unreviewed", "accepted", "rejected", "needs-work"
        VerificationRole, // the latest verification's verdict ("pass", ...), or empty
        StateRole,        // the icon's state: see State
        StandingRole,     // int(Standing) of the latest verification, reviewed or not
        FindingsRole,     // its screening findings (int), invalid when not screened
        SpeedupRole,      // double, or invalid when not timed
        ModelRole,
        CreatedAtRole,  // QDateTime (UTC)
        LoadedRole,     // false while the row's page is on its way
        RepairTurnRole, // 0, or the repair turn the sample's code answered
        RepairOfRole,   // qint64: the sample the repair turn repairs (0: none with code)
    };
    // What the state icon says: the verdict once reviewed, else how verification went.
    enum class State {
        Loading,
        Unverified,
        CompileOnly,
        Passed,
        PassedNeedsHuman,
        Failed,
        SuspectedHack,
        CheckError,
        Accepted,
        Rejected,
        NeedsWork
    };
    Q_ENUM(State)
    static constexpr int kPageSize = 200;

    explicit SampleListModel(QObject* parent = nullptr);

    // A new query: every row is unknown again; returns its generation.
    quint64 resetQuery(std::int64_t total);
    quint64 generation() const { return m_generation; }
    // The rows of one page of query `generation`; ignored when stale. `repairs`: which of them
    // are repair turns (ProjectStore::repairLinks): shown under the sample they repair.
    // `findings`: latestScreeningFindings of the rows.
    void setPage(quint64 generation, int page, std::vector<SampleSummary> rows,
                 const std::map<std::int64_t, RepairLink>& repairs = {},
                 const std::map<std::int64_t, std::optional<int>>& findings = {});
    std::int64_t total() const { return m_total; }
    SampleOrder order() const { return m_order; }
    void setOrder(SampleOrder order);

    // The row's sample, when its page is loaded.
    std::optional<SampleSummary> summaryAt(int row) const;
    // The row of a loaded sample, or -1.
    int rowOfSample(std::int64_t id) const;
    // A verdict or verification changed: the row shows the new status (when loaded).
    void updateStatus(std::int64_t id, const SampleStatus& status);
    // A new verification was stored: its status and its number of screening findings.
    void updateVerification(std::int64_t id, const SampleStatus& status,
                            std::optional<int> findings);
    // The row's screening findings as handed in (nullopt: not screened or not known).
    std::optional<int> findingsOf(std::int64_t id) const;
    // "Now" for the age column; tests pin it.
    void setNow(const QDateTime& now) { m_now = now; }

    static State stateOf(const SampleSummary& s, std::optional<int> findings = std::nullopt);
    static QIcon stateIcon(State state);
    // "3 min", "5 h", "2 d": how long ago, as people read it.
    static QString ageText(const QDateTime& then, const QDateTime& now);
    QString stateText(const SampleSummary& s) const;
    // How the latest verification went, in words, whether or not the sample is reviewed.
    QString verificationText(const SampleSummary& s) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

signals:
    // A view needs the rows of `page` of query `generation`; asked once per page and query.
    void pageRequested(quint64 generation, int page);
    // The user sorted by a column the store can order by: reload in this order.
    void orderChanged(kwb::SampleOrder order);

private:
    const SampleSummary* rowAt(int row) const;
    QVariant displayData(const SampleSummary& s, int column) const;
    QVariant toolTipData(const SampleSummary& s, int column) const;
    void requestPage(int page) const;

    quint64 m_generation = 0;
    std::int64_t m_total = 0;
    SampleOrder m_order = SampleOrder::NewestFirst;
    std::map<int, std::vector<SampleSummary>> m_pages;
    std::map<std::int64_t, RepairLink> m_repairs;          // of the loaded pages' samples
    std::map<std::int64_t, std::optional<int>> m_findings; // of the loaded pages' verified samples
    mutable std::set<int> m_requested;                     // pages asked for in this generation
    QDateTime m_now;
};

} // namespace kwb::ui
