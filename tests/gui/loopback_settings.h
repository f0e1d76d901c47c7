#pragma once
// GUI tests that generate against the loopback LLM server: the settings file that points the
// "loopback" provider at it (OpenAI protocol, a price for gpt-4.1), under DIR/config/llm.json.
#include <string>

#include <QDir>
#include <QFile>
#include <QString>

namespace kwbtest {

inline bool writeLoopbackLlmSettings(const QDir& dir, const std::string& serverUrl) {
    if (!QDir().mkpath(dir.filePath(QStringLiteral("config"))))
        return false;
    QFile settings(dir.filePath(QStringLiteral("config/llm.json")));
    if (!settings.open(QIODevice::WriteOnly))
        return false;
    const QByteArray text = QStringLiteral(R"({"providers": {"loopback": {"protocol": "openai", "base_url": "%1/v1"}},
                                     "prices": {"gpt-4.1": {"input": 2, "output": 8}}})")
                                .arg(QString::fromStdString(serverUrl))
                                .toUtf8();
    return settings.write(text) == text.size();
}

} // namespace kwbtest
