#!/usr/bin/env bash
# Installs what Kernel Workbench needs to build, test and package on Debian 12 / Ubuntu 24.04.
# Idempotent: packages already present are left alone; nothing is installed when nothing is missing.
# Usage: packaging/install-deps.sh [--no-gui]   (as root, or through sudo)
set -euo pipefail

gui=1
for arg in "$@"; do
  case "$arg" in
    --no-gui) gui=0 ;;
    -h|--help) sed -n '2,4p' "$0"; exit 0 ;;
    *) echo "install-deps: unknown option '$arg'" >&2; exit 2 ;;
  esac
done

core_pkgs=(build-essential cmake ninja-build ccache pkg-config git file dpkg-dev
  libcurl4-openssl-dev libssl-dev libsqlite3-dev sqlite3 nlohmann-json3-dev libtomlplusplus-dev
  libcli11-dev libseccomp-dev python3 clang-format-14
  openssh-client openssh-server   # the worker over ssh; tests/remote starts its own sshd on 127.0.0.1
  # (on a systemd machine the package also starts the system's sshd on port 22; the tests do not
  # use it: `systemctl disable --now ssh` if this machine should not accept ssh logins)
  slurm-client slurmctld slurmd munge)   # kwb batch on Slurm: sbatch/squeue/sacct; tests/slurm
  # starts its own munged, slurmctld and slurmd on loopback in a scratch folder (on a systemd
  # machine the packages enable the system's daemons too: `systemctl disable --now slurmctld
  # slurmd munge` where this machine is not a cluster node)
gui_pkgs=(qt6-base-dev qt6-base-dev-tools qt6-charts-dev libqt6opengl6-dev qt6-svg-dev qt6-tools-dev
  qt6-tools-dev-tools qt6-l10n-tools libqscintilla2-qt6-dev libgl-dev
  qt6-qpa-plugins fonts-dejavu-core xauth
  qtkeychain-qt6-dev dbus gnome-keyring   # provider keys in the system keychain; its test's Secret Service
  libsecret-tools                         # secret-tool: kwb (command line) reads the keys the window saved there
  desktop-file-utils appstream)   # validators for the desktop entry and AppStream metadata

want=("${core_pkgs[@]}")
if [[ $gui == 1 ]]; then want+=("${gui_pkgs[@]}"); fi

missing=()
for p in "${want[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "install-deps: everything is installed"
else
  echo "install-deps: installing ${missing[*]}"
  sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# CUDA is not a Debian package here: it is expected under /usr/local/cuda (nvcc, NVRTC, cuBLAS,
# cuBLASLt, cuDNN, CUB). Without it the workbench still builds; kwb-runner is then left out.
if ! command -v nvcc >/dev/null 2>&1 && [[ ! -x /usr/local/cuda/bin/nvcc ]]; then
  echo "install-deps: note: no CUDA toolkit found (nvcc); the GPU worker will not be built." >&2
  echo "              Install CUDA 13 from NVIDIA into /usr/local/cuda to verify kernels." >&2
fi
