#pragma once
// The per-shape table of a verification: errors, mismatches, baseline and candidate medians,
// speedup and the share of the device's speed of light. Filled with one immutable snapshot at
// a time (a reset), so the view never sees half a record. Named roles serve views, charts and
// tests alike; Qt::DisplayRole is formatted text, SortRole the raw number.
#include <QAbstractTableModel>
#include <QVector>

#include "ui/models/shape_result.h"

namespace kwb::ui {

class ShapeResultsModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        ShapeColumn,
        VerdictColumn,
        MaxAbsErrorColumn,
        MaxRelErrorColumn,
        MismatchesColumn,
        BaselineColumn,
        CandidateColumn,
        SpeedupColumn,
        SpeedOfLightColumn,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // the column's raw value (number or text)
        ShapeNameRole,
        DimsRole,
        VerdictRole,
        PassedRole,
        MaxAbsErrorRole,
        MaxRelErrorRole,
        MismatchesRole,
        BaselineMsRole,
        CandidateMsRole,
        SpeedupRole,
        SpeedOfLightRole
    };
    Q_ENUM(Role)

    explicit ShapeResultsModel(QObject* parent = nullptr);

    void setResults(QVector<ShapeResult> results);
    const QVector<ShapeResult>& results() const { return m_results; }
    void clear();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    // A verdict in words ("wrong result", "not run", ...); unknown ones as they were read.
    static QString verdictText(const verification::RecordVerdict& verdict);
    static QString verdictText(verification::Verdict verdict) {
        return verdictText(verification::RecordVerdict{verdict, {}});
    }

private:
    QVariant displayText(const ShapeResult& r, int column) const;
    QVariant sortValue(const ShapeResult& r, int column) const;

    QVector<ShapeResult> m_results;
};

} // namespace kwb::ui
