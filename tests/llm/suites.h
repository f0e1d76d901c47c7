#pragma once
namespace llmtest {
void sseTests();
void retryTests();
void settingsTests();
void promptTests();
void extractTests();
void sinkTests();
void clientTests();
void generateTests();
void cliTests();
void projectSinkTests();
} // namespace llmtest
