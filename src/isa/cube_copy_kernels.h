// Fast bodies of the cube's fractal copies (cube_load.cpp, cube_img2col.cpp
// and cube_fixpipe.cpp call them from their work closures): the same bytes
// as the element-wise rules of docs/cube.md, moved 32 bytes (one fractal
// row, one C0 group) at a time, with AVX2 when asctwin::cpuLevel() allows it.
#pragma once

#include <cstdint>

namespace asctwin::isa::copyk {

// ND -> NZ of one matrix: source row r (rowBytes bytes at src + r * pitch)
// to dst + r * nStride, its 32-byte block c at + c * c0Stride; a last
// partial block is completed with zeros.
void nd2nzMatrix(uint8_t* dst, const uint8_t* src, uint32_t rows, uint64_t rowBytes, uint64_t pitch,
                 uint64_t nStride, uint64_t c0Stride);

// One 16 x 16 fractal of 2-byte elements transposed (dst may be src).
void transposeFractal16(uint8_t* dst, const uint8_t* src);

// img2col into a Zz destination: C0 group qi of block row mi (32 bytes) is
// l1 + chunks[mi * kGroups + qi], or the 32-byte padding pattern `pad` when
// that offset is negative; it lands in fractal (mi / 16, qi), row mi % 16.
void img2colZz(uint8_t* dst, const uint8_t* l1, const int64_t* chunks, uint32_t mExt,
               uint32_t kGroups, const uint8_t (&pad)[32]);

// Fixpipe's F322F16 conversion of `count` fp32 values (ReLU first when
// `relu`: values below zero become +0, -0 and NaN stay): round to nearest
// even as numeric::floatToHalf (F16C's conversion gives the same bits for
// every input, NaN included).
void floatsToHalves(uint8_t* out, const uint8_t* in, uint32_t count, bool relu);

}  // namespace asctwin::isa::copyk
