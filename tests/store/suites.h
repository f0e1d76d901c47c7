#pragma once
// The suites of kwb_store_tests; each records its checks in kwbtest::counts().
void schemaTests();
void openErrorTests();
void sampleTests();
void reviewTests();
void queryTests();
void filterTests();
void dedupTests();
void importTests();
void exportTests();
void demoTests();
void concurrentWriterTests();
void killTests();
void cliTests();
