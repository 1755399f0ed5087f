#!/bin/sh
# Adapted for scrolldir's live tests from the workplace's shared QEMU rig (shared/vmtest/
# guest-init.sh, 2026-11-29), unchanged apart from this comment.
#
# /init of the vmtest initramfs (runs under busybox sh as PID 1 in the guest).
# It mounts the host's root filesystem (9p, read-only) under a tmpfs overlay,
# mounts the run's output directory (9p, read-write) at the same path it has on
# the host, loads the input drivers, optionally starts udevd, runs the command
# that run-in-guest.sh wrote, records its exit code and powers the guest off.
# Any failure ends in poweroff too (and -no-reboot turns a panic into an exit).
export PATH=/bin
busybox mkdir -p /proc /sys /dev /newroot /lower /upper
busybox mount -t proc proc /proc
busybox mount -t sysfs sysfs /sys
busybox mount -t devtmpfs devtmpfs /dev

log() { echo "vmtest-init: $*" > /dev/console; }
die() { log "FATAL: $*"; busybox sync; busybox poweroff -f; busybox sleep 5; }

# Parameters come on the kernel command line: vmtest.out=/abs/path ...
OUT=; UDEV=0; OVERLAY=1
for a in $(busybox cat /proc/cmdline); do
  case "$a" in
    vmtest.out=*) OUT="${a#vmtest.out=}" ;;
    vmtest.udev=1) UDEV=1 ;;
    vmtest.overlay=0) OVERLAY=0 ;;
  esac
done
[ -n "$OUT" ] || die "no vmtest.out= on the command line"

# Modules needed before the host root is reachable (listed in dependency order).
for m in $(busybox cat /modules.order); do
  busybox insmod "/modules/$m" 2>/dev/null || log "insmod $m failed (maybe built in)"
done

P9OPTS=trans=virtio,version=9p2000.L,msize=262144
if [ "$OVERLAY" = 1 ]; then
  busybox mount -t 9p -o "$P9OPTS,ro,cache=loose" hostroot /lower || die "mount hostroot"
  busybox mount -t tmpfs -o mode=755 tmpfs /upper || die "tmpfs upper"
  busybox mkdir -p /upper/u /upper/w
  if ! busybox mount -t overlay -o lowerdir=/lower,upperdir=/upper/u,workdir=/upper/w overlay /newroot; then
    log "overlay failed; falling back to read-only root + tmpfs dirs"
    OVERLAY=0; busybox umount /lower
  fi
fi
if [ "$OVERLAY" = 0 ]; then
  busybox mount -t 9p -o "$P9OPTS,ro,cache=loose" hostroot /newroot || die "mount hostroot"
fi
R=/newroot
busybox mount -t proc proc $R/proc
busybox mount -t sysfs sysfs $R/sys
busybox mount -t devtmpfs devtmpfs $R/dev
busybox mkdir -p $R/dev/pts $R/dev/shm
busybox mount -t devpts devpts $R/dev/pts
busybox mount -t tmpfs tmpfs $R/dev/shm
busybox mount -t tmpfs -o mode=755 tmpfs $R/run
# With the overlay, /tmp and /var/tmp show the host's files (copy-on-write, writes stay in
# guest RAM), so a checkout or build under /tmp on the host is visible in the guest.
if [ "$OVERLAY" = 0 ]; then
  busybox mount -t tmpfs -o mode=1777 tmpfs $R/tmp
  busybox mount -t tmpfs -o mode=1777 tmpfs $R/var/tmp
fi
busybox mkdir -p "$R$OUT"
busybox mount -t 9p -o "$P9OPTS,rw,cache=none" vmtestout "$R$OUT" || die "mount out dir"

log "root ready (overlay=$OVERLAY), starting $OUT/.vmtest/guest-run.sh"
busybox chroot $R /bin/sh "$OUT/.vmtest/guest-run.sh" "$OUT" "$UDEV" > /dev/console 2>&1
log "guest-run finished rc=$?"
busybox sync
busybox umount "$R$OUT" 2>/dev/null
busybox poweroff -f
