#pragma once
// Find and filter over a list of samples (the review list, the dataset table): a text field
// that finds words in the source, label, model and review notes, and filters by tag, reviewer,
// verdict, verification verdict, model, speedup range, screening findings and duplicates.
// Named filters are saved in the window's layout file (layoutSettings(), group
// "savedFilters", shared by every bar) and applied from a drop-down; Clear restores the full
// list. The bar narrows a SampleFilter its owner builds; it loads its choices (tags,
// reviewers, models) through the ProjectSession's background lane. UI thread only.
#include <QStringList>
#include <QVariantMap>
#include <QWidget>

#include "core/store/sample_query.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QTimer;
class QToolButton;

namespace kwb::ui {

class ProjectSession;

class SampleFilterBar final : public QWidget {
    Q_OBJECT

public:
    explicit SampleFilterBar(QWidget* parent = nullptr);

    void attach(ProjectSession* session) { m_session = session; }
    // Re-reads the tags, reviewers and models to choose from (keeping what is chosen).
    void refreshChoices();
    // Verdict, model and minimum speedup: hidden where the owner has its own (the dataset).
    void setBasicFieldsShown(bool shown);
    // `base` narrowed by the bar's fields.
    SampleFilter narrow(SampleFilter base) const;
    // True when no field narrows anything.
    bool isClear() const;
    // The fields as saved (field name -> value; fields at "any" left out), and back.
    QVariantMap state() const;
    void setState(const QVariantMap& state);
    // Every field back to "any": the full list.
    void clear();
    // Named filters: saved in the layout file, shared by every bar.
    void saveFilterAs(const QString& name);
    bool applySavedFilter(const QString& name);
    static QStringList savedFilterNames();
    // Puts the keyboard focus in the text field, its words selected (Ctrl+F).
    void focusText();
    QLineEdit* textField() const { return m_text; }

signals:
    // A field changed (text after a short pause while typing).
    void filterChanged();

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void buildLayout();
    void connectFields();
    void reloadSavedNames();
    void askFilterName();
    void fieldChanged();
    void retranslateUi();
    static void fillChoices(QComboBox* box, const std::vector<std::string>& values);

    ProjectSession* m_session = nullptr;
    QLineEdit* m_text = nullptr;
    QToolButton* m_more = nullptr;
    QComboBox* m_saved = nullptr;
    QPushButton* m_save = nullptr;
    QPushButton* m_clear = nullptr;
    QWidget* m_details = nullptr;
    QComboBox* m_tag = nullptr;
    QComboBox* m_reviewer = nullptr;
    QComboBox* m_verdict = nullptr;
    QComboBox* m_verification = nullptr;
    QComboBox* m_model = nullptr;
    QComboBox* m_findings = nullptr;
    QDoubleSpinBox* m_minSpeedup = nullptr;
    QDoubleSpinBox* m_maxSpeedup = nullptr;
    QCheckBox* m_duplicates = nullptr;
    QLabel* m_tagCaption = nullptr;
    QLabel* m_reviewerCaption = nullptr;
    QLabel* m_verdictCaption = nullptr;
    QLabel* m_verificationCaption = nullptr;
    QLabel* m_modelCaption = nullptr;
    QLabel* m_findingsCaption = nullptr;
    QLabel* m_speedupCaption = nullptr;
    QTimer* m_typing = nullptr;
    bool m_basic = true;     // verdict, model and minimum speedup are the bar's own
    bool m_applying = false; // setState() fills the fields: one filterChanged at the end
};

} // namespace kwb::ui
