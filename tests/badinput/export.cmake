# Output paths (kwb export -o/--test-output, kwb generate --out, kwb project new): cases in
# export_cases.cpp.
kwb_bad_input(export-never-replaces-what-it-did-not-write TIMEOUT 300)
kwb_bad_input(export-reports-the-named-destination)
kwb_bad_input(output-parent-folders-are-not-invented)
kwb_bad_input(export-warns-of-text-that-is-not-utf8)
