#pragma once
namespace kwbtest {
void planTests();
void metricsTests();
void evalStoreTests();
void acceptanceTests();
} // namespace kwbtest
