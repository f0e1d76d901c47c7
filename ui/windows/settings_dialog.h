#pragma once
// Settings: model providers and their keys (the system keychain where one is reachable, else
// the LLM settings file, readable only by the user; or the environment), the GPU the worker uses
// (from the worker's device list), where the worker runs (this machine, or `ssh host`), the timing
// policy of verifications, and the interface language. Window-modal; Save writes the files and
// announces settingsSaved().
#include <memory>

#include <QDialog>
#include <QStringList>

#include "core/model/device_info.h"

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QSpinBox;
class QTableWidget;

namespace kwb::ui {

class DeviceProbe;

class SettingsDialog final : public QDialog {
    Q_OBJECT

public:
    SettingsDialog(std::shared_ptr<const DeviceInfo> device, QWidget* parent = nullptr);

    // Writes the workbench settings and the providers file; false (and a message) on failure.
    bool save();
    QString providersFile() const;
    // Where the dialog says keys are kept (keychain, or the file and why).
    QString keysNote() const;
    // Whether keys go to the system keychain (a Secret Service answered).
    bool usesKeychain() const { return m_keychain; }
    // Asks the worker the page names (this machine, or the ssh host typed) for its devices, in
    // the background; connectionResult() says how it went, connectionTested() follows.
    void testConnection();
    QString connectionResult() const;

signals:
    void settingsSaved();
    void connectionTested(bool ok);

private:
    void loadProviders();
    void showKeysNote(const QString& why);
    bool saveProviders(QString& problem);
    QWidget* providersPage();
    QWidget* verificationPage();
    QWidget* interfacePage();

    std::shared_ptr<const DeviceInfo> m_device;
    QTableWidget* m_providers = nullptr;
    QLabel* m_keysNote = nullptr;
    bool m_keychain = false;   // keys go to the system keychain
    QStringList m_loadedNames; // providers whose keys the keychain may hold
    QComboBox* m_gpu = nullptr;
    QRadioButton* m_local = nullptr;
    QRadioButton* m_remote = nullptr;
    QLineEdit* m_host = nullptr;
    QLabel* m_connection = nullptr;     // what Test connection found
    DeviceProbe* m_testProbe = nullptr; // made on the first test
    QSpinBox* m_trials = nullptr;
    QCheckBox* m_benchmark = nullptr;
    QDoubleSpinBox* m_targetRse = nullptr;
    QSpinBox* m_maxSamples = nullptr;
    QDoubleSpinBox* m_timeCap = nullptr;
    QSpinBox* m_timeout = nullptr;
    QComboBox* m_language = nullptr;
    QLabel* m_problem = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace kwb::ui
