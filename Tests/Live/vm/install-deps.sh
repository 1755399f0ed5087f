#!/bin/sh
# Adapted for scrolldir's live tests from the workplace's shared QEMU rig (shared/vmtest/
# install-deps.sh, 2026-11-29); evtest is gone, util-linux, libevdev2 and python3-libevdev are added.
#
# Install what Tests/Live/run-live-tests.sh needs on Debian 12 (bookworm), as root. Idempotent.
#   qemu-system-x86   the guest machine (TCG software emulation; no KVM needed)
#   linux-image-amd64 the guest kernel (/boot/vmlinuz-*) and its modules in /lib/modules, which the
#                     guest loads from the host's / over 9p (uinput among them)
#   busybox-static    the guest's initramfs; kmod (modinfo) and cpio build it
#   python3           the host-side QMP event player and the result checks
#   python3-yaml      uinput_checks.py: turning the libinput-record (.yml) recordings into evemu files
#   util-linux        setpriv, to run scrolldir as an unprivileged user in the guest
#   libevdev2         scrolldir's runtime library (libevdev-dev, to build it, pulls it in too)
#   evemu-tools       evemu-device / evemu-play / evemu-record: recordings into uinput devices, and
#                     what the kernel delivered (live-replay, libinput, syn-dropped, keyboard-discovery)
#   libinput-tools    `libinput debug-events`, the reference the libinput scenario compares with
#                     (pulls libinput10, libinput-bin with its quirks, python3-libevdev, python3-pyudev)
#   python3-libevdev  guest/evdev_tool.py's libevdev reader (syn-dropped: what libevdev hands on after
#                     SYN_DROPPED); named although libinput-tools pulls it in
#   udev              systemd-udevd in the guest: libinput only takes devices that udev tagged; the
#                     udev-rule scenario installs udev/70-scrolldir.rules into it
# The Swift toolchain that builds scrolldir is not a Debian package and is not installed here.
set -e
export DEBIAN_FRONTEND=noninteractive
[ -n "${VMTEST_SKIP_APT_UPDATE:-}" ] || apt-get update -qq
apt-get install -y -qq --no-install-recommends \
  qemu-system-x86 linux-image-amd64 busybox-static kmod cpio python3 python3-yaml util-linux libevdev2 \
  evemu-tools libinput-tools python3-libevdev udev > /dev/null
ls /boot/vmlinuz-* > /dev/null
