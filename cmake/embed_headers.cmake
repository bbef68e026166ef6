# Writes the device headers into a C++ source file as one string, so generated kernels get them
# without any file on disk. Run at build time by CMakeLists.txt; inputs: HEADERS, OUTPUT.
set(text "")
foreach(h IN LISTS HEADERS)
  file(READ "${h}" body)
  string(REPLACE "#pragma once\n" "" body "${body}")
  string(APPEND text "${body}\n")
endforeach()
file(WRITE "${OUTPUT}.tmp"
  "// Generated from src/device/*.cuh by cmake/embed_headers.cmake. Do not edit.\n"
  "namespace cunp {\nextern const char* const kEmbeddedDeviceHeader;\n"
  "const char* const kEmbeddedDeviceHeader = R\"cunp_device(\n${text})cunp_device\";\n}\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
