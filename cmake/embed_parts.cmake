# Writes the device library's parts (every header under src/device/<area>/ but math/) into a C++
# source file as a table of (name, text), name being the file's name without its extension, so a
# kernel adds only the parts it instantiates. Run at build time by CMakeLists.txt; inputs: HEADERS
# and OUTPUT. Names are looked up without their area, so two parts may not share one.
# A header that includes a CUDA C++ library header (<cub/...>, <thrust/...>, <cuda/...>) is
# nvcc-only device code of the prebuilt kernels (src/kernels/*.cu): the library's NVRTC cannot
# reach those libraries, so it is no part (tests/cpp/device/test_device_headers.cpp compiles it
# with nvcc instead, by the same rule).
string(REPLACE "|" ";" HEADERS "${HEADERS}")
set(rows "")
set(seen "")
foreach(h IN LISTS HEADERS)
  file(READ "${h}" body)
  if(body MATCHES "#include <(cub|thrust|cuda)/")
    continue()
  endif()
  string(REPLACE "#pragma once\n" "" body "${body}")
  # The parts are concatenated into one source: includes of one another are dropped, with any
  # comment after them (a kernel adds what a part includes before it).
  string(REGEX REPLACE "#include \"[^\"]*\"[^\n]*\n" "" body "${body}")
  get_filename_component(stem "${h}" NAME_WE)
  list(FIND seen "${stem}" at)  # (a script runs without policies: no IN_LIST)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "embed_parts: two device parts are named '${stem}' (${h}); rename one")
  endif()
  list(APPEND seen "${stem}")
  string(APPEND rows "    {\"${stem}\", R\"cunp_device(\n${body})cunp_device\"},\n")
endforeach()
file(WRITE "${OUTPUT}.tmp"
  "// Generated from src/device/<area>/*.cuh by cmake/embed_parts.cmake. Do not edit.\n"
  "#include <cstddef>\n"
  "namespace cunp {\nstruct EmbeddedDevicePart {\n  const char* name;\n  const char* text;\n};\n"
  "extern const EmbeddedDevicePart kEmbeddedDeviceParts[];\n"
  "const EmbeddedDevicePart kEmbeddedDeviceParts[] = {\n${rows}    {nullptr, nullptr}};\n}\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
