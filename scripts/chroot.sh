#!/usr/bin/env bash
# Debian trixie and sid as chroots: the Blender, Godot and f3d our users run (../shared/current-stack.md),
# set up from Debian's archive only and kept in a cache folder between runs.
#
#   scripts/chroot.sh setup SUITE [PACKAGE...]   debootstrap SUITE once, then install the packages dpkg
#                                                 says are missing (default: blender python3-numpy)
#   scripts/chroot.sh mount SUITE                 bind /proc, /sys, /dev, /dev/pts, the checkout (read-write)
#                                                 and the samples (read-only) at their host paths
#   scripts/chroot.sh run SUITE CMD [ARG...]      CMD inside SUITE, with the caller's environment and working
#                                                 folder (mounts first when needed; host paths work as they are)
#   scripts/chroot.sh umount SUITE                every bind mount, innermost first
#   scripts/chroot.sh remove SUITE                umount, check nothing is still bound, then delete the folder
#   scripts/chroot.sh path SUITE                  the chroot's folder
#
# SUITE is trixie (Blender 4.3, Assimp 5.4, f3d 3.1) or sid (Blender 5.2 LTS, Godot 4.6, Assimp 6.0, f3d 3.5).
# The folder is $RV_CHROOT_DIR/SUITE (default /var/cache/rv-chroots). Needs root (or sudo) for
# debootstrap, mount and chroot.
#
# Why host paths: the test suite names its fixtures, the add-on and librvimport.so by absolute host
# path; binding the checkout and the samples at the same paths inside lets ctest run the very same
# commands through a chroot. Never `rm -rf` a chroot folder by hand: with a bind mount still in place
# it would follow it into the host's files. `remove` unmounts and checks first.
set -euo pipefail
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
ROOT_DIR="$(cd "$(dirname "$0")/.." && pwd -P)"
CHROOTS="${RV_CHROOT_DIR:-/var/cache/rv-chroots}"

usage() {
  sed -n '4,14p' "$0" >&2
  exit 2
}

suite_dir() {
  case "$1" in
  trixie | sid) echo "$CHROOTS/$1" ;;
  *)
    echo "chroot.sh: unknown suite '$1' (trixie or sid)" >&2
    exit 2
    ;;
  esac
}

# The folders bound inside at their host paths: the checkout and, when present, the samples.
bound_paths() {
  echo "$ROOT_DIR"
  local samples="${RV_SAMPLES_DIR:-$ROOT_DIR/../shared/samples}"
  if [ -d "$samples" ]; then (cd "$samples" && pwd -P); fi
}

is_mounted() { mountpoint -q "$1" 2>/dev/null; }

do_mount() {
  local d
  d="$(suite_dir "$1")"
  [ -x "$d/usr/bin/env" ] || {
    echo "chroot.sh: $d is not set up (scripts/chroot.sh setup $1)" >&2
    exit 1
  }
  for m in proc sys dev dev/pts; do
    $SUDO mkdir -p "$d/$m"
    is_mounted "$d/$m" || $SUDO mount --bind "/$m" "$d/$m"
  done
  local p first=1
  while read -r p; do
    $SUDO mkdir -p "$d$p"
    if ! is_mounted "$d$p"; then
      $SUDO mount --bind "$p" "$d$p"
      # The samples are third-party files: nothing inside may change them.
      if [ "$first" = 0 ]; then $SUDO mount -o remount,bind,ro "$d$p"; fi
    fi
    first=0
  done < <(bound_paths)
  $SUDO cp /etc/resolv.conf "$d/etc/resolv.conf"
}

# Every mount below the chroot folder, deepest first (findmnt lists them in mount order).
mounts_below() {
  local d="$1"
  findmnt -rn -o TARGET | awk -v d="$d" 'index($0, d "/") == 1' | sort -r
}

do_umount() {
  local d m
  d="$(suite_dir "$1")"
  [ -d "$d" ] || return 0
  while read -r m; do
    [ -n "$m" ] || continue
    $SUDO umount "$m" 2>/dev/null || $SUDO umount -l "$m"
  done < <(mounts_below "$d")
}

do_setup() {
  local suite="$1"
  shift
  local d
  d="$(suite_dir "$suite")"
  local packages=("$@")
  [ ${#packages[@]} -gt 0 ] || packages=(blender python3-numpy)
  if [ ! -f "$d/.rv-bootstrapped" ]; then
    command -v debootstrap >/dev/null || $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap
    do_umount "$suite"
    if [ -d "$d" ]; then
      # A half-made folder from an interrupted run: nothing may be bound inside before it goes.
      [ -z "$(mounts_below "$d")" ] || {
        echo "chroot.sh: $d still has mounts" >&2
        exit 1
      }
      $SUDO rm -rf --one-file-system "$d"
    fi
    $SUDO mkdir -p "$d"
    $SUDO debootstrap --variant=minbase "$suite" "$d" http://deb.debian.org/debian
    # The archive this machine reaches can be a snapshot whose Release file is past its Valid-Until
    # date (seen: sid "expired 20 days ago"); apt inside would refuse every update.
    echo 'Acquire::Check-Valid-Until "false";' | $SUDO tee "$d/etc/apt/apt.conf.d/99rv-snapshot" >/dev/null
    $SUDO touch "$d/.rv-bootstrapped"
  fi
  local missing=()
  for p in "${packages[@]}"; do
    $SUDO chroot "$d" dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    do_mount "$suite"
    $SUDO chroot "$d" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    $SUDO chroot "$d" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
  fi
}

do_run() {
  local suite="$1"
  shift
  local d
  d="$(suite_dir "$suite")"
  is_mounted "$d/proc" && is_mounted "$d$ROOT_DIR" || do_mount "$suite"
  # The caller's environment goes through (RVIMPORT_LIB, RV_* test variables); PATH is the chroot's.
  exec $SUDO chroot "$d" /usr/bin/env PATH=/usr/local/bin:/usr/bin:/bin HOME=/root \
    /bin/sh -c 'cd "$1" 2>/dev/null || cd /; shift; exec "$@"' sh "$PWD" "$@"
}

[ $# -ge 2 ] || usage
cmd="$1"
suite="$2"
shift 2
case "$cmd" in
setup) do_setup "$suite" "$@" ;;
mount) do_mount "$suite" ;;
umount) do_umount "$suite" ;;
run) do_run "$suite" "$@" ;;
path) suite_dir "$suite" ;;
remove)
  d="$(suite_dir "$suite")"
  do_umount "$suite"
  if [ -n "$(mounts_below "$d")" ]; then
    echo "chroot.sh: $d still has mounts; not removed" >&2
    exit 1
  fi
  $SUDO rm -rf --one-file-system "$d"
  ;;
*) usage ;;
esac
