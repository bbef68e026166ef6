# Writes the device library's parts (src/device/engines/*.cuh and the other part directories
# CMakeLists.txt lists) into a C++ source file as a table of (name, text), name being the file's
# stem, so an engine adds only the parts its kernels use. Run at build time by CMakeLists.txt;
# inputs: HEADERS and OUTPUT.
string(REPLACE "|" ";" HEADERS "${HEADERS}")
set(rows "")
set(stems "")
foreach(h IN LISTS HEADERS)
  file(READ "${h}" body)
  string(REPLACE "#pragma once\n" "" body "${body}")
  # The parts are concatenated into one source: includes of one another are dropped (a comment
  # after one goes with it).
  string(REGEX REPLACE "#include \"[^\"]*\"[^\n]*\n" "" body "${body}")
  get_filename_component(stem "${h}" NAME_WE)
  # A part is looked up by its stem alone, so two directories may not share one.
  list(FIND stems "${stem}" seen)
  if(NOT seen EQUAL -1)
    message(FATAL_ERROR "device part '${stem}' is defined twice (${h})")
  endif()
  list(APPEND stems "${stem}")
  string(APPEND rows "    {\"${stem}\", R\"cunp_device(\n${body})cunp_device\"},\n")
endforeach()
file(WRITE "${OUTPUT}.tmp"
  "// Generated from the device parts by cmake/embed_parts.cmake. Do not edit.\n"
  "#include <cstddef>\n"
  "namespace cunp {\nstruct EmbeddedDevicePart {\n  const char* name;\n  const char* text;\n};\n"
  "extern const EmbeddedDevicePart kEmbeddedDeviceParts[];\n"
  "const EmbeddedDevicePart kEmbeddedDeviceParts[] = {\n${rows}    {nullptr, nullptr}};\n}\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
