# kwb_set_warnings(target): the project's warning set; errors too when KWB_WERROR is ON (CI).
function(kwb_set_warnings target)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
      -Wold-style-cast -Wcast-align -Woverloaded-virtual
      -Wimplicit-fallthrough -Wformat=2 -Wno-format-nonliteral>)
  if(KWB_WERROR)
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Werror>)
  endif()
endfunction()
