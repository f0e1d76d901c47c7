# The dataset gate (kwb export sft|prefs|unpaired|hf): cases in dataset_gate_cases.cpp.
kwb_bad_input(export-takes-only-verified-unflagged-samples TIMEOUT 300)
