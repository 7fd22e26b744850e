#!/usr/bin/env bash
# Installs every Debian package asctwin needs to build, test and run its tools.
# Idempotent: runs `apt-get update` once and installs only what is missing.
# Works as root or through sudo on a fresh Debian 12 machine.
set -euo pipefail

packages=(
  # toolchain
  build-essential cmake ninja-build pkg-config git clang libclang-rt-14-dev clang-format
  # libraries
  libgtest-dev libgmock-dev libbenchmark-dev librandom123-dev libboost-math-dev
  libcli11-dev nlohmann-json3-dev libhwy-dev libdw-dev libopenblas-dev
  # external RNG battery and report peers/charts
  dieharder python3 python3-numpy python3-matplotlib
)
if [[ "${ASCTWIN_SETUP_PEERS:-1}" == "1" ]]; then
  packages+=(python3-torch)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "setup: all ${#packages[@]} packages already installed"
  exit 0
fi

sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo_cmd=(sudo)
  else
    echo "setup: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
