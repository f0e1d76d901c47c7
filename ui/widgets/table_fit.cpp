#include "ui/widgets/table_fit.h"

#include <QAbstractItemModel>
#include <QFontMetrics>
#include <QHeaderView>
#include <QStyle>
#include <QTableView>

namespace kwb::ui {

QList<int> widenColumnsToText(QTableView* table) {
    QAbstractItemModel* model = table->model();
    if (!model)
        return {};
    QList<int> needs(model->columnCount(), 0);
    auto* header = table->horizontalHeader();
    const QFontMetrics cellMetrics = table->fontMetrics();
    const QFontMetrics headerMetrics = header->fontMetrics();
    const QStyle* style = table->style();
    // The delegate's text margins, and a few pixels so that no style's rounding elides.
    const int margin =
        2 * (style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1) + 4;
    // The sort arrow and the header's own margins take room beside its text.
    const int headerExtra = style->pixelMetric(QStyle::PM_HeaderMarkSize, nullptr, header) +
                            4 * style->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    const int iconExtra = table->iconSize().isValid()
                              ? table->iconSize().width()
                              : style->pixelMetric(QStyle::PM_SmallIconSize) + 4;
    const int first = qMax(0, table->rowAt(0));
    const int last = qMin(model->rowCount() - 1, first + 200); // what can be on screen
    for (int column = 0; column < model->columnCount(); ++column) {
        if (header->sectionResizeMode(column) == QHeaderView::Stretch ||
            table->isColumnHidden(column))
            continue;
        int needed =
            headerMetrics.horizontalAdvance(model->headerData(column, Qt::Horizontal).toString()) +
            headerExtra;
        for (int row = first; row <= last; ++row) {
            const QModelIndex index = model->index(row, column);
            int width = cellMetrics.horizontalAdvance(index.data().toString()) + margin;
            if (!index.data(Qt::DecorationRole).isNull())
                width += iconExtra;
            needed = qMax(needed, width);
        }
        needs[column] = needed;
        if (header->sectionSize(column) < needed)
            header->resizeSection(column, needed);
    }
    return needs;
}

} // namespace kwb::ui
