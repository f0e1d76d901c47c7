#include "ui/windows/settings_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSaveFile>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <nlohmann/json.hpp>

#include "core/llm/llm_settings.h"
#include "ui/models/device_probe.h"
#include "ui/models/provider_keychain.h"
#include "ui/models/workbench_settings.h"

namespace kwb::ui {

namespace {

enum ProviderColumn { NameColumn, ProtocolColumn, UrlColumn, KeyColumn };

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

} // namespace

SettingsDialog::SettingsDialog(std::shared_ptr<const DeviceInfo> device, QWidget* parent)
    : QDialog(parent), m_device(std::move(device)), m_problem(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this)) {
    setObjectName(QStringLiteral("settingsDialog"));
    setWindowTitle(tr("Settings"));
    // Our words, not the platform's: Qt's own catalogues are often not installed.
    m_buttons->button(QDialogButtonBox::Save)->setText(tr("&Save"));
    m_buttons->button(QDialogButtonBox::Cancel)->setText(tr("&Cancel"));
    auto* tabs = new QTabWidget(this);
    tabs->addTab(providersPage(), tr("Providers"));
    tabs->addTab(verificationPage(), tr("Verification"));
    tabs->addTab(interfacePage(), tr("Interface"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color:#8c1d14;"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(tabs, 1);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    resize(720, 480);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (save())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

QString SettingsDialog::providersFile() const {
    return QString::fromStdString(LlmSettings::defaultPath().string());
}

QWidget* SettingsDialog::providersPage() {
    auto* page = new QWidget(this);
    m_providers = new QTableWidget(0, 4, page);
    m_providers->setObjectName(QStringLiteral("providersTable"));
    m_providers->setHorizontalHeaderLabels(
        {tr("Name"), tr("Protocol"), tr("Base URL"), tr("API key")});
    m_providers->horizontalHeader()->setSectionResizeMode(UrlColumn, QHeaderView::Stretch);
    m_providers->verticalHeader()->hide();
    auto* add = new QPushButton(tr("&Add provider"), page);
    auto* remove = new QPushButton(tr("&Remove"), page);
    m_keysNote = new QLabel(page);
    m_keysNote->setObjectName(QStringLiteral("keysNote"));
    m_keysNote->setWordWrap(true);
    // Keys go to the system keychain when one answers; otherwise the note says where they live.
    QString why;
    m_keychain = ProviderKeychain::reachable(&why);
    showKeysNote(why);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(page);
    layout->addWidget(m_providers, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_keysNote);
    connect(add, &QPushButton::clicked, this, [this] {
        const int row = m_providers->rowCount();
        m_providers->insertRow(row);
        m_providers->setItem(row, NameColumn, new QTableWidgetItem(QStringLiteral("local")));
        auto* protocol = new QComboBox(m_providers);
        protocol->addItems({QStringLiteral("anthropic"), QStringLiteral("openai")});
        protocol->setCurrentIndex(1);
        m_providers->setCellWidget(row, ProtocolColumn, protocol);
        m_providers->setItem(row, UrlColumn,
                             new QTableWidgetItem(QStringLiteral("http://127.0.0.1:8000/v1")));
        auto* key = new QLineEdit(m_providers);
        key->setEchoMode(QLineEdit::Password);
        m_providers->setCellWidget(row, KeyColumn, key);
        m_providers->editItem(m_providers->item(row, NameColumn));
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        if (m_providers->currentRow() >= 0)
            m_providers->removeRow(m_providers->currentRow());
    });
    loadProviders();
    return page;
}

void SettingsDialog::showKeysNote(const QString& why) {
    if (m_keychain)
        m_keysNote->setText(
            tr("Keys are stored in the system keychain (Secret Service), or taken from the "
               "environment (ANTHROPIC_API_KEY, OPENAI_API_KEY, HF_TOKEN), which wins. The kwb "
               "command line does not read the keychain: give it keys through the environment. "
               "Keys never reach the GPU worker or a project."));
    else if (ProviderKeychain::compiledIn())
        m_keysNote->setText(
            tr("No system keychain is reachable (%2), so keys are stored in %1, readable only by "
               "you, or taken from the environment (ANTHROPIC_API_KEY, OPENAI_API_KEY, HF_TOKEN), "
               "which wins. Keys never reach the GPU worker or a project.")
                .arg(providersFile(), why));
    else
        m_keysNote->setText(
            tr("Keys are stored in %1, readable only by you, or taken from the environment "
               "(ANTHROPIC_API_KEY, OPENAI_API_KEY, HF_TOKEN), which wins. This build does not use "
               "the system keychain. Keys never reach the GPU worker or a project.")
                .arg(providersFile()));
}

QString SettingsDialog::keysNote() const {
    return m_keysNote->text();
}

// Every provider the generation panel offers: the two protocols, usable without an entry of
// their own (their default address shown, the name fixed), then the settings file's entries.
void SettingsDialog::loadProviders() {
    auto settings = LlmSettings::load(LlmSettings::defaultPath());
    if (!settings) {
        m_problem->setText(qs(settings.error().message));
        return;
    }
    for (const std::string& name : settings->providerNames()) {
        const auto entry = settings->providers().find(name);
        const bool builtIn = parseProviderKind(name).has_value();
        const ProviderSettings p =
            entry != settings->providers().end() ? entry->second : ProviderSettings{};
        const int row = m_providers->rowCount();
        m_providers->insertRow(row);
        auto* nameItem = new QTableWidgetItem(qs(name));
        if (builtIn) {
            nameItem->setFlags(nameItem->flags() & ~Qt::ItemIsEditable);
            nameItem->setToolTip(tr("Built in: the generation panel always offers it"));
        }
        m_providers->setItem(row, NameColumn, nameItem);
        auto* protocol = new QComboBox(m_providers);
        protocol->addItems({QStringLiteral("anthropic"), QStringLiteral("openai")});
        const ProviderKind kind =
            p.kind.value_or(parseProviderKind(name).value_or(ProviderKind::OpenAI));
        protocol->setCurrentIndex(kind == ProviderKind::Anthropic ? 0 : 1);
        protocol->setEnabled(!builtIn);
        m_providers->setCellWidget(row, ProtocolColumn, protocol);
        m_providers->setItem(row, UrlColumn,
                             new QTableWidgetItem(qs(
                                 p.baseUrl.empty() && builtIn ? defaultBaseUrl(kind) : p.baseUrl)));
        QString keyText = qs(p.apiKey); // a key still in the file (from before the keychain)
        if (keyText.isEmpty() && m_keychain)
            keyText = ProviderKeychain::read(qs(name)).value_or(QString());
        auto* key = new QLineEdit(keyText, m_providers);
        key->setEchoMode(QLineEdit::Password);
        m_providers->setCellWidget(row, KeyColumn, key);
        m_loadedNames.append(qs(name));
    }
}

bool SettingsDialog::saveProviders(QString& problem) {
    const QString path = providersFile();
    // Keep everything the dialog does not edit (prices, limits): read, change, write.
    nlohmann::json root = nlohmann::json::object();
    QFile existing(path);
    if (existing.open(QIODevice::ReadOnly)) {
        root = nlohmann::json::parse(existing.readAll().toStdString(), nullptr, false);
        if (!root.is_object()) {
            problem = tr("%1 is not valid JSON; it was left as it was.").arg(path);
            return false;
        }
    }
    nlohmann::json providers = nlohmann::json::object();
    std::vector<std::pair<QString, QString>> keys; // provider, key ("" : none)
    const nlohmann::json old = root.value("providers", nlohmann::json::object());
    for (int row = 0; row < m_providers->rowCount(); ++row) {
        const QString name = m_providers->item(row, NameColumn)
                                 ? m_providers->item(row, NameColumn)->text().trimmed()
                                 : QString();
        if (name.isEmpty())
            continue;
        nlohmann::json entry =
            old.contains(name.toStdString()) ? old[name.toStdString()] : nlohmann::json::object();
        auto* protocol = qobject_cast<QComboBox*>(m_providers->cellWidget(row, ProtocolColumn));
        auto* key = qobject_cast<QLineEdit*>(m_providers->cellWidget(row, KeyColumn));
        entry["protocol"] = protocol ? protocol->currentText().toStdString() : "openai";
        const QString url = m_providers->item(row, UrlColumn)
                                ? m_providers->item(row, UrlColumn)->text().trimmed()
                                : QString();
        if (url.isEmpty())
            entry.erase("base_url");
        else
            entry["base_url"] = url.toStdString();
        if (key && !key->text().isEmpty())
            entry["api_key"] = key->text().toStdString();
        else
            entry.erase("api_key");
        keys.emplace_back(name, key ? key->text() : QString());
        // A built-in protocol at its default address needs no entry: the file stays as the
        // user wrote it (an entry it had is kept).
        const auto builtIn = parseProviderKind(name.toStdString());
        if (builtIn && url == qs(defaultBaseUrl(*builtIn)))
            entry.erase("base_url");
        if (builtIn && !old.contains(name.toStdString()) && !entry.contains("base_url") &&
            !entry.contains("api_key") && entry.size() <= 1)
            continue;
        providers[name.toStdString()] = entry;
    }
    root["providers"] = providers;
    if (auto check = LlmSettings::fromJson(root); !check) {
        problem = qs(check.error().message);
        return false;
    }
    // With a keychain, keys leave the file; one the keychain refuses stays in the file, and the
    // note says that the file holds keys.
    if (m_keychain) {
        QString why;
        for (const auto& [name, key] : keys) {
            auto& written = root["providers"];
            const std::string n = name.toStdString();
            if (key.isEmpty() ? ProviderKeychain::remove(name, &why)
                              : ProviderKeychain::write(name, key, &why)) {
                if (written.contains(n))
                    written[n].erase("api_key");
            } else
                m_keychain = false;
            m_loadedNames.removeAll(name);
        }
        for (const QString& gone : std::as_const(m_loadedNames))
            ProviderKeychain::remove(gone); // a removed provider's key goes with it
        m_loadedNames.clear();
        for (const auto& [name, key] : keys)
            m_loadedNames.append(name);
        if (!m_keychain)
            showKeysNote(why);
    }
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        problem = tr("Cannot write %1.").arg(path);
        return false;
    }
    file.setPermissions(QFile::ReadOwner | QFile::WriteOwner); // it holds keys
    file.write(QByteArray::fromStdString(root.dump(2) + "\n"));
    if (!file.commit()) {
        problem = tr("Cannot write %1.").arg(path);
        return false;
    }
    return true;
}

QWidget* SettingsDialog::verificationPage() {
    const WorkbenchSettings s = WorkbenchSettings::load();
    auto* page = new QWidget(this);
    m_gpu = new QComboBox(page);
    m_gpu->setObjectName(QStringLiteral("gpuChoice"));
    m_gpu->addItem(tr("The worker's default"), -1);
    if (m_device) {
        for (const GpuInfo& g : m_device->gpus)
            m_gpu->addItem(QStringLiteral("%1: %2").arg(g.index).arg(qs(g.summary())), g.index);
    }
    if (m_gpu->count() == 1)
        m_gpu->setToolTip(tr("The worker reported no CUDA device."));
    m_gpu->setCurrentIndex(std::max(0, m_gpu->findData(s.gpuIndex)));
    m_local = new QRadioButton(tr("On this machine"), page);
    m_remote = new QRadioButton(tr("Over ssh on:"), page);
    m_host = new QLineEdit(s.workerHost, page);
    m_host->setPlaceholderText(tr("user@gpu-server"));
    m_remote->setObjectName(QStringLiteral("workerRemote"));
    m_host->setObjectName(QStringLiteral("workerHost"));
    (s.workerHost.isEmpty() ? m_local : m_remote)->setChecked(true);
    m_host->setEnabled(!s.workerHost.isEmpty());
    connect(m_remote, &QRadioButton::toggled, m_host, &QWidget::setEnabled);
    m_trials = new QSpinBox(page);
    m_trials->setRange(1, 20);
    m_trials->setValue(s.trials);
    m_benchmark = new QCheckBox(tr("Time the kernel against the baseline"), page);
    m_benchmark->setChecked(s.benchmark);
    m_targetRse = new QDoubleSpinBox(page);
    m_targetRse->setDecimals(3);
    m_targetRse->setRange(0.001, 0.2);
    m_targetRse->setSingleStep(0.001);
    m_targetRse->setValue(s.targetRse);
    m_maxSamples = new QSpinBox(page);
    m_maxSamples->setRange(10, 10000);
    m_maxSamples->setValue(s.maxSamples);
    m_timeCap = new QDoubleSpinBox(page);
    m_timeCap->setRange(50, 60000);
    m_timeCap->setSuffix(tr(" ms"));
    m_timeCap->setValue(s.timeCapMs);
    m_timeout = new QSpinBox(page);
    m_timeout->setRange(10, 3600);
    m_timeout->setSuffix(tr(" s"));
    m_timeout->setValue(s.timeoutSeconds);
    auto* remote = new QHBoxLayout;
    remote->addWidget(m_remote);
    remote->addWidget(m_host, 1);
    auto* test = new QPushButton(tr("&Test connection"), page);
    test->setObjectName(QStringLiteral("testConnection"));
    remote->addWidget(test);
    m_connection = new QLabel(page);
    m_connection->setObjectName(QStringLiteral("connectionResult"));
    m_connection->setWordWrap(true);
    m_connection->setTextInteractionFlags(Qt::TextSelectableByMouse);
    connect(test, &QPushButton::clicked, this, &SettingsDialog::testConnection);
    auto* form = new QFormLayout(page);
    form->addRow(tr("GPU:"), m_gpu);
    form->addRow(tr("Worker:"), m_local);
    form->addRow(QString(), remote);
    form->addRow(QString(), m_connection);
    form->addRow(tr("Correctness trials per shape:"), m_trials);
    form->addRow(QString(), m_benchmark);
    form->addRow(tr("Target relative standard error:"), m_targetRse);
    form->addRow(tr("Most timing samples per shape:"), m_maxSamples);
    form->addRow(tr("Timing cap per shape:"), m_timeCap);
    form->addRow(tr("Deadline of a verification:"), m_timeout);
    return page;
}

void SettingsDialog::testConnection() {
    WorkbenchSettings s = WorkbenchSettings::load();
    s.workerHost = m_remote->isChecked() ? m_host->text().trimmed() : QString();
    s.gpuIndex = m_gpu->currentData().toInt();
    const WorkbenchSettings::WorkerChoice choice = s.workerChoice();
    if (!choice.endpoint) {
        m_connection->setText(choice.problem);
        emit connectionTested(false);
        return;
    }
    if (!m_testProbe) {
        m_testProbe = new DeviceProbe(this);
        connect(
            m_testProbe, &DeviceProbe::probeFinished, this,
            [this](const std::shared_ptr<const DeviceInfo>& info) {
                const QString where = qs(m_testProbe->workerEndpoint().describe());
                m_connection->setText(
                    info && info->hasDevice()
                        ? tr("Connected to %1: %2").arg(where, qs(info->gpus.front().summary()))
                        : tr("Connected to %1: no CUDA device there (compile-only)").arg(where));
                emit connectionTested(true);
            });
        connect(m_testProbe, &DeviceProbe::probeFailed, this, [this](const QString& why) {
            m_connection->setText(
                tr("%1 did not answer: %2").arg(qs(m_testProbe->workerEndpoint().describe()), why));
            emit connectionTested(false);
        });
    }
    m_testProbe->setWorkerEndpoint(*choice.endpoint);
    m_connection->setText(tr("Asking %1…").arg(qs(choice.endpoint->describe())));
    m_testProbe->start(std::chrono::seconds(30));
}

QString SettingsDialog::connectionResult() const {
    return m_connection->text();
}

QWidget* SettingsDialog::interfacePage() {
    auto* page = new QWidget(this);
    m_language = new QComboBox(page);
    m_language->setObjectName(QStringLiteral("languageChoice"));
    m_language->addItem(tr("The system's language"), QString());
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(QStringLiteral("Español"), QStringLiteral("es"));
    m_language->addItem(QStringLiteral("Polski"), QStringLiteral("pl"));
    m_language->setCurrentIndex(
        std::max(0, m_language->findData(WorkbenchSettings::load().language)));
    auto* note = new QLabel(tr("The language changes at the next start."), page);
    auto* form = new QFormLayout(page);
    form->addRow(tr("Language:"), m_language);
    form->addRow(QString(), note);
    return page;
}

bool SettingsDialog::save() {
    WorkbenchSettings s = WorkbenchSettings::load();
    s.gpuIndex = m_gpu->currentData().toInt();
    s.workerHost = m_remote->isChecked() ? m_host->text().trimmed() : QString();
    s.trials = m_trials->value();
    s.benchmark = m_benchmark->isChecked();
    s.targetRse = m_targetRse->value();
    s.maxSamples = m_maxSamples->value();
    s.timeCapMs = m_timeCap->value();
    s.timeoutSeconds = m_timeout->value();
    s.language = m_language->currentData().toString();
    QString problem;
    if (!saveProviders(problem)) {
        m_problem->setText(problem);
        return false;
    }
    s.save();
    emit settingsSaved();
    return true;
}

} // namespace kwb::ui
