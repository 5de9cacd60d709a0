#!/usr/bin/env bash
# Packages the release binary as accountlink_VERSION_ARCH.deb (docs/deploy.md), with dpkg-deb only:
#   scripts/build-deb.sh [OUT_DIR]      (default .build/deb; prints the path of the .deb)
# Reuses .build/release/accountlink (`make deb` builds it first; `make test` has built it already).
# The layout: /usr/bin/accountlink (stripped), /lib/systemd/system/accountlink.service,
# /etc/accountlink/config.json (a conffile: dpkg keeps the administrator's copy on upgrade),
# the accountlink system user and /var/lib/accountlink made by postinst.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/deb}"
binary=.build/release/accountlink
[ -x "$binary" ] || { echo "error: $binary is missing; run: swift build -c release --product accountlink" >&2; exit 69; }
src=packaging/debian
version="$("$binary" --version | awk '{print $2}')"
arch="$(dpkg --print-architecture)"
root="$(mktemp -d "${TMPDIR:-/tmp}/accountlink-deb.XXXXXX")"
trap 'rm -rf "$root"' EXIT
umask 022

install -d "$root/DEBIAN" "$root/usr/bin" "$root/lib/systemd/system" "$root/etc/accountlink" \
    "$root/usr/share/doc/accountlink" "$root/usr/share/man/man1"
install -m 0755 "$binary" "$root/usr/bin/accountlink"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/accountlink"
install -m 0644 "$src/accountlink.service" "$root/lib/systemd/system/accountlink.service"
install -m 0644 "$src/config.json" "$root/etc/accountlink/config.json"
gzip -9n < "$src/accountlink.1" > "$root/usr/share/man/man1/accountlink.1.gz"
chmod 0644 "$root/usr/share/man/man1/accountlink.1.gz"
install -m 0644 "$src/copyright" "$root/usr/share/doc/accountlink/copyright"
install -m 0644 README.md docs/deploy.md "$root/usr/share/doc/accountlink/"
gzip -9n "$root/usr/share/doc/accountlink/deploy.md"
printf 'accountlink (%s) unstable; urgency=medium\n\n  * Packaged from the source tree by scripts/build-deb.sh.\n\n -- AccountLink maintainers <maintainers@accountlink.invalid>  %s\n' \
    "$version" "$(date -R -d @"${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}")" \
    | gzip -9n > "$root/usr/share/doc/accountlink/changelog.gz"
for script in postinst prerm postrm; do install -m 0755 "$src/$script" "$root/DEBIAN/$script"; done
echo /etc/accountlink/config.json > "$root/DEBIAN/conffiles"

# Shared-library dependencies as Debian computes them (dpkg-shlibdeps needs a debian/control beside it).
shlib="$(mktemp -d)"
mkdir "$shlib/debian"
printf 'Source: accountlink\n\nPackage: accountlink\nArchitecture: any\n' > "$shlib/debian/control"
depends="$(cd "$shlib" && dpkg-shlibdeps -O "$root/usr/bin/accountlink" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
rm -rf "$shlib"
size="$(du -k -s --exclude=DEBIAN "$root" | cut -f1)"
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" \
    "$src/control.in" > "$root/DEBIAN/control"
(cd "$root" && find usr lib etc -type f -exec md5sum {} + | grep -v ' etc/' > DEBIAN/md5sums)

mkdir -p "$out"
deb="$out/accountlink_${version}_${arch}.deb"
# DEB_FAST=1 (the tests): quick gzip instead of xz; the contents are the same.
compression=(-Zxz)
[ "${DEB_FAST:-}" = 1 ] && compression=(-Zgzip -z1)
dpkg-deb --root-owner-group "${compression[@]}" --build "$root" "$deb" >/dev/null
echo "$deb"
