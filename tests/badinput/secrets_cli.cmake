# Keys, the audit trail, request deadlines, and the review / samples command line
# (secrets_cli_cases.cpp).
kwb_bad_input(keys-never-reach-disk TIMEOUT 120)
kwb_bad_input(review-undo-records-the-actor TIMEOUT 60)
kwb_bad_input(request-has-a-total-deadline TIMEOUT 120)
kwb_bad_input(terminal-escapes-are-neutralised TIMEOUT 120)
kwb_bad_input(timing-and-seed-options-are-validated TIMEOUT 120)
kwb_bad_input(review-batch-is-all-or-nothing TIMEOUT 60)
kwb_bad_input(tags-and-notes-are-exact TIMEOUT 60)
kwb_bad_input(search-syntax-errors-are-reported TIMEOUT 60)
