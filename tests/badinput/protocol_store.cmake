# The worker protocol and the project store against bad input (protocol_store_cases.cpp,
# protocol_store_project_cases.cpp).
kwb_bad_input(oversized-request-fails-fast-with-its-reason TIMEOUT 240)
kwb_bad_input(healthy-project-is-never-called-damaged TIMEOUT 400)
kwb_bad_input(import-says-what-it-takes)
kwb_bad_input(project-check-exit-codes)
