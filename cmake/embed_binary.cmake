# Writes a binary file into a C++ source file as a byte array, so the library carries it with no
# file on disk. Run at build time by CMakeLists.txt; inputs: INPUT, OUTPUT and VARIABLE (the
# generated `const unsigned char VARIABLE[]`, 16-byte aligned, and `std::size_t VARIABLESize`
# in namespace cunp).
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" digits)
if(digits EQUAL 0)
  message(FATAL_ERROR "embed_binary: ${INPUT} is empty")
endif()
# Sixteen bytes a line: break the digits into 32-digit lines, then write each pair as 0xNN,
string(REPEAT "[0-9a-f]" 32 line)
string(REGEX REPLACE "(${line})" "\\1\n" hex "${hex}")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
get_filename_component(source_name "${INPUT}" NAME)
file(WRITE "${OUTPUT}.tmp"
  "// Generated from ${source_name} by cmake/embed_binary.cmake. Do not edit.\n"
  "#include <cstddef>\n"
  "namespace cunp {\n"
  "extern const unsigned char ${VARIABLE}[];\n"
  "extern const std::size_t ${VARIABLE}Size;\n"
  "alignas(16) const unsigned char ${VARIABLE}[] = {\n${bytes}\n};\n"
  "const std::size_t ${VARIABLE}Size = sizeof(${VARIABLE});\n"
  "}  // namespace cunp\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
