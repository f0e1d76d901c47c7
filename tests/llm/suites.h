#pragma once
namespace kwbtest {
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
void generateCliTests();
} // namespace kwbtest
