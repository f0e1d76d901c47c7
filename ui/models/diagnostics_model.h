#pragma once
// Compiler diagnostics as a list: what the Problems list shows and jumps from. Filled with one
// snapshot at a time (a reset).
#include <vector>

#include <QAbstractListModel>

#include "core/protocol/diagnostics.h"

namespace kwb::ui {

class DiagnosticsModel final : public QAbstractListModel {
    Q_OBJECT

public:
    enum Role { FileRole = Qt::UserRole + 1, LineRole, ColumnRole, SeverityRole, MessageRole };
    Q_ENUM(Role)

    explicit DiagnosticsModel(QObject* parent = nullptr);

    void setDiagnostics(std::vector<Diagnostic> diagnostics);
    const std::vector<Diagnostic>& diagnostics() const { return m_diagnostics; }
    int errorCount() const;
    int warningCount() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    std::vector<Diagnostic> m_diagnostics;
};

} // namespace kwb::ui
