// tests/cpp/runtime/test_sync_check.cpp -- allow_synchronize's per-thread switch without a GPU:
// forbidden waits throw DeviceSynchronized, other threads are not affected, and the raw-memory
// helpers answer without a driver.
#include <gtest/gtest.h>

#include <thread>

#include "cunp/memory/raw_memory.hpp"
#include "cunp/runtime/sync_check.hpp"

using namespace cunp;

TEST(SyncCheck, ForbiddenWaitsThrow) {
  EXPECT_TRUE(synchronize_allowed());
  EXPECT_NO_THROW(declare_synchronize());
  set_synchronize_allowed(false);
  EXPECT_FALSE(synchronize_allowed());
  EXPECT_THROW(declare_synchronize(), DeviceSynchronized);
  bool other_thread_allowed = false;
  std::thread t([&] { other_thread_allowed = synchronize_allowed(); });
  t.join();
  EXPECT_TRUE(other_thread_allowed);  // the switch is per thread
  set_synchronize_allowed(true);
  EXPECT_NO_THROW(declare_synchronize());
}

TEST(SyncCheck, MessageIsCuPys) {
  EXPECT_STREQ(DeviceSynchronized().what(),
               "Device synchronization was detected while disallowed.");
}

TEST(RawMemory, NullAndZeroNeedNoDriver) {
  EXPECT_FALSE(is_host_pinned(nullptr));
  // Zero bytes: nothing to copy or set, so no driver call (and no error without a GPU).
  EXPECT_NO_THROW(copy_bytes(0, 0, 0, 0, nullptr, true));
  EXPECT_NO_THROW(set_bytes(0, 0, 0, 0, nullptr, true));
}
