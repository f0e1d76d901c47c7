# The build against hostile and clumsy candidates (build_cases.cpp): real kwb, kwb-runner, nvcc.
kwb_bad_input(build-reads-nothing-outside-the-candidate TIMEOUT 600)
kwb_bad_input(build-is-bounded TIMEOUT 300)
kwb_bad_input(killed-build-is-not-cached TIMEOUT 300)
kwb_bad_input(nothing-outlives-a-killed-worker TIMEOUT 60)
kwb_bad_input(build-errors-name-the-cause TIMEOUT 600)
