#include "ui/widgets/provenance_view.h"

#include <QEvent>
#include <QLocale>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "core/store/project_store.h"
#include "ui/models/project_session.h"
#include "ui/models/shape_results_model.h"

namespace kwb::ui {

namespace {

QString esc(const std::string& s) {
    return QString::fromStdString(s).toHtmlEscaped();
}

QString pre(const std::string& s) {
    return QStringLiteral("<pre style=\"white-space: pre-wrap\">%1</pre>").arg(esc(s));
}

// A JSON value as one line of text (strings without their quotes).
std::string jsonText(const nlohmann::json& j) {
    if (j.is_string())
        return j.get<std::string>();
    if (j.is_null())
        return {};
    return j.dump();
}

QString reviewVerdictText(Verdict v) {
    switch (v) {
    case Verdict::Accepted:
        return ProvenanceView::tr("accepted");
    case Verdict::Rejected:
        return ProvenanceView::tr("rejected");
    case Verdict::NeedsWork:
        return ProvenanceView::tr("needs work");
    case Verdict::Unreviewed:
        break;
    }
    return ProvenanceView::tr("unreviewed");
}

QString originText(const Sample& s) {
    switch (s.origin) {
    case SampleOrigin::Person:
        return s.author.empty()
                   ? ProvenanceView::tr("written by a person")
                   : ProvenanceView::tr("written by %1").arg(QString::fromStdString(s.author));
    case SampleOrigin::Import:
        return ProvenanceView::tr("imported");
    case SampleOrigin::Demo:
        return ProvenanceView::tr("one of the demo samples");
    case SampleOrigin::Model:
        break;
    }
    return ProvenanceView::tr("written by %1").arg(QString::fromStdString(s.model));
}

QString tableRow(const QStringList& cells, bool header = false) {
    const QString tag = header ? QStringLiteral("th") : QStringLiteral("td");
    QString row = QStringLiteral("<tr>");
    for (const QString& c : cells)
        row += QStringLiteral("<%1 align=left>%2</%1>").arg(tag, c);
    return row + QStringLiteral("</tr>");
}

} // namespace

ProvenanceView::ProvenanceView(QWidget* parent) : QWidget(parent), m_text(new QTextBrowser(this)) {
    setObjectName(QStringLiteral("provenanceView"));
    m_text->setObjectName(QStringLiteral("provenanceText"));
    m_text->setOpenLinks(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_text);
    setFocusProxy(m_text);
    render();
}

void ProvenanceView::setSample(qint64 id) {
    if (id == m_sampleId && !m_stale && m_data)
        return;
    m_sampleId = id;
    m_jobs.supersede(); // an answer for the sample before is no longer wanted
    if (!isVisible()) {
        m_stale = true;
        return;
    }
    load();
}

void ProvenanceView::reload() {
    if (!isVisible()) {
        m_stale = true;
        return;
    }
    load();
}

void ProvenanceView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_stale)
        load();
}

void ProvenanceView::load() {
    m_stale = false;
    const quint64 generation = m_jobs.begin().generation();
    const qint64 id = m_sampleId;
    if (id == 0 || !m_session) {
        m_data.reset();
        m_shownId = 0;
        render();
        return;
    }
    m_session->run(
        this,
        [id](ProjectStore& store) -> Result<std::shared_ptr<const Provenance>> {
            auto p = std::make_shared<Provenance>();
            auto sample = store.sample(id);
            if (!sample)
                return sample.error();
            p->sample = std::move(*sample);
            auto transcript = store.generationOfSample(id);
            if (!transcript)
                return transcript.error();
            p->generation = std::move(*transcript);
            auto records = store.verifications(id);
            if (!records)
                return records.error();
            p->verifications = std::move(*records);
            auto reviews = store.reviewHistory(id);
            if (!reviews)
                return reviews.error();
            p->reviews = std::move(*reviews);
            return std::shared_ptr<const Provenance>(std::move(p));
        },
        [this, generation, id](const Result<std::shared_ptr<const Provenance>>& read) {
            if (!m_jobs.isCurrent(generation))
                return; // another sample is current now
            if (!read) {
                m_data.reset();
                m_shownId = 0;
                m_text->setPlainText(tr("Cannot read the provenance of sample #%1: %2")
                                         .arg(id)
                                         .arg(QString::fromStdString(read.error().message)));
                return;
            }
            m_data = *read;
            m_shownId = id;
            render();
            emit provenanceShown(id);
        });
}

QString ProvenanceView::plainText() const {
    return m_text->toPlainText();
}

void ProvenanceView::render() {
    if (!m_data) {
        m_text->setHtml(QStringLiteral("<p>%1</p>")
                            .arg(tr("Choose a sample to see where it came from.").toHtmlEscaped()));
        return;
    }
    m_text->setHtml(transcriptHtml() + verificationsHtml() + reviewsHtml());
}

QString ProvenanceView::transcriptHtml() const {
    const Sample& s = m_data->sample;
    QString html = QStringLiteral("<h3>%1</h3>").arg(tr("Generation").toHtmlEscaped());
    const GenerationRecord* g = m_data->generation ? &*m_data->generation : nullptr;
    const nlohmann::json& messages = g ? g->messages : s.messages;
    if (!g && (messages.empty() || !messages.is_array())) {
        QString origin = originText(s);
        if (s.parentId)
            origin += QLatin1Char(' ') + tr("from sample #%1").arg(*s.parentId);
        return html +
               QStringLiteral("<p>%1</p>")
                   .arg(tr("No transcript: this sample was %1.").arg(origin).toHtmlEscaped());
    }
    const QLocale locale;
    const QString cost = g && g->costUsd       ? QStringLiteral("$%1").arg(*g->costUsd, 0, 'f', 4)
                         : !g && s.costUsd > 0 ? QStringLiteral("$%1").arg(s.costUsd, 0, 'f', 4)
                                               : tr("unknown");
    const QString latency =
        g && g->response.contains("total_s") && g->response["total_s"].is_number()
            ? tr("%1 s").arg(locale.toString(g->response["total_s"].get<double>(), 'f', 1))
            : tr("unknown");
    QStringList facts;
    facts << tr("Model: %1").arg(esc(g ? g->model : s.model))
          << tr("Provider: %1").arg(esc(g ? g->provider : s.provider))
          << tr("Tokens in: %1").arg(locale.toString(qint64(g ? g->promptTokens : s.promptTokens)))
          << tr("Tokens out: %1")
                 .arg(locale.toString(qint64(g ? g->completionTokens : s.completionTokens)))
          << tr("Cost: %1").arg(cost) << tr("Latency: %1").arg(latency);
    if (g && g->turn > 0)
        facts << tr("Repair turn %1").arg(g->turn);
    html += QStringLiteral("<p>%1</p>").arg(facts.join(QStringLiteral(" · ")));
    for (const auto& m : messages) {
        const std::string role = m.is_object() && m.contains("role") ? jsonText(m["role"]) : "?";
        const std::string content =
            m.is_object() && m.contains("content") ? jsonText(m["content"]) : jsonText(m);
        html += QStringLiteral("<p><b>%1</b></p>").arg(esc(role)) + pre(content);
    }
    html += QStringLiteral("<p><b>%1</b></p>").arg(tr("Raw response").toHtmlEscaped()) +
            pre(g ? g->rawResponse : s.rawResponse);
    return html;
}

QString ProvenanceView::verificationsHtml() const {
    QString html = QStringLiteral("<h3>%1</h3>").arg(tr("Verifications").toHtmlEscaped());
    if (m_data->verifications.empty())
        return html + QStringLiteral("<p>%1</p>").arg(tr("Never verified.").toHtmlEscaped());
    html += QStringLiteral("<table cellspacing=0 cellpadding=3 border=1>");
    html += tableRow(
        {tr("Time"), tr("Verdict"), tr("Device"), tr("Worker"), tr("Options"), tr("Speedup")},
        true);
    for (auto it = m_data->verifications.rbegin(); it != m_data->verifications.rend(); ++it) {
        const auto& r = *it;
        QString worker = esc(r.worker);
        if (r.queue && !r.queue->lane.empty())
            worker += (worker.isEmpty() ? QString() : QStringLiteral("<br>")) + esc(r.queue->lane);
        const QString options =
            r.queue && !r.queue->options.empty() ? esc(r.queue->options.dump()) : QString();
        const QString speedup = r.geomeanSpeedup
                                    ? QStringLiteral("%1×").arg(*r.geomeanSpeedup, 0, 'f', 2)
                                    : QStringLiteral("–");
        html +=
            tableRow({esc(r.createdAt), ShapeResultsModel::verdictText(r.verdict).toHtmlEscaped(),
                      r.device ? esc(r.device->name) : tr("no GPU"), worker, options, speedup});
    }
    return html + QStringLiteral("</table>");
}

QString ProvenanceView::reviewsHtml() const {
    QString html = QStringLiteral("<h3>%1</h3>").arg(tr("Review history").toHtmlEscaped());
    if (m_data->reviews.empty())
        return html + QStringLiteral("<p>%1</p>").arg(tr("Not reviewed yet.").toHtmlEscaped());
    html += QStringLiteral("<table cellspacing=0 cellpadding=3 border=1>");
    html += tableRow({tr("Reviewer"), tr("Time"), tr("Verdict"), tr("Note"), tr("Tags")}, true);
    for (auto it = m_data->reviews.rbegin(); it != m_data->reviews.rend(); ++it) {
        const Review& r = *it;
        QStringList tags;
        for (const auto& t : r.tags)
            tags << esc(t);
        const QString verdict = r.isUndo()
                                    ? tr("undo: back to %1").arg(reviewVerdictText(r.verdict))
                                    : reviewVerdictText(r.verdict);
        html += tableRow({esc(r.reviewer), esc(r.createdAt), verdict.toHtmlEscaped(), esc(r.note),
                          tags.join(QStringLiteral(", "))});
    }
    return html + QStringLiteral("</table>");
}

void ProvenanceView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        render();
    QWidget::changeEvent(event);
}

} // namespace kwb::ui
