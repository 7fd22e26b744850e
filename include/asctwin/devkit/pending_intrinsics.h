// Devkit mode: intrinsics that Huawei's dav_c220 implementation names in
// non-template code but that no family of the ISA core implements yet.
//
// Each is declared as a C-variadic function and never defined: a kernel that
// really issues one fails to link, naming it ("undefined reference to
// vreducev2(...)"), instead of computing anything wrong. A variadic
// declaration is the worst overload there is, so as soon as a family header
// (asctwin/isa/intrinsics*.h) defines the real instruction, the real one is
// chosen and this declaration is dead. The closing note of issue 15 lists
// which of these the corpus reaches.
#pragma once

#include <cstdint>

// --- vector: reductions and gather-mask (reduce family) ----------------------------
// The register reads take no argument, so they cannot be variadic (a
// zero-argument call would be ambiguous): they are declared only while the
// family header is absent.
#if !__has_include("asctwin/isa/intrinsics_reduce.h")
int64_t get_acc_val();
int64_t get_max_min_cnt();
int64_t get_rsvd_cnt();
#endif
void vreducev2(...);
void vcadd(...);
void vcmax(...);
void vcmin(...);
void vcgadd(...);
void vcgmax(...);
void vcgmin(...);
void vcpadd(...);
// --- vector: sort / proposal --------------------------------------------------------
#if !__has_include("asctwin/isa/intrinsics_sort.h")
int64_t get_vms4_sr();
#endif
void vbitsort(...);
void vmrgsort4(...);
// --- vector: layout (copy, broadcast, transpose, 5HD scatter through VA registers)
void vcopy(...);
void vbrcb(...);
void vtranspose(...);
void vld_va_reg(...);
void set_va_reg_sb(...);
void scatter_vnchwconv_b8(...);
void scatter_vnchwconv_b16(...);
void scatter_vnchwconv_b32(...);
#if !__has_include("asctwin/isa/intrinsics_layout.h")
enum ub_addr8_t : uint8_t { VA0 = 0, VA1, VA2, VA3, VA4, VA5, VA6, VA7 };
enum vpart_t : uint8_t { L128 = 0, H128 };
#endif
// --- vector: conversions with dequantisation and int4 ---------------------------------
void vconv_deq(...);
void set_deqscale(...);
void vconv_f162s4(...);
void vconv_f162s4r(...);
void vconv_f162s4f(...);
void vconv_f162s4c(...);
void vconv_f162s4a(...);
void vconv_f162s4z(...);
void vconv_s42f16(...);
// --- cube: L0 flags with memory; the packed-config (uint64_t config) and
// hwWaitCtrl forms of the int4 and sparse loads (the forms with separate
// parameters that dav_c220's LoadData, LoadDataWithSparse and Mmad call are
// in asctwin/isa/intrinsics_cube.h; these stay for the non-template
// wrappers of kernel_operator_cube_others_impl.h) ---------------------------------------
void hset_flag(...);
void hwait_flag(...);
void load_cbuf_to_cb_sp(...);
void load_cbuf_to_ca_s4(...);
void load_cbuf_to_cb_s4(...);
