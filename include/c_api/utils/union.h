// The C API's configuration words (asctwin's own, with the field layouts and
// default values of the reference's c_api/utils/union.h): each is a uint64_t
// `config` viewed as bit fields, least significant field first, as the
// hardware register it is written to.
#pragma once
// The fields are members of anonymous structs, as the reference declares
// them (programs write config.repeat = ...): a GNU extension that
// -Wpedantic reports, so this header is a system header.
#pragma GCC system_header

#include <cstdint>

constexpr uint64_t ASC_FILL_VALUE_DEFAULT_VALUE = 0;
constexpr uint64_t ASC_STORE_ATOMIC_DEFAULT_VALUE = 0;
constexpr uint64_t ASC_DEFAULT_SET_L0C_COPY_PARAMS_CONFIG_VALUE = 0;
// repeat time 1 (bits 16..23), stride 0, mode 0.
constexpr uint64_t ASC_DEFAULT_LOAD3D_V2_CONFIG_VALUE = uint64_t{1} << 16;
constexpr uint64_t ASC_DEFAULT_NDIM_PAD_COUNT_CONFIG_VALUE = 0;
constexpr uint64_t ASC_DEFAULT_L13D_FMATRIX_CONFIG_VALUE = 0;

// asc_fill_l0a/l0b/l1: repeats, blocks per repeat, destination gap.
union asc_fill_value_config {
  uint64_t config = ASC_FILL_VALUE_DEFAULT_VALUE;
  struct {
    uint64_t repeat : 15;
    uint64_t reserved1 : 1;
    uint64_t blk_num : 15;
    uint64_t reserved2 : 1;
    uint64_t dst_gap : 15;
    uint64_t reserved3 : 17;
  };
};

// The store-atomic register: type in bits 0..2, operation in bits 3..4.
union asc_store_atomic_config {
  uint64_t config = ASC_STORE_ATOMIC_DEFAULT_VALUE;
  struct {
    uint64_t atomic_type : 3;
    uint64_t atomic_op : 2;
    uint64_t reserved1 : 59;
  };
};

// The ND parameters of an L0C copy-out (asc_set_l0c_copy_params).
union asc_set_l0c_copy_params_config {
  uint64_t config = ASC_DEFAULT_SET_L0C_COPY_PARAMS_CONFIG_VALUE;
  struct {
    uint64_t nd_num : 16;
    uint64_t src_nd_stride : 16;
    uint64_t dst_nd_stride : 16;
  };
};

// The repeat register of load3d v2 (asc_set_l13d_rpt).
union asc_load3d_v2_config {
  uint64_t config = ASC_DEFAULT_LOAD3D_V2_CONFIG_VALUE;
  struct {
    uint64_t rpt_stride : 16;
    uint64_t rpt_time : 8;
    uint64_t rpt_mode : 1;
    uint64_t reserved2 : 39;
  };
};

// Left/right padding counts of the four loops of an n-dimensional copy.
union asc_ndim_pad_count_config {
  uint64_t config = ASC_DEFAULT_NDIM_PAD_COUNT_CONFIG_VALUE;
  struct {
    uint8_t loop1_lp_count;
    uint8_t loop1_rp_count;
    uint8_t loop2_lp_count;
    uint8_t loop2_rp_count;
    uint8_t loop3_lp_count;
    uint8_t loop3_rp_count;
    uint8_t loop4_lp_count;
    uint8_t loop4_rp_count;
  };
};

// The feature map of load3d (asc_set_l13d_fmatrix): L1 height and width,
// padding left, right, top, bottom.
union asc_l13d_fmatrix_config {
  uint64_t config = ASC_DEFAULT_L13D_FMATRIX_CONFIG_VALUE;
  struct {
    uint16_t l1_height;
    uint16_t l1_width;
    uint8_t padding_left_size;
    uint8_t padding_right_size;
    uint8_t padding_top_size;
    uint8_t padding_bottom_size;
  };
};

constexpr asc_fill_value_config ASC_FILL_VALUE_DEFAULT_CFG{};
constexpr asc_store_atomic_config ASC_STORE_ATOMIC_DEFAULT_CFG{};
constexpr asc_set_l0c_copy_params_config ASC_DEFAULT_SET_L0C_COPY_PARAMS_CFG{};
constexpr asc_load3d_v2_config ASC_DEFAULT_LOAD3D_V2_CONFIG{};
constexpr asc_ndim_pad_count_config ASC_DEFAULT_NDIM_PAD_COUNT_CONFIG{};
constexpr asc_l13d_fmatrix_config ASC_DEFAULT_L13D_FMATRIX_CONFIG{};
