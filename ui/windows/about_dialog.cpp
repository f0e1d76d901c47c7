#include "ui/windows/about_dialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "kwb/version.h"
#include "ui/widgets/code_editor.h"

namespace kwb::ui {

AboutDialog::AboutDialog(std::shared_ptr<const DeviceInfo> device, QWidget* parent)
    : QDialog(parent) {
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About %1").arg(QString::fromUtf8(kProductName)));

    auto* title = new QLabel(this);
    title->setObjectName(QStringLiteral("productLabel"));
    title->setText(QStringLiteral("<b>%1</b> %2")
                       .arg(QString::fromUtf8(kProductName).toHtmlEscaped(),
                            QString::fromUtf8(kVersion).toHtmlEscaped()));
    auto* blurb = new QLabel(tr("Review, verify and curate machine-written CUDA kernels."), this);
    blurb->setWordWrap(true);

    auto* form = new QFormLayout;
    const QString notAvailable = tr("not available");
    const auto cuda = [&](int version) {
        const std::string text = formatCudaVersion(version);
        return text.empty() ? notAvailable : QString::fromStdString(text);
    };
    form->addRow(tr("Qt:"), addValue("qtVersionLabel", QString::fromLatin1(qVersion())));
    form->addRow(
        tr("CUDA runtime:"),
        addValue("cudaVersionLabel", device ? cuda(device->runtimeVersion) : notAvailable));
    form->addRow(tr("CUDA driver:"), addValue("driverVersionLabel",
                                              device ? cuda(device->driverVersion) : notAvailable));
    form->addRow(tr("QScintilla:"),
                 addValue("qscintillaVersionLabel", CodeEditor::scintillaVersion()));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setText(tr("&Close"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addWidget(blurb);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

QLabel* AboutDialog::addValue(const char* objectName, const QString& value) {
    auto* label = new QLabel(value, this);
    label->setObjectName(QString::fromLatin1(objectName));
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    return label;
}

} // namespace kwb::ui
