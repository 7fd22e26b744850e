// asctwin-bench-vec: the hot kernels of the vector unit over one 16K-element
// tile, on both implementation paths (/0 portable, /1 AVX2), each compared
// with copying the same number of output bytes, measured in this run:
//   vs_memcpy = glibc memcpy time / kernel time  (1.0 = as fast as memcpy)
//   vs_copy   = AVX2 load/store loop time / kernel time
// The second baseline exists because glibc's memcpy takes its `rep movsb`
// path for these sizes, which is very slow on some CPUs/VMs (AMD family 19h
// guests measured at ~1.8 GB/s for 16-64 KiB); BM_Memcpy and BM_CopyLoop show
// both baselines directly.
#include <benchmark/benchmark.h>
#include <immintrin.h>

#include <time.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <random>
#include <vector>

#include "kernel/vec/vec.h"

namespace {

using asctwin::vec::DType;
using asctwin::vec::Isa;
using asctwin::vec::Round;

constexpr std::size_t kTile = 16384;

double threadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// CPU seconds per memcpy of `bytes` (buffers in cache, like a UB tile; CPU
// time like the benchmarks' own rates), measured once per size: best of 7.
double memcpySeconds(std::size_t bytes) {
  static std::map<std::size_t, double> cache;
  auto it = cache.find(bytes);
  if (it != cache.end()) return it->second;
  std::vector<unsigned char> a(bytes, 1), b(bytes, 2);
  double best = 1e9;
  for (int round = 0; round < 7; ++round) {
    constexpr int kReps = 2000;
    const double t0 = threadCpuSeconds();
    for (int r = 0; r < kReps; ++r) {
      std::memcpy(b.data(), a.data(), bytes);
      benchmark::ClobberMemory();
      benchmark::DoNotOptimize(b.data());
    }
    best = std::min(best, (threadCpuSeconds() - t0) / kReps);
  }
  cache[bytes] = best;
  return best;
}

__attribute__((target("avx2"))) void copyLoopAvx2(unsigned char* d, const unsigned char* s,
                                                  std::size_t bytes) {
  std::size_t i = 0;
  for (; i + 32 <= bytes; i += 32) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(d + i),
                        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + i)));
  }
  for (; i < bytes; ++i) d[i] = s[i];
}

bool hasAvx2() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2");
}

void copyLoop(unsigned char* d, const unsigned char* s, std::size_t bytes) {
  static const bool avx2 = hasAvx2();
  if (avx2) {
    copyLoopAvx2(d, s, bytes);
  } else {
    for (std::size_t i = 0; i < bytes; ++i) d[i] = s[i];
  }
}

double copySeconds(std::size_t bytes) {
  static std::map<std::size_t, double> cache;
  auto it = cache.find(bytes);
  if (it != cache.end()) return it->second;
  std::vector<unsigned char> a(bytes, 1), b(bytes, 2);
  double best = 1e9;
  for (int round = 0; round < 7; ++round) {
    constexpr int kReps = 2000;
    const double t0 = threadCpuSeconds();
    for (int r = 0; r < kReps; ++r) {
      copyLoop(b.data(), a.data(), bytes);
      benchmark::ClobberMemory();
      benchmark::DoNotOptimize(b.data());
    }
    best = std::min(best, (threadCpuSeconds() - t0) / kReps);
  }
  cache[bytes] = best;
  return best;
}

void finish(benchmark::State& state, std::size_t outBytes) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * outBytes));
  const auto iters = static_cast<double>(state.iterations());
  state.counters["vs_memcpy"] =
      benchmark::Counter(iters * memcpySeconds(outBytes), benchmark::Counter::kIsRate);
  state.counters["vs_copy"] =
      benchmark::Counter(iters * copySeconds(outBytes), benchmark::Counter::kIsRate);
}

struct IsaScope {
  explicit IsaScope(const benchmark::State& state, benchmark::State& s)
      : old(asctwin::vec::setIsa(state.range(0) != 0 ? Isa::Avx2 : Isa::Portable)) {
    if (state.range(0) != 0 && asctwin::vec::activeIsa() != Isa::Avx2) s.SkipWithError("no AVX2");
  }
  ~IsaScope() { asctwin::vec::setIsa(old); }
  Isa old;
};

std::vector<std::uint8_t> randomBytes(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<std::uint8_t> v(n);
  for (auto& b : v) b = static_cast<std::uint8_t>(rng());
  return v;
}

void BM_Memcpy(benchmark::State& state) {
  const auto bytes = static_cast<std::size_t>(state.range(0));
  std::vector<unsigned char> a(bytes, 1), b(bytes, 2);
  for (auto _ : state) {
    std::memcpy(b.data(), a.data(), bytes);
    benchmark::ClobberMemory();
  }
  finish(state, bytes);
}
BENCHMARK(BM_Memcpy)->Arg(kTile)->Arg(kTile * 2)->Arg(kTile * 4)->Arg(kTile * 8);

void BM_CopyLoop(benchmark::State& state) {
  const auto bytes = static_cast<std::size_t>(state.range(0));
  std::vector<unsigned char> a(bytes, 1), b(bytes, 2);
  for (auto _ : state) {
    copyLoop(b.data(), a.data(), bytes);
    benchmark::ClobberMemory();
  }
  finish(state, bytes);
}
BENCHMARK(BM_CopyLoop)->Arg(kTile)->Arg(kTile * 2)->Arg(kTile * 4)->Arg(kTile * 8);

template <DType kT, class T>
void BM_SelectMaskToScalar(benchmark::State& state) {
  IsaScope scope(state, state);
  const auto mask = randomBytes(kTile / 8, 1);
  std::vector<T> ones(kTile, T{1}), out(kTile);
  for (auto _ : state) {
    asctwin::vec::select(out.data(), mask.data(), ones.data(), nullptr, 0, kT,
                         asctwin::vec::SelMode::TensorScalar, kTile);
    benchmark::ClobberMemory();
  }
  finish(state, kTile * sizeof(T));
}
BENCHMARK(BM_SelectMaskToScalar<DType::F16, std::uint16_t>)
    ->Name("Select/mask->half")
    ->Arg(0)
    ->Arg(1);
BENCHMARK(BM_SelectMaskToScalar<DType::F32, std::uint32_t>)
    ->Name("Select/mask->float")
    ->Arg(0)
    ->Arg(1);

template <DType kD, class D, DType kS, class S, Round kMode>
void BM_Cast(benchmark::State& state) {
  IsaScope scope(state, state);
  std::mt19937 rng(2);
  std::vector<S> src(kTile);
  // 0/1 values and small numbers, like the Bernoulli expansion.
  std::vector<float> vals(kTile);
  for (auto& v : vals) v = static_cast<float>(rng() % 3);
  std::vector<std::uint8_t> tmp(kTile * 4);
  if constexpr (kS == DType::F32) {
    std::memcpy(src.data(), vals.data(), kTile * 4);
  } else {
    asctwin::vec::cast(src.data(), kS, vals.data(), DType::F32, Round::Rint, kTile);
  }
  std::vector<D> out(kTile);
  for (auto _ : state) {
    asctwin::vec::cast(out.data(), kD, src.data(), kS, kMode, kTile);
    benchmark::ClobberMemory();
  }
  finish(state, kTile * sizeof(D));
}
BENCHMARK(BM_Cast<DType::S32, std::int32_t, DType::F32, float, Round::Trunc>)
    ->Name("Cast/float->int32 TRUNC")
    ->Arg(0)
    ->Arg(1);
BENCHMARK(BM_Cast<DType::S64, std::int64_t, DType::F32, float, Round::Trunc>)
    ->Name("Cast/float->int64 TRUNC")
    ->Arg(0)
    ->Arg(1);
BENCHMARK(BM_Cast<DType::S8, std::int8_t, DType::F16, std::uint16_t, Round::Rint>)
    ->Name("Cast/half->int8 RINT")
    ->Arg(0)
    ->Arg(1);
BENCHMARK(BM_Cast<DType::U8, std::uint8_t, DType::F16, std::uint16_t, Round::Rint>)
    ->Name("Cast/half->uint8 RINT")
    ->Arg(0)
    ->Arg(1);
BENCHMARK(BM_Cast<DType::S16, std::int16_t, DType::F16, std::uint16_t, Round::Rint>)
    ->Name("Cast/half->int16 RINT")
    ->Arg(0)
    ->Arg(1);
BENCHMARK(BM_Cast<DType::BF16, std::uint16_t, DType::F32, float, Round::Rint>)
    ->Name("Cast/float->bf16 RINT")
    ->Arg(0)
    ->Arg(1);
BENCHMARK(BM_Cast<DType::F16, std::uint16_t, DType::F32, float, Round::Rint>)
    ->Name("Cast/float->half RINT")
    ->Arg(0)
    ->Arg(1);
BENCHMARK(BM_Cast<DType::F32, float, DType::F16, std::uint16_t, Round::None>)
    ->Name("Cast/half->float")
    ->Arg(0)
    ->Arg(1);

void BM_GatherWords(benchmark::State& state) {
  IsaScope scope(state, state);
  // FP64 assembly: each 8-byte output takes a low word (0) and a high word.
  std::vector<std::uint32_t> words(kTile, 0x3FF00000u);
  std::vector<std::uint32_t> off(kTile);
  for (std::size_t i = 0; i < kTile; ++i)
    off[i] = (i % 2 == 0) ? 0u : static_cast<std::uint32_t>(4 * (i / 2));
  std::vector<std::uint32_t> out(kTile);
  for (auto _ : state) {
    asctwin::vec::gather(out.data(), words.data(), off.data(), 0, 4, kTile, words.size() * 4);
    benchmark::ClobberMemory();
  }
  finish(state, kTile * 4);
}
BENCHMARK(BM_GatherWords)->Name("Gather/uint32")->Arg(0)->Arg(1);

// Offsets scattered over a 64 KiB source: no two-window groups (what the
// AVX-512 path's failed tests cost).
void BM_GatherScattered(benchmark::State& state) {
  IsaScope scope(state, state);
  std::vector<std::uint32_t> words(kTile, 0x3FF00000u);
  std::vector<std::uint32_t> off(kTile);
  std::mt19937 rng(3);
  for (auto& o : off) o = static_cast<std::uint32_t>(rng() % kTile) * 4;
  std::vector<std::uint32_t> out(kTile);
  for (auto _ : state) {
    asctwin::vec::gather(out.data(), words.data(), off.data(), 0, 4, kTile, words.size() * 4);
    benchmark::ClobberMemory();
  }
  finish(state, kTile * 4);
}
BENCHMARK(BM_GatherScattered)->Name("Gather/uint32 scattered")->Arg(0)->Arg(1);

void BM_AddFloat(benchmark::State& state) {
  IsaScope scope(state, state);
  std::vector<float> a(kTile, 1.5f), b(kTile, 2.25f), out(kTile);
  for (auto _ : state) {
    asctwin::vec::binary(asctwin::vec::BinOp::Add, out.data(), a.data(), b.data(), DType::F32,
                         kTile);
    benchmark::ClobberMemory();
  }
  finish(state, kTile * 4);
}
BENCHMARK(BM_AddFloat)->Name("Add/float")->Arg(0)->Arg(1);

void BM_AddHalf(benchmark::State& state) {
  IsaScope scope(state, state);
  std::vector<std::uint16_t> a(kTile, 0x3E00), b(kTile, 0x4000), out(kTile);
  for (auto _ : state) {
    asctwin::vec::binary(asctwin::vec::BinOp::Add, out.data(), a.data(), b.data(), DType::F16,
                         kTile);
    benchmark::ClobberMemory();
  }
  finish(state, kTile * 2);
}
BENCHMARK(BM_AddHalf)->Name("Add/half")->Arg(0)->Arg(1);

template <DType kT, class T>
void BM_Duplicate(benchmark::State& state) {
  IsaScope scope(state, state);
  std::vector<T> out(kTile);
  for (auto _ : state) {
    asctwin::vec::duplicate(out.data(), kT, 0x3C00, kTile);
    benchmark::ClobberMemory();
  }
  finish(state, kTile * sizeof(T));
}
BENCHMARK(BM_Duplicate<DType::F16, std::uint16_t>)->Name("Duplicate/half")->Arg(0)->Arg(1);
BENCHMARK(BM_Duplicate<DType::F32, std::uint32_t>)->Name("Duplicate/float")->Arg(0)->Arg(1);

}  // namespace

BENCHMARK_MAIN();
