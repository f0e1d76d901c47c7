#include "ui/widgets/sample_filter_bar.h"

#include <algorithm>
#include <iterator>
#include <utility>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include "core/store/project_store.h"
#include "ui/models/layout_settings.h"
#include "ui/models/project_session.h"

namespace kwb::ui {

namespace {

const QString kSavedGroup = QStringLiteral("savedFilters");

// The verdict and verification entries after "any", in the combos' order.
const Verdict kVerdicts[] = {Verdict::Unreviewed, Verdict::Accepted, Verdict::Rejected,
                             Verdict::NeedsWork};
const verification::VerdictFamily kFamilies[] = {
    verification::VerdictFamily::Pass, verification::VerdictFamily::Failed,
    verification::VerdictFamily::SuspectedHack, verification::VerdictFamily::NotRun,
    verification::VerdictFamily::Error};

struct Choices {
    std::vector<std::string> tags, reviewers, models;
};

// Selects the entry holding `value` (adding it when the choices do not have it yet); an
// empty value selects "any".
void selectData(QComboBox* box, const QString& value) {
    if (value.isEmpty()) {
        box->setCurrentIndex(0);
        return;
    }
    int i = box->findData(value);
    if (i < 0) {
        box->addItem(value, value);
        i = box->count() - 1;
    }
    box->setCurrentIndex(i);
}

QString chosen(const QComboBox* box) {
    return box->currentIndex() > 0 ? box->currentData().toString() : QString();
}

} // namespace

SampleFilterBar::SampleFilterBar(QWidget* parent)
    : QWidget(parent), m_text(new QLineEdit(this)), m_more(new QToolButton(this)),
      m_saved(new QComboBox(this)), m_save(new QPushButton(this)), m_clear(new QPushButton(this)),
      m_details(new QWidget(this)), m_tag(new QComboBox(m_details)),
      m_reviewer(new QComboBox(m_details)), m_verdict(new QComboBox(m_details)),
      m_verification(new QComboBox(m_details)), m_model(new QComboBox(m_details)),
      m_findings(new QComboBox(m_details)), m_minSpeedup(new QDoubleSpinBox(m_details)),
      m_maxSpeedup(new QDoubleSpinBox(m_details)), m_duplicates(new QCheckBox(m_details)),
      m_tagCaption(new QLabel(m_details)), m_reviewerCaption(new QLabel(m_details)),
      m_verdictCaption(new QLabel(m_details)), m_verificationCaption(new QLabel(m_details)),
      m_modelCaption(new QLabel(m_details)), m_findingsCaption(new QLabel(m_details)),
      m_speedupCaption(new QLabel(m_details)), m_typing(new QTimer(this)) {
    setObjectName(QStringLiteral("sampleFilterBar"));
    m_text->setObjectName(QStringLiteral("filterText"));
    m_more->setObjectName(QStringLiteral("filterMore"));
    m_saved->setObjectName(QStringLiteral("filterSaved"));
    m_save->setObjectName(QStringLiteral("filterSave"));
    m_clear->setObjectName(QStringLiteral("filterClear"));
    m_tag->setObjectName(QStringLiteral("filterTag"));
    m_reviewer->setObjectName(QStringLiteral("filterReviewer"));
    m_verdict->setObjectName(QStringLiteral("filterVerdict"));
    m_verification->setObjectName(QStringLiteral("filterVerification"));
    m_model->setObjectName(QStringLiteral("filterModel"));
    m_findings->setObjectName(QStringLiteral("filterFindings"));
    m_minSpeedup->setObjectName(QStringLiteral("filterMinSpeedup"));
    m_maxSpeedup->setObjectName(QStringLiteral("filterMaxSpeedup"));
    m_duplicates->setObjectName(QStringLiteral("filterDuplicates"));
    m_text->setClearButtonEnabled(true);
    m_text->installEventFilter(this);
    m_more->setCheckable(true);
    m_more->setToolButtonStyle(Qt::ToolButtonTextOnly);
    for (QDoubleSpinBox* box : {m_minSpeedup, m_maxSpeedup}) {
        box->setRange(0.0, 1000.0);
        box->setSingleStep(0.1);
        box->setDecimals(2);
        box->setSuffix(QStringLiteral("×"));
    }
    for (QComboBox* box : {m_tag, m_reviewer, m_model, m_saved})
        box->addItem(QString());
    for (int i = 0; i <= int(std::size(kVerdicts)); ++i)
        m_verdict->addItem(QString(),
                           i ? QString::fromStdString(toString(kVerdicts[i - 1])) : QString());
    for (int i = 0; i <= int(std::size(kFamilies)); ++i)
        m_verification->addItem(QString(),
                                i ? QString::fromStdString(toString(kFamilies[i - 1])) : QString());
    m_findings->addItem(QString(), QString());
    m_findings->addItem(QString(), QStringLiteral("with"));
    m_findings->addItem(QString(), QStringLiteral("without"));
    m_typing->setSingleShot(true);
    m_typing->setInterval(250);
    buildLayout();
    connectFields();
    reloadSavedNames();
    retranslateUi();
}

void SampleFilterBar::buildLayout() {
    // One slim row over the list (find, Filters, Clear); the filters and the saved ones fold
    // out under it. Combos may shrink with their column, so the bar never widens the list.
    auto* top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(m_text, 1);
    top->addWidget(m_more);
    top->addWidget(m_clear);
    auto* grid = new QGridLayout(m_details);
    grid->setContentsMargins(0, 0, 0, 0);
    auto* savedRow = new QHBoxLayout;
    savedRow->addWidget(m_saved, 1);
    savedRow->addWidget(m_save);
    grid->addLayout(savedRow, 0, 0, 1, 4);
    const std::pair<QLabel*, QComboBox*> rows[] = {
        {m_tagCaption, m_tag},         {m_reviewerCaption, m_reviewer},
        {m_verdictCaption, m_verdict}, {m_verificationCaption, m_verification},
        {m_modelCaption, m_model},     {m_findingsCaption, m_findings}};
    int i = 0;
    for (const auto& [caption, field] : rows) {
        caption->setBuddy(field);
        field->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        field->setMinimumContentsLength(6);
        grid->addWidget(caption, 1 + i / 2, (i % 2) * 2);
        grid->addWidget(field, 1 + i / 2, (i % 2) * 2 + 1);
        ++i;
    }
    m_saved->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_saved->setMinimumContentsLength(6);
    m_speedupCaption->setBuddy(m_minSpeedup);
    auto* range = new QHBoxLayout;
    range->addWidget(m_minSpeedup);
    range->addWidget(new QLabel(QStringLiteral("–"), m_details));
    range->addWidget(m_maxSpeedup);
    grid->addWidget(m_speedupCaption, 4, 0);
    grid->addLayout(range, 4, 1, 1, 3);
    grid->addWidget(m_duplicates, 5, 0, 1, 4);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);
    m_details->setVisible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_details);
}

void SampleFilterBar::connectFields() {
    connect(m_text, &QLineEdit::textChanged, this, [this] { m_typing->start(); });
    connect(m_text, &QLineEdit::returnPressed, this, [this] {
        m_typing->stop();
        fieldChanged();
    });
    connect(m_typing, &QTimer::timeout, this, &SampleFilterBar::fieldChanged);
    for (QComboBox* box : {m_tag, m_reviewer, m_verdict, m_verification, m_model, m_findings})
        connect(box, &QComboBox::currentIndexChanged, this, &SampleFilterBar::fieldChanged);
    for (QDoubleSpinBox* box : {m_minSpeedup, m_maxSpeedup})
        connect(box, &QDoubleSpinBox::valueChanged, this, &SampleFilterBar::fieldChanged);
    connect(m_duplicates, &QCheckBox::toggled, this, &SampleFilterBar::fieldChanged);
    connect(m_more, &QToolButton::toggled, m_details, &QWidget::setVisible);
    connect(m_save, &QPushButton::clicked, this, &SampleFilterBar::askFilterName);
    connect(m_clear, &QPushButton::clicked, this, &SampleFilterBar::clear);
    connect(m_saved, &QComboBox::activated, this, [this](int index) {
        if (index > 0)
            applySavedFilter(m_saved->itemText(index));
    });
}

void SampleFilterBar::fieldChanged() {
    if (!m_applying)
        emit filterChanged();
}

void SampleFilterBar::setBasicFieldsShown(bool shown) {
    m_basic = shown;
    for (QWidget* w :
         std::initializer_list<QWidget*>{m_verdict, m_verdictCaption, m_model, m_modelCaption})
        w->setVisible(shown);
    // The owner's minimum speedup stands for this one; the maximum stays.
    m_minSpeedup->setEnabled(shown);
}

SampleFilter SampleFilterBar::narrow(SampleFilter f) const {
    const QString text = m_text->text().simplified();
    if (!text.isEmpty()) {
        f.text = text.toStdString();
        f.textCoversNotes = true;
    }
    if (const QString tag = chosen(m_tag); !tag.isEmpty())
        f.tags.push_back(tag.toStdString());
    if (const QString who = chosen(m_reviewer); !who.isEmpty())
        f.reviewers.push_back(who.toStdString());
    if (m_basic && m_verdict->currentIndex() > 0)
        f.verdicts.push_back(kVerdicts[m_verdict->currentIndex() - 1]);
    if (m_verification->currentIndex() > 0)
        f.verificationFamilies.push_back(kFamilies[m_verification->currentIndex() - 1]);
    if (m_basic && m_model->currentIndex() > 0)
        f.models.push_back(m_model->currentData().toString().toStdString());
    if (m_findings->currentIndex() > 0)
        f.screeningFindings = m_findings->currentIndex() == 1;
    if (m_basic && m_minSpeedup->value() > 0)
        f.minSpeedup = m_minSpeedup->value();
    if (m_maxSpeedup->value() > 0)
        f.maxSpeedup = m_maxSpeedup->value();
    f.duplicatesOnly = f.duplicatesOnly || m_duplicates->isChecked();
    return f;
}

bool SampleFilterBar::isClear() const {
    return state().isEmpty();
}

QVariantMap SampleFilterBar::state() const {
    QVariantMap s;
    const auto put = [&s](const char* key, const QString& value) {
        if (!value.isEmpty())
            s.insert(QLatin1String(key), value);
    };
    put("text", m_text->text().simplified());
    put("tag", chosen(m_tag));
    put("reviewer", chosen(m_reviewer));
    put("verdict", chosen(m_verdict));
    put("verification", chosen(m_verification));
    if (m_model->currentIndex() > 0)
        s.insert(QStringLiteral("model"), m_model->currentData().toString());
    put("findings", chosen(m_findings));
    if (m_minSpeedup->value() > 0)
        s.insert(QStringLiteral("minSpeedup"), m_minSpeedup->value());
    if (m_maxSpeedup->value() > 0)
        s.insert(QStringLiteral("maxSpeedup"), m_maxSpeedup->value());
    if (m_duplicates->isChecked())
        s.insert(QStringLiteral("duplicatesOnly"), true);
    return s;
}

void SampleFilterBar::setState(const QVariantMap& s) {
    m_applying = true;
    m_typing->stop();
    m_text->setText(s.value(QStringLiteral("text")).toString());
    m_typing->stop();
    selectData(m_tag, s.value(QStringLiteral("tag")).toString());
    selectData(m_reviewer, s.value(QStringLiteral("reviewer")).toString());
    selectData(m_verdict, s.value(QStringLiteral("verdict")).toString());
    selectData(m_verification, s.value(QStringLiteral("verification")).toString());
    if (s.contains(QStringLiteral("model"))) {
        const QString model = s.value(QStringLiteral("model")).toString();
        int i = m_model->findData(model);
        if (i < 0) {
            m_model->addItem(model.isEmpty() ? tr("(no model)") : model, model);
            i = m_model->count() - 1;
        }
        m_model->setCurrentIndex(i);
    } else {
        m_model->setCurrentIndex(0);
    }
    selectData(m_findings, s.value(QStringLiteral("findings")).toString());
    m_minSpeedup->setValue(s.value(QStringLiteral("minSpeedup"), 0.0).toDouble());
    m_maxSpeedup->setValue(s.value(QStringLiteral("maxSpeedup"), 0.0).toDouble());
    m_duplicates->setChecked(s.value(QStringLiteral("duplicatesOnly"), false).toBool());
    // Fields beyond the text show, so that what narrows the list is in sight.
    if (s.size() > (s.contains(QStringLiteral("text")) ? 1 : 0))
        m_more->setChecked(true);
    m_applying = false;
    emit filterChanged();
}

void SampleFilterBar::clear() {
    m_saved->setCurrentIndex(0);
    setState({});
}

void SampleFilterBar::saveFilterAs(const QString& rawName) {
    QString name = rawName.trimmed();
    name.replace(QLatin1Char('/'), QLatin1Char('-')).replace(QLatin1Char('\\'), QLatin1Char('-'));
    if (name.isEmpty())
        return;
    const auto settings = layoutSettings();
    settings->beginGroup(kSavedGroup);
    settings->setValue(name, state());
    settings->endGroup();
    settings->sync();
    reloadSavedNames();
    m_saved->setCurrentIndex(std::max(0, m_saved->findText(name)));
}

bool SampleFilterBar::applySavedFilter(const QString& name) {
    const auto settings = layoutSettings();
    settings->beginGroup(kSavedGroup);
    const bool known = settings->contains(name);
    const QVariantMap s = settings->value(name).toMap();
    settings->endGroup();
    if (!known)
        return false;
    setState(s);
    m_saved->setCurrentIndex(std::max(0, m_saved->findText(name)));
    return true;
}

QStringList SampleFilterBar::savedFilterNames() {
    const auto settings = layoutSettings();
    settings->beginGroup(kSavedGroup);
    QStringList names = settings->childKeys();
    settings->endGroup();
    names.sort(Qt::CaseInsensitive);
    return names;
}

void SampleFilterBar::reloadSavedNames() {
    const QString current = m_saved->currentIndex() > 0 ? m_saved->currentText() : QString();
    while (m_saved->count() > 1)
        m_saved->removeItem(1);
    const QStringList names = savedFilterNames();
    m_saved->addItems(names);
    m_saved->setCurrentIndex(current.isEmpty() ? 0 : std::max(0, m_saved->findText(current)));
    m_saved->setEnabled(!names.isEmpty());
}

void SampleFilterBar::askFilterName() {
    auto* dialog = new QInputDialog(this);
    dialog->setObjectName(QStringLiteral("saveFilterDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Save filter"));
    dialog->setLabelText(tr("Name of the filter:"));
    dialog->setTextValue(m_saved->currentIndex() > 0 ? m_saved->currentText() : QString());
    connect(dialog, &QInputDialog::textValueSelected, this, &SampleFilterBar::saveFilterAs);
    dialog->open();
}

void SampleFilterBar::focusText() {
    m_text->setFocus(Qt::ShortcutFocusReason);
    m_text->selectAll();
}

void SampleFilterBar::refreshChoices() {
    if (!m_session || !m_session->isOpen())
        return;
    m_session->runBackground(
        this,
        [](ProjectStore& store) -> Result<Choices> {
            auto tags = store.reviewTags();
            if (!tags)
                return tags.error();
            auto reviewers = store.reviewers();
            if (!reviewers)
                return reviewers.error();
            auto models = store.models();
            if (!models)
                return models.error();
            return Choices{*tags, *reviewers, *models};
        },
        [this](const Result<Choices>& c) {
            if (!c)
                return;
            m_applying = true; // refilling keeps the choice: no change to announce
            fillChoices(m_tag, c->tags);
            fillChoices(m_reviewer, c->reviewers);
            fillChoices(m_model, c->models);
            m_applying = false;
        });
}

void SampleFilterBar::fillChoices(QComboBox* box, const std::vector<std::string>& values) {
    const bool any = box->currentIndex() <= 0;
    const QString current = box->currentData().toString();
    while (box->count() > 1)
        box->removeItem(1);
    for (const auto& v : values) {
        const QString value = QString::fromStdString(v);
        box->addItem(value.isEmpty() ? tr("(no model)") : value, value);
    }
    if (any) {
        box->setCurrentIndex(0);
        return;
    }
    int i = box->findData(current);
    if (i < 0) { // chosen before and gone now: kept, so the list does not widen by itself
        box->addItem(current, current);
        i = box->count() - 1;
    }
    box->setCurrentIndex(i);
}

void SampleFilterBar::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    reloadSavedNames(); // another view's bar may have saved one
}

bool SampleFilterBar::eventFilter(QObject* watched, QEvent* event) {
    // Escape in the text field clears the filter (before the window's Escape sees it).
    if (watched == m_text &&
        (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress) &&
        static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape && !isClear()) {
        event->accept();
        if (event->type() == QEvent::KeyPress)
            clear();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void SampleFilterBar::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void SampleFilterBar::retranslateUi() {
    m_text->setPlaceholderText(tr("Find in source and notes (Ctrl+F)"));
    m_text->setAccessibleName(tr("Find in source and notes"));
    m_more->setText(tr("Filters"));
    m_more->setToolTip(tr("Show or hide the filters by tag, reviewer, verdict and more"));
    m_save->setText(tr("Save filter…"));
    m_clear->setText(tr("Clear"));
    m_clear->setToolTip(tr("Clear every filter: the full list (Escape in the find field)"));
    m_saved->setItemText(0, tr("Saved filters"));
    m_tag->setItemText(0, tr("Any tag"));
    m_reviewer->setItemText(0, tr("Anyone"));
    m_model->setItemText(0, tr("Any model"));
    const QString verdicts[] = {tr("Any verdict"), tr("Unreviewed"), tr("Accepted"), tr("Rejected"),
                                tr("Needs work")};
    for (int i = 0; i < 5; ++i)
        m_verdict->setItemText(i, verdicts[i]);
    const QString families[] = {tr("Any result"),     tr("Passed"),  tr("Failed"),
                                tr("Suspected hack"), tr("Not run"), tr("Error")};
    for (int i = 0; i < 6; ++i)
        m_verification->setItemText(i, families[i]);
    m_findings->setItemText(0, tr("Any screening"));
    m_findings->setItemText(1, tr("With findings"));
    m_findings->setItemText(2, tr("Without findings"));
    m_minSpeedup->setSpecialValueText(tr("any"));
    m_maxSpeedup->setSpecialValueText(tr("any"));
    m_duplicates->setText(tr("Duplicates only"));
    m_tagCaption->setText(tr("Tag:"));
    m_reviewerCaption->setText(tr("Reviewer:"));
    m_verdictCaption->setText(tr("Verdict:"));
    m_verificationCaption->setText(tr("Verification:"));
    m_modelCaption->setText(tr("Model:"));
    m_findingsCaption->setText(tr("Screening:"));
    m_speedupCaption->setText(tr("Speedup:"));
}

} // namespace kwb::ui
