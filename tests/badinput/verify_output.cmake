# What kwb verify prints of a candidate cannot drive the terminal (verify_output_cases.cpp).
kwb_bad_input(verify-output-does-not-drive-the-terminal TIMEOUT 300)
