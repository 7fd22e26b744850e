// aclCreateTensor / aclDestroyTensor: the view fields and every rejection.
#include <vector>

#include "acl/tensor.h"
#include "acl_test_util.h"

namespace asctwin::testing {
namespace {

class AclTensor : public AclRuntimeTest {
 protected:
  void SetUp() override {
    AclRuntimeTest::SetUp();
    ASSERT_EQ(aclrtMalloc(&dev_, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    live0_ = acl::liveTensorCount();
  }
  void TearDown() override {
    EXPECT_EQ(acl::liveTensorCount(), live0_) << "a test leaked tensors";
    EXPECT_EQ(aclrtFree(dev_), ACL_SUCCESS);
    AclRuntimeTest::TearDown();
  }
  aclTensor* make(std::vector<int64_t> view, const int64_t* strides, int64_t offset,
                  std::vector<int64_t> storage, aclDataType dt = ACL_FLOAT,
                  aclFormat fmt = ACL_FORMAT_ND, void* data = nullptr) {
    return aclCreateTensor(view.data(), view.size(), dt, strides, offset, fmt, storage.data(),
                           storage.size(), data == nullptr ? dev_ : data);
  }
  static constexpr size_t kBytes = 4096;  // 1024 floats
  void* dev_ = nullptr;
  size_t live0_ = 0;
};

TEST_F(AclTensor, DenseTensorFields) {
  const int64_t dims[] = {4, 5, 6};
  aclTensor* t = aclCreateTensor(dims, 3, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 3, dev_);
  ASSERT_NE(t, nullptr) << recentError();
  EXPECT_TRUE(acl::isLiveTensor(t));
  EXPECT_EQ(t->rank(), 3u);
  EXPECT_EQ(t->numel(), 120);
  EXPECT_EQ(t->storageNumel(), 120);
  EXPECT_EQ(t->strides, (std::vector<int64_t>{30, 6, 1}));
  EXPECT_FALSE(t->stridesGiven);
  EXPECT_TRUE(t->isRowMajorContiguous());
  EXPECT_EQ(t->elementSize(), 4u);
  EXPECT_EQ(t->storageBytes(), 480u);
  EXPECT_EQ(t->maxReachableIndex(), 119);
  EXPECT_EQ(t->data, dev_);
  EXPECT_TRUE(t->dataOnDevice);
  EXPECT_FALSE(t->isPrivateFormat());
  EXPECT_EQ(aclDestroyTensor(t), ACL_SUCCESS);
  EXPECT_FALSE(acl::isLiveTensor(t));
}

TEST_F(AclTensor, StridedViewsInsideTheStorage) {
  // Transposed view of a 4x5 storage.
  const int64_t tr[] = {1, 5};
  aclTensor* t = make({5, 4}, tr, 0, {20});
  ASSERT_NE(t, nullptr) << recentError();
  EXPECT_TRUE(t->stridesGiven);
  EXPECT_FALSE(t->isRowMajorContiguous());
  EXPECT_EQ(t->maxReachableIndex(), 19);
  EXPECT_EQ(aclDestroyTensor(t), ACL_SUCCESS);
  // Broadcast (stride 0) of a single row, with an offset.
  const int64_t bc[] = {0, 1};
  t = make({1000, 8}, bc, 12, {20});
  ASSERT_NE(t, nullptr) << recentError();
  EXPECT_EQ(t->maxReachableIndex(), 19);
  EXPECT_EQ(aclDestroyTensor(t), ACL_SUCCESS);
  // Extent-1 dimensions may carry any stride and stay contiguous.
  const int64_t odd[] = {999, 3, 1};
  t = make({1, 2, 3}, odd, 0, {6});
  ASSERT_NE(t, nullptr) << recentError();
  EXPECT_TRUE(t->isRowMajorContiguous());
  EXPECT_EQ(aclDestroyTensor(t), ACL_SUCCESS);
}

TEST_F(AclTensor, RankZeroEmptyAndHigherRank) {
  aclTensor* scalar =
      aclCreateTensor(nullptr, 0, ACL_INT64, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, dev_);
  ASSERT_NE(scalar, nullptr) << recentError();
  EXPECT_EQ(scalar->rank(), 0u);
  EXPECT_EQ(scalar->numel(), 1);
  EXPECT_EQ(scalar->storageBytes(), 8u);
  EXPECT_EQ(aclDestroyTensor(scalar), ACL_SUCCESS);
  aclTensor* empty = make({3, 0, 5}, nullptr, 0, {0});
  ASSERT_NE(empty, nullptr) << recentError();
  EXPECT_TRUE(empty->isEmpty());
  EXPECT_TRUE(empty->isRowMajorContiguous());
  EXPECT_EQ(empty->storageBytes(), 0u);
  EXPECT_EQ(aclDestroyTensor(empty), ACL_SUCCESS);
  // Rank 9 is accepted here (operators apply their own rank limits) ...
  std::vector<int64_t> nine(9, 2);
  aclTensor* r9 = make(nine, nullptr, 0, {512});
  ASSERT_NE(r9, nullptr) << recentError();
  EXPECT_EQ(r9->rank(), 9u);
  EXPECT_EQ(aclDestroyTensor(r9), ACL_SUCCESS);
  // ... up to 25; 26 is rejected.
  std::vector<int64_t> ones(26, 1);
  EXPECT_NULL_REJECTED(make(ones, nullptr, 0, {1}),
                       "aclCreateTensor: ", "viewDimsNum (26) must not exceed 25");
  EXPECT_NULL_REJECTED(make({1}, nullptr, 0, ones), "storageDimsNum (26) must not exceed 25");
}

TEST_F(AclTensor, RejectsBadShapesStridesOffsetsTypesFormats) {
  EXPECT_NULL_REJECTED(
      aclCreateTensor(nullptr, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, dev_),
      "viewDims must not be null when viewDimsNum is 2");
  EXPECT_NULL_REJECTED(make({4, -3}, nullptr, 0, {12}), "viewDims[1] must be >= 0, got -3");
  const int64_t neg[] = {4, -1};
  EXPECT_NULL_REJECTED(make({4, 4}, neg, 0, {16}), "stride[1] must be >= 0, got -1",
                       "negative strides are not supported");
  EXPECT_NULL_REJECTED(make({4}, nullptr, -2, {16}), "offset must be >= 0, got -2");
  EXPECT_NULL_REJECTED(make({4}, nullptr, 0, {16}, static_cast<aclDataType>(99)),
                       "dataType must be an aclDataType, got 99");
  EXPECT_NULL_REJECTED(make({4}, nullptr, 0, {16}, ACL_STRING), "fixed element size", "ACL_STRING");
  EXPECT_NULL_REJECTED(make({4}, nullptr, 0, {16}, ACL_DT_UNDEFINED), "ACL_DT_UNDEFINED");
  EXPECT_NULL_REJECTED(make({4}, nullptr, 0, {16}, ACL_FLOAT, static_cast<aclFormat>(7)),
                       "format must be a defined aclFormat, got aclFormat(7)");
  EXPECT_NULL_REJECTED(make({4}, nullptr, 0, {16}, ACL_FLOAT, ACL_FORMAT_UNDEFINED),
                       "ACL_FORMAT_UNDEFINED");
  const int64_t four = 4;
  EXPECT_NULL_REJECTED(
      aclCreateTensor(&four, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 1, dev_),
      "storageDims must not be null when storageDimsNum is 1");
  EXPECT_NULL_REJECTED(make({4}, nullptr, 0, {-16}), "storageDims[0] must be >= 0, got -16");
  EXPECT_NULL_REJECTED(make({int64_t{1} << 40, int64_t{1} << 40}, nullptr, 0, {1}),
                       "too many elements");
}

TEST_F(AclTensor, ViewMustStayInsideItsStorage) {
  EXPECT_NULL_REJECTED(make({4, 4}, nullptr, 0, {15}), "reaches storage element 15",
                       "storageDims [15] hold 15 elements");
  EXPECT_NULL_REJECTED(make({4, 4}, nullptr, 1, {16}), "offset 1", "reaches storage element 16");
  const int64_t wide[] = {8, 1};
  EXPECT_NULL_REJECTED(make({4, 4}, wide, 0, {16}), "strides [8, 1]", "element 27");
  const int64_t huge[] = {INT64_MAX / 2, 1};
  EXPECT_NULL_REJECTED(make({4, 4}, huge, 0, {16}), "beyond 2^63");
  EXPECT_NULL_REJECTED(make({1}, nullptr, 0, {0}), "hold 0 elements");
}

TEST_F(AclTensor, DeviceStorageMustFitItsAllocation) {
  // 1024 floats fit, 1025 do not.
  aclTensor* t = make({1024}, nullptr, 0, {1024});
  ASSERT_NE(t, nullptr) << recentError();
  EXPECT_EQ(aclDestroyTensor(t), ACL_SUCCESS);
  EXPECT_NULL_REJECTED(make({1025}, nullptr, 0, {1025}), "tensorData", "crosses the end",
                       "the storage is 4100 bytes");
  // An interior pointer counts from its own offset.
  char* mid = static_cast<char*>(dev_) + 4000;
  t = make({24}, nullptr, 0, {24}, ACL_FLOAT, ACL_FORMAT_ND, mid);
  ASSERT_NE(t, nullptr) << recentError();
  EXPECT_EQ(aclDestroyTensor(t), ACL_SUCCESS);
  EXPECT_NULL_REJECTED(make({25}, nullptr, 0, {25}, ACL_FLOAT, ACL_FORMAT_ND, mid),
                       "at offset 4000", "crosses the end");
  EXPECT_NULL_REJECTED(
      make({16}, nullptr, 0, {16}, ACL_DOUBLE, ACL_FORMAT_ND, static_cast<char*>(dev_) - 64),
      "is not device memory", "runs into device allocation #");
}

TEST_F(AclTensor, HostOrNullDataIsAccepted) {
  std::vector<float> host(16);
  aclTensor* t = make({16}, nullptr, 0, {16}, ACL_FLOAT, ACL_FORMAT_ND, host.data());
  ASSERT_NE(t, nullptr) << recentError();
  EXPECT_FALSE(t->dataOnDevice);
  EXPECT_EQ(aclDestroyTensor(t), ACL_SUCCESS);
  const int64_t dims[] = {2, 2};
  t = aclCreateTensor(dims, 2, ACL_FLOAT16, nullptr, 0, ACL_FORMAT_NCHW, dims, 2, nullptr);
  ASSERT_NE(t, nullptr) << recentError();
  EXPECT_EQ(t->data, nullptr);
  EXPECT_EQ(aclDestroyTensor(t), ACL_SUCCESS);
}

TEST_F(AclTensor, PrivateFormats) {
  for (aclFormat f : {ACL_FORMAT_NC1HWC0, ACL_FORMAT_FRACTAL_Z, ACL_FORMAT_NC1HWC0_C04,
                      ACL_FORMAT_FRACTAL_NZ, ACL_FORMAT_NDC1HWC0, ACL_FRACTAL_Z_3D}) {
    aclTensor* t = make({2, 16}, nullptr, 0, {32}, ACL_FLOAT16, f);
    ASSERT_NE(t, nullptr) << f;
    EXPECT_TRUE(t->isPrivateFormat()) << f;
    EXPECT_EQ(aclDestroyTensor(t), ACL_SUCCESS);
  }
  for (aclFormat f : {ACL_FORMAT_NCHW, ACL_FORMAT_NHWC, ACL_FORMAT_ND, ACL_FORMAT_HWCN,
                      ACL_FORMAT_NDHWC, ACL_FORMAT_NCDHW}) {
    aclTensor* t = make({2, 16}, nullptr, 0, {32}, ACL_FLOAT16, f);
    ASSERT_NE(t, nullptr) << f;
    EXPECT_FALSE(t->isPrivateFormat()) << f;
    EXPECT_EQ(aclDestroyTensor(t), ACL_SUCCESS);
  }
}

TEST_F(AclTensor, DestroyRules) {
  EXPECT_EQ(aclDestroyTensor(nullptr), ACL_SUCCESS);
  aclTensor* t = make({4}, nullptr, 0, {4});
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(aclDestroyTensor(t), ACL_SUCCESS);
  EXPECT_REJECTED(aclDestroyTensor(t), ACL_ERROR_INVALID_PARAM,
                  "aclDestroyTensor: ", "not a live aclTensor");
  int64_t foreign[16] = {};
  EXPECT_REJECTED(aclDestroyTensor(reinterpret_cast<const aclTensor*>(foreign)),
                  ACL_ERROR_INVALID_PARAM, "not a live aclTensor");
}

TEST_F(AclTensor, CreatedWithoutInitToo) {
  // Tensor creation is not a runtime call: it works on host data before aclInit.
  aclrtResetDevice(0);
  aclFinalize();
  float host[4] = {};
  const int64_t dims[] = {4};
  aclTensor* t = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, host);
  ASSERT_NE(t, nullptr) << recentError();
  EXPECT_EQ(aclDestroyTensor(t), ACL_SUCCESS);
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
}

}  // namespace
}  // namespace asctwin::testing
