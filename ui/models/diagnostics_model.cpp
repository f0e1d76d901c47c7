#include "ui/models/diagnostics_model.h"

#include <QApplication>
#include <QIcon>
#include <QStyle>
#include <algorithm>

namespace kwb::ui {

DiagnosticsModel::DiagnosticsModel(QObject* parent) : QAbstractListModel(parent) {}

void DiagnosticsModel::setDiagnostics(std::vector<Diagnostic> diagnostics) {
    beginResetModel();
    m_diagnostics = std::move(diagnostics);
    endResetModel();
}

int DiagnosticsModel::errorCount() const {
    return static_cast<int>(
        std::count_if(m_diagnostics.begin(), m_diagnostics.end(),
                      [](const Diagnostic& d) { return d.severity == "error"; }));
}

int DiagnosticsModel::warningCount() const {
    return static_cast<int>(
        std::count_if(m_diagnostics.begin(), m_diagnostics.end(),
                      [](const Diagnostic& d) { return d.severity == "warning"; }));
}

int DiagnosticsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_diagnostics.size());
}

QVariant DiagnosticsModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Diagnostic& d = m_diagnostics[static_cast<size_t>(index.row())];
    const QString file = QString::fromStdString(d.file);
    const QString message = QString::fromStdString(d.message);
    switch (role) {
    case Qt::DisplayRole: {
        //: A compiler diagnostic's place: file, line (and column)
        const QString where = d.column > 0 ? tr("%1:%2:%3").arg(file).arg(d.line).arg(d.column)
                                           : tr("%1:%2").arg(file).arg(d.line);
        QString severity = tr("note");
        if (d.severity == "error")
            severity = tr("error");
        else if (d.severity == "warning")
            severity = tr("warning");
        //: "<place>  <severity>: <message>"
        return tr("%1  %2: %3").arg(where, severity, message);
    }
    case Qt::ToolTipRole:
        return message;
    case Qt::DecorationRole: {
        const QStyle* style = QApplication::style();
        if (!style)
            return {};
        if (d.severity == "error")
            return style->standardIcon(QStyle::SP_MessageBoxCritical);
        if (d.severity == "warning")
            return style->standardIcon(QStyle::SP_MessageBoxWarning);
        return style->standardIcon(QStyle::SP_MessageBoxInformation);
    }
    case FileRole:
        return file;
    case LineRole:
        return d.line;
    case ColumnRole:
        return d.column;
    case SeverityRole:
        return QString::fromStdString(d.severity);
    case MessageRole:
        return message;
    default:
        return {};
    }
}

QHash<int, QByteArray> DiagnosticsModel::roleNames() const {
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(FileRole, "file");
    names.insert(LineRole, "line");
    names.insert(ColumnRole, "column");
    names.insert(SeverityRole, "severity");
    names.insert(MessageRole, "message");
    return names;
}

} // namespace kwb::ui
