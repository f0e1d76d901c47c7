# Each library sees the headers of the libraries it links, and no others: the compiler, not a
# convention, keeps the layer graph (README, "Layout").
#
# kwb_include_root(target [HEADERS h...] [FOLDER]) gives `target` an include root of its own,
# <build>/include-roots/<target>, holding links to its headers at their source paths (so code
# keeps writing #include "core/sys/sha256.h"), and makes it PUBLIC: targets that link `target`
# see them, others do not. The headers are those named like the target's sources plus HEADERS
# (header-only files); FOLDER links the whole source folder instead (a folder that is one
# target, e.g. ui/). The project's source root is on no target's include path.
function(kwb_include_root target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "FOLDER" "" "HEADERS")
  set(root "${CMAKE_BINARY_DIR}/include-roots/${target}")
  file(REMOVE_RECURSE "${root}")
  file(RELATIVE_PATH rel "${PROJECT_SOURCE_DIR}" "${CMAKE_CURRENT_SOURCE_DIR}")
  if(arg_FOLDER)
    get_filename_component(parent "${root}/${rel}" DIRECTORY)
    file(MAKE_DIRECTORY "${parent}")
    file(CREATE_LINK "${CMAKE_CURRENT_SOURCE_DIR}" "${root}/${rel}" SYMBOLIC)
  else()
    set(headers ${arg_HEADERS})
    get_target_property(sources ${target} SOURCES)
    foreach(source IN LISTS sources)
      get_filename_component(dir "${source}" DIRECTORY)
      get_filename_component(stem "${source}" NAME_WE)
      set(header "${stem}.h")
      if(dir)
        set(header "${dir}/${stem}.h")
      endif()
      if(EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/${header}")
        list(APPEND headers "${header}")
      endif()
    endforeach()
    list(REMOVE_DUPLICATES headers)
    foreach(header IN LISTS headers)
      if(NOT EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/${header}")
        message(FATAL_ERROR "kwb_include_root(${target}): no header ${CMAKE_CURRENT_SOURCE_DIR}/${header}")
      endif()
      get_filename_component(subdir "${root}/${rel}/${header}" DIRECTORY)
      file(MAKE_DIRECTORY "${subdir}")
      file(CREATE_LINK "${CMAKE_CURRENT_SOURCE_DIR}/${header}" "${root}/${rel}/${header}" SYMBOLIC)
    endforeach()
  endif()
  target_include_directories(${target} PUBLIC "${root}")
  set_property(GLOBAL APPEND PROPERTY KWB_INCLUDE_ROOT_TARGETS ${target})
endfunction()
