#pragma once
// Table columns as wide as their words: the header's title (with the sort arrow) and the text
// and icon of the rows that can be on screen, in whatever language is installed. Stretched and
// hidden columns are left alone; a column is only ever widened, so a width the user chose that
// is larger stays. Used by the review list and the dataset view.
#include <QList>

class QTableView;

namespace kwb::ui {

// The width each column needs (0 for those left alone), after widening the narrower ones.
QList<int> widenColumnsToText(QTableView* table);

} // namespace kwb::ui
