# The typed verification record on a real project: older records, suspected hacks (cases in
# verification_record_cases.cpp).
kwb_bad_input(older-verification-records-read-list-and-export TIMEOUT 300)
kwb_bad_input(suspected-hacks-apart-and-only-negatives TIMEOUT 300)
