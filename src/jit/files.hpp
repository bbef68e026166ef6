// src/jit/files.hpp -- the file helpers of the JIT's disk cache and of user-module builds:
// whole-file reads, directory creation, and writes that other processes never see half done.
#pragma once
#include <string>
#include <vector>

namespace cunp::files {

// Whether `path` is a regular file.
bool is_file(const std::string& path);

// The whole file into `out`; false when it cannot be opened.
bool read(const std::string& path, std::string& out);
bool read(const std::string& path, std::vector<char>& out);

// mkdir -p; failures are left for the write that follows to notice.
void make_dirs(const std::string& dir);

// Written to a private temporary name in the same directory (made first), then renamed: readers
// in other processes see either no file or a whole one. A failure only costs a rebuild later.
void write_atomic(const std::string& path, const std::string& data);

// write_atomic, unless the file already holds `data` (files that other processes may be reading
// are not rewritten needlessly).
void write_if_changed(const std::string& path, const std::string& data);

}  // namespace cunp::files
