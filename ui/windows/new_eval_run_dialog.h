#pragma once
// "New evaluation run…": picks a plan (TOML), shows what it asks for or, when it cannot be read,
// each problem with its file, line and reason as `kwb eval run` prints them, and the requests in
// flight per model. Start is enabled only for a plan without problems. Reading a plan is a few
// kilobytes of local text, done when the path changes. UI thread only.
#include <QDialog>
#include <QString>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace kwb::ui {

class NewEvalRunDialog final : public QDialog {
    Q_OBJECT

public:
    explicit NewEvalRunDialog(QWidget* parent = nullptr);

    void setPlanPath(const QString& path);
    QString planPath() const;
    // Requests in flight per model; 0: each provider's own.
    int concurrency() const;
    void setConcurrency(int value);
    // What the plan check said (the problems, or the plan's summary).
    QString checkText() const;
    bool planIsValid() const { return m_valid; }

private:
    void check();
    void browse();
    void retranslateUi();

    QLineEdit* m_path = nullptr;
    QPushButton* m_browse = nullptr;
    QSpinBox* m_concurrency = nullptr;
    QLabel* m_pathLabel = nullptr;
    QLabel* m_concurrencyLabel = nullptr;
    QLabel* m_check = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    bool m_valid = false;
};

} // namespace kwb::ui
