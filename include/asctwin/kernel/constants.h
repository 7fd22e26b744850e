// Constants of the Ascend C API on Atlas A2/A3 (architecture 2201): block and
// repeat sizes, default strides, mask placeholders, buffer sizes.
#pragma once

#include <cstdint>

namespace AscendC {

constexpr int32_t ONE_BLK_SIZE = 32;           // bytes of a data block
constexpr int32_t ONE_REPEAT_BYTE_SIZE = 256;  // bytes of one vector iteration per operand
constexpr int32_t DEFAULT_BLK_NUM = 8;         // data blocks per iteration
constexpr int32_t DEFAULT_BLK_STRIDE = 1;
constexpr uint8_t DEFAULT_REPEAT_STRIDE = 8;
constexpr uint8_t HALF_DEFAULT_REPEAT_STRIDE = 4;
constexpr uint8_t ONE_FOURTH_DEFAULT_REPEAT_STRIDE = 2;
constexpr uint64_t FULL_MASK = 0xffffffffffffffffull;
constexpr int32_t DEFAULT_BLOCK_SIZE = 256;
constexpr int32_t MAX_REPEAT_TIMES = 255;
constexpr uint16_t MAX_HALF_MASK_LEN = 64;
// The mask argument of a call whose isSetMask is false (the MASK register was
// set with SetVectorMask beforehand): its value is not used.
constexpr uint64_t MASK_PLACEHOLDER = 0;
constexpr uint64_t MASK_PLACEHOLDER_LIST[2] = {0, 0};
// Unified Buffer: 192 KiB, of which the last 8 KiB are the API's temporary
// area (Select modes 1 and 2 keep their scalar or mask address there).
constexpr int32_t TOTAL_VEC_LOCAL_SIZE = 184 * 1024;
constexpr uint32_t TOTAL_UB_SIZE = 192 * 1024;
constexpr uint32_t TMP_UB_OFFSET = 184 * 1024;
constexpr uint32_t TMP_UB_SIZE = 8 * 1024;
constexpr uint32_t TOTAL_L1_SIZE = 512 * 1024 - 128;
constexpr uint32_t TOTAL_L0A_SIZE = 64 * 1024;
constexpr uint32_t TOTAL_L0B_SIZE = 64 * 1024;
constexpr uint32_t TOTAL_L0C_SIZE = 128 * 1024;
constexpr uint32_t CACHE_LINE_SIZE = 64;
constexpr int32_t ONE_BYTE_BIT_SIZE = 8;

}  // namespace AscendC
