// Planted include for tests/layers: KWB_PLANTED_HEADER is a header the target may or may not
// reach through the libraries it links; layer_check.py says which outcome each plant must have.
#include KWB_PLANTED_HEADER

int kwbPlantedInclude() {
    return 0;
}
