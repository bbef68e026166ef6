# Writes the device headers into a C++ source file as one string, so generated kernels get them
# without any file on disk. Run at build time by CMakeLists.txt; inputs: HEADERS, OUTPUT and
# VARIABLE (the name of the generated `const char*` in namespace cunp).
string(REPLACE "|" ";" HEADERS "${HEADERS}")
set(text "")
foreach(h IN LISTS HEADERS)
  file(READ "${h}" body)
  string(REPLACE "#pragma once\n" "" body "${body}")
  # Concatenated in name order into one string: includes of one another (which say what a header
  # needs, for readers and for the test that compiles each header alone) are dropped.
  string(REGEX REPLACE "#include \"[^\"]*\"\n" "" body "${body}")
  string(APPEND text "${body}\n")
endforeach()
file(WRITE "${OUTPUT}.tmp"
  "// Generated from src/device/*.cuh by cmake/embed_headers.cmake. Do not edit.\n"
  "namespace cunp {\nextern const char* const ${VARIABLE};\n"
  "const char* const ${VARIABLE} = R\"cunp_device(\n${text})cunp_device\";\n}\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
