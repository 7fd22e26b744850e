// The registers of one core that instructions read besides memory (ISA
// core). Every launch starts with them in their reset state; InitSocState
// (and TPipe's constructor, which calls it) resets them too.
#pragma once

#include <cstdint>
#include <vector>

namespace asctwin::kernel {

// Fresh local memory and never-set registers hold this byte: garbage.
inline constexpr uint8_t kGarbageByte = 0xA7;
inline constexpr uint64_t kGarbageWord = 0xA7A7A7A7A7A7A7A7ull;

// CTRL bits of Atlas A2/A3 (SetCtrlSpr / SetSaturationFlag). Bit 48: 1 keeps
// inf/NaN in half and bfloat16 results of floating-point computations and
// conversions, 0 saturates them (inf -> +-MAX, NaN -> 0). Bit 53: 1 saturates
// integer computations; bit 59: 1 truncates float->int and int->int
// conversions (stored: the A2/A3 reference defines only bit 48's effect).
inline constexpr uint64_t kCtrlFloatNoSat = uint64_t{1} << 48;
inline constexpr uint64_t kCtrlIntSat = uint64_t{1} << 53;
inline constexpr uint64_t kCtrlCastTrunc = uint64_t{1} << 59;
// CTRL when a kernel starts: the runtime's default overflow mode is INF/NaN
// (aclrtFloatOverflowMode, the only one the twin offers), i.e. bit 48 set.
inline constexpr uint64_t kCtrlAtLaunch = kCtrlFloatNoSat;

struct MachineState {
  // MASK: in normal mode the lane mask of every repeat (maskLow: lanes
  // 0..63, maskHigh: lanes 64..127); in counter mode maskLow is the number
  // of lanes the next vector instruction processes over all its repeats.
  uint64_t maskLow = ~0ull;
  uint64_t maskHigh = ~0ull;
  bool counterMode = false;
  // CMPMASK: 128 bits written by the compare-to-register instructions and
  // set_cmpmask, read by vsel (mode 0: the selection bits; mode 1: the
  // scalar; mode 2: the address of the selection bits).
  uint64_t cmpMask[2] = {0, 0};
  // MOV_PAD_VAL: the padding value of the aligned GM -> UB copies. Garbage
  // until set_mov_pad_val (the docs call such padding "random").
  uint64_t padValue = kGarbageWord;
  // DEQSCALE: the scale of the dequantising conversions (vconv_deq).
  uint64_t deqScale = 0;
  // Results of the reductions (get_max_min_cnt, get_acc_val) and of
  // GatherMask (get_rsvd_cnt).
  uint64_t maxMinCnt = 0;
  uint64_t accVal = 0;
  uint64_t rsvdCnt = 0;
  // VMS4_SR: the region proposals vmrgsort4 took from each list (16 bits
  // each, list 0 lowest).
  uint64_t vms4Sr = 0;
  // VA0..VA7: 8 UB addresses each (set_va_reg_sb), the address lists of
  // scatter_vnchwconv (dst in VA0/VA1, src in VA2/VA3).
  uint64_t va[8][8] = {};

  // The cube unit's registers (src/isa/cube_*.cpp, docs/cube.md).
  // FPC: Fixpipe config (ReluPre address [7:0] in 64 B, QuantPre address
  // [15:8] in 128 B, UnitFlag [63]); ND_PARA: NZ2ND (ndNum [15:0], src
  // stride [31:16], dst stride [47:32]); QUANT_PRE: the scalar quant scale.
  uint64_t fpc = 0;
  uint64_t ndPara = 1;
  uint64_t quantPre = kGarbageWord;
  // FMATRIX / FMATRIX_B: the feature map of img2col (l1W [15:0], l1H
  // [31:16], pad left/right/top/bottom [63:32]); PADDING: its pad value;
  // L1_3D_SIZE: the L1 boundary of img2col reads (0: none); L3D_RPT:
  // repeat stride [15:0], repeat time [23:16], repeat mode [24].
  uint64_t fmatrix = kGarbageWord;
  uint64_t fmatrixB = kGarbageWord;
  uint64_t padding = 0;
  uint64_t l13dSize = 0;
  uint64_t l3dRpt = uint64_t{1} << 16;
  // The L0C unit flags, one per 1024-byte fractal (src/isa/cube_unit_flag.cpp;
  // sized at first use, all clear at launch and after FPC[63] is written).
  std::vector<uint8_t> l0cUnitFlags;
  // The sparse index buffer of MmadWithSparse (a quarter of L0B, filled by
  // LoadDataWithSparse at L0B offset / 4; garbage until loaded) and the L1
  // address of the index matrix SetIndexMatrix gave (src/isa/cube_sparse.cpp).
  std::vector<uint8_t> sparseIndex;
  const uint8_t* sparseIndexSource = nullptr;
  // AIPP_SPR_0..24 (set_aipp_spr_N; LoadImageToLocal reads 0..9 on A2:
  // src0, src1 | CSC enable [63], the CSC matrix and biases, DTC mean / min
  // / var, the padding values, the mode word; src/isa/cube_aipp.cpp).
  uint64_t aipp[25] = {};

  // CTRL (get_ctrl/set_ctrl of both front ends; bits above).
  uint64_t ctrl = kCtrlAtLaunch;
  // DATA_EXP_0..3: CheckLocalMemoryIA's watches of UB accesses (start
  // [63:48] and end [47:32] in 32-byte units, scalar read/write [31:30],
  // vector read/write [29:28], MTE read/write [27:26], enable [0]).
  uint64_t dataExp[4] = {};
  // The system workspace (the KFC workspace register of 2201): the GM
  // address SetSysWorkspace stored and GetSysWorkSpacePtr returns.
  uint8_t* sysWorkspace = nullptr;

  void reset() { *this = MachineState{}; }
};

}  // namespace asctwin::kernel
