// src/runtime/sync_check.cpp -- the per-thread allow_synchronize switch.
#include "cunp/runtime/sync_check.hpp"

namespace cunp {
namespace {
thread_local bool t_allowed = true;
}  // namespace

void set_synchronize_allowed(bool allowed) { t_allowed = allowed; }
bool synchronize_allowed() { return t_allowed; }

void declare_synchronize() {
  if (!t_allowed) throw DeviceSynchronized();
}

}  // namespace cunp
