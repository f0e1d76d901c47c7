#pragma once
// The colour scale of a heatmap of shares (0..1): a sequential blue scale, light for 0 and dark
// for 1 (readable without telling red from green), the text colour that stays readable on each,
// and a legend widget that paints the scale with its 0 %, 50 % and 100 % marks. UI thread only.
#include <QColor>
#include <QString>
#include <QWidget>

namespace kwb::ui {

class HeatScale final : public QWidget {
    Q_OBJECT

public:
    explicit HeatScale(QWidget* parent = nullptr);

    // The cell colour of `share` (clamped to 0..1).
    static QColor colour(double share);
    // Black or white, whichever reads better on colour(share).
    static QColor textColour(double share);

    void setCaption(const QString& caption);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QString m_caption;
};

} // namespace kwb::ui
