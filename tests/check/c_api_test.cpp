// The C extension header used from a strict C11 translation unit.
#include <gtest/gtest.h>

extern "C" int asctwin_check_c_api(void);

TEST(CheckCApi, ModeSelectionFromC) {
  EXPECT_EQ(asctwin_check_c_api(), 0) << "failed at c_api.c line " << asctwin_check_c_api();
}
