#include "ui/widgets/task_pane.h"

#include <QEvent>
#include <QLocale>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "core/reference/formula.h"

namespace kwb::ui {

namespace {

QString esc(const std::string& s) {
    return QString::fromStdString(s).toHtmlEscaped();
}

QString joined(const std::vector<std::string>& parts, const char* separator) {
    QStringList out;
    for (const auto& p : parts)
        out.append(QString::fromStdString(p));
    return out.join(QString::fromUtf8(separator));
}

// The values a shape gives its formulas: its dimensions, its scalars, and the scalars' defaults.
std::map<std::string, double> shapeValues(const Task& task, const ShapeSpec& shape) {
    std::map<std::string, double> values;
    for (const Parameter& p : task.parameters)
        if (p.kind == ParamKind::Scalar && p.defaultValue)
            values[p.name] = *p.defaultValue;
    for (const auto& [name, value] : shape.dims)
        values[name] = double(value);
    for (const auto& [name, value] : shape.scalars)
        values[name] = value;
    return values;
}

// Elements of a buffer at a shape, or nullopt when a dimension cannot be evaluated.
std::optional<double> elementCount(const Parameter& p, const std::map<std::string, double>& v) {
    double count = 1;
    for (const std::string& dim : p.shape) {
        auto formula = Formula::parse(dim);
        if (!formula)
            return std::nullopt;
        auto n = formula->evaluate(v);
        if (!n)
            return std::nullopt;
        count *= *n;
    }
    return count;
}

QString formulaValue(const std::string& text, const std::map<std::string, double>& values) {
    if (text.empty())
        return QStringLiteral("–");
    auto formula = Formula::parse(text);
    if (!formula)
        return QStringLiteral("?");
    auto value = formula->evaluate(values);
    return value ? QLocale().toString(*value, 'g', 4) : QStringLiteral("?");
}

} // namespace

TaskPane::TaskPane(QWidget* parent) : QWidget(parent), m_text(new QTextBrowser(this)) {
    setObjectName(QStringLiteral("taskPane"));
    m_text->setObjectName(QStringLiteral("taskText"));
    m_text->setOpenLinks(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_text);
    setFocusProxy(m_text);
    render();
}

void TaskPane::setTask(std::shared_ptr<const Task> task) {
    m_task = std::move(task);
    render();
}

QString TaskPane::plainText() const {
    return m_text->toPlainText();
}

QString TaskPane::byteText(double bytes) {
    return QLocale().formattedDataSize(static_cast<qint64>(bytes), 1,
                                       QLocale::DataSizeTraditionalFormat);
}

void TaskPane::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        render();
    QWidget::changeEvent(event);
}

QString TaskPane::parametersHtml() const {
    QString html = QStringLiteral("<h3>%1</h3><table cellspacing=0 cellpadding=3 border=1>"
                                  "<tr><th>%2</th><th>%3</th><th>%4</th><th>%5</th></tr>")
                       .arg(tr("Parameters"), tr("Name"), tr("Kind"), tr("Type"), tr("Shape"));
    for (const Parameter& p : m_task->parameters) {
        const bool buffer = p.isBuffer();
        html += QStringLiteral("<tr><td><code>%1</code></td><td>%2</td><td>%3</td><td>%4</td></tr>")
                    .arg(esc(p.name), esc(toString(p.kind)),
                         buffer ? esc(toString(p.dtype)) : QString(),
                         buffer ? joined(p.shape, " × ").toHtmlEscaped() : QString());
    }
    return html + QStringLiteral("</table>");
}

QString TaskPane::shapesHtml() const {
    QString html =
        QStringLiteral("<h3>%1</h3><table cellspacing=0 cellpadding=3 border=1>"
                       "<tr><th>%2</th><th>%3</th><th>%4</th><th>%5</th><th>%6</th></tr>")
            .arg(tr("Shapes"), tr("Name"), tr("Sizes"), tr("Buffers"), tr("FLOP"),
                 tr("Bytes moved"));
    for (const ShapeSpec& shape : m_task->shapes) {
        const auto values = shapeValues(*m_task, shape);
        QStringList sizes;
        for (const auto& [name, value] : shape.dims)
            sizes.append(QStringLiteral("%1=%2").arg(QString::fromStdString(name)).arg(value));
        for (const auto& [name, value] : shape.scalars)
            sizes.append(QStringLiteral("%1=%2").arg(QString::fromStdString(name)).arg(value));
        double bytes = 0;
        bool known = true;
        for (const Parameter& p : m_task->parameters) {
            if (!p.isBuffer())
                continue;
            const auto n = elementCount(p, values);
            known = known && n.has_value();
            bytes += n.value_or(0) * dtypeSize(p.dtype);
        }
        html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td></tr>")
                    .arg(esc(shape.name), sizes.join(QStringLiteral(", ")).toHtmlEscaped(),
                         known ? byteText(bytes) : QStringLiteral("?"),
                         formulaValue(m_task->flopsFormula, values),
                         formulaValue(m_task->bytesFormula, values));
    }
    return html + QStringLiteral("</table>");
}

QString TaskPane::checksHtml() const {
    QString html = QStringLiteral("<h3>%1</h3><ul>").arg(tr("Tolerances"));
    for (const auto& [output, t] : m_task->tolerances)
        html +=
            QStringLiteral("<li><code>%1</code>: %2</li>")
                .arg(esc(output),
                     tr("rtol %1, atol %2, %3").arg(t.rtol).arg(t.atol).arg(esc(toString(t.mode))));
    html += QStringLiteral("</ul><h3>%1</h3><p>%2</p>")
                .arg(tr("Baseline"),
                     m_task->baseline.op.empty()
                         ? tr("the task's reference kernel")
                         : tr("%1 (%2, %3)")
                               .arg(esc(m_task->baseline.label), esc(m_task->baseline.op),
                                    esc(toString(m_task->baseline.library))));
    html += QStringLiteral("<h3>%1</h3><p>%2 <code>%3</code><br>%4 <code>%5</code></p>")
                .arg(tr("Formulas"), tr("FLOP:"), esc(m_task->flopsFormula), tr("Bytes:"),
                     esc(m_task->bytesFormula));
    html += QStringLiteral("<h3>%1</h3><p>%2 <code>%3</code><br>%4 <code>%5</code></p>")
                .arg(tr("References"), tr("Kernel:"),
                     m_task->reference.kernel.empty() ? tr("none") : esc(m_task->reference.kernel),
                     tr("CPU (float64):"),
                     m_task->reference.cpu.empty() ? tr("none") : esc(m_task->reference.cpu));
    return html;
}

void TaskPane::render() {
    if (!m_task) {
        m_text->setHtml(QStringLiteral("<p>%1</p>").arg(tr("No sample selected.")));
        return;
    }
    const Task& t = *m_task;
    QString html = QStringLiteral("<h2>%1</h2><p><code>%2</code> · %3 · %4</p><p>%5</p>")
                       .arg(esc(t.title.empty() ? t.id : t.title), esc(t.id),
                            tr("level %1").arg(t.level), esc(t.family), esc(t.description));
    html +=
        QStringLiteral("<h3>%1</h3><pre>%2</pre>").arg(tr("Entry point"), esc(t.entrySignature));
    html += parametersHtml() + shapesHtml() + checksHtml();
    html += QStringLiteral("<h3>%1</h3><pre style='white-space:pre-wrap'>%2</pre>")
                .arg(tr("Prompt"), esc(t.prompt));
    m_text->setHtml(html);
}

} // namespace kwb::ui
