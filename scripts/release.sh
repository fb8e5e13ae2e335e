#!/usr/bin/env bash
# Builds the release archives of mdscheck into OUT (make release: dist/release):
#
#   mdscheck_VERSION_OS_ARCH.tar.gz   linux and darwin, amd64 and arm64
#   mdscheck_VERSION_windows_ARCH.zip windows, amd64 and arm64
#   checksums.txt                     their SHA-256, as sha256sum prints them
#
# Each archive holds the binary (mdscheck or mdscheck.exe), LICENSE,
# THIRD-PARTY-NOTICES (the licences of Go and of the modules linked in,
# from go run ./internal/notices) and README.md at its top, as goreleaser lays them out, so the Action
# (scripts/action.sh) and people unpack them the same way. Binaries are
# static (CGO_ENABLED=0), so a cross-compile from any machine is the real
# thing. Publishing is then one command on the tag:
#
#   gh release create v1.2.3 dist/release/*
#
# Usage: VERSION=1.2.3 LDFLAGS='...' [TARGETS='linux/amd64 ...'] scripts/release.sh OUT
# make release sets VERSION and LDFLAGS (LDFLAGS carries the version,
# commit and date that `mdscheck version` prints). TARGETS, by default all
# six, picks some of them: release/'s tests build only the machine's own
# in `make test` (cross-compiling six takes minutes) and all six in
# `make test-release`. Nothing in OUT but earlier archives
# and checksums is touched: dist/ also holds the WebAssembly module.
set -euo pipefail

: "${VERSION:?VERSION is required: make release sets it}"
: "${LDFLAGS:?LDFLAGS is required: make release sets it}"
out=${1:?usage: VERSION=... LDFLAGS=... scripts/release.sh OUT}

all=(linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64)
read -r -a targets <<< "${TARGETS:-${all[*]}}"
for target in "${targets[@]}"; do
  case " ${all[*]} " in
    *" $target "*) ;;
    *) echo "release: TARGETS names $target; the release platforms are ${all[*]}" >&2; exit 2 ;;
  esac
done

# sha256 prints "HASH  FILE" lines: sha256sum on Linux, shasum on macOS.
sha256() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum -- "$@"; else shasum -a 256 -- "$@"; fi
}

mkdir -p "$out"
out=$(cd "$out" && pwd)
# Archives of an earlier version would otherwise end up in checksums.txt.
rm -f "$out"/mdscheck_*.tar.gz "$out"/mdscheck_*.zip "$out/checksums.txt"

archives=()
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for target in "${targets[@]}"; do
  os=${target%/*}
  arch=${target#*/}
  name=mdscheck_${VERSION}_${os}_${arch}
  exe=mdscheck
  [ "$os" = windows ] && exe=mdscheck.exe
  mkdir "$work/$name"
  echo "release: $name"
  CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build -trimpath -ldflags "$LDFLAGS" -o "$work/$name/$exe" ./cmd/mdscheck
  cp LICENSE README.md "$work/$name/"
  go run ./internal/notices -title "mdscheck $VERSION for $os/$arch" -go "$os/$arch:./cmd/mdscheck" -o "$work/$name/THIRD-PARTY-NOTICES"
  if [ "$os" = windows ]; then
    (cd "$work/$name" && zip -q -X "$out/$name.zip" "$exe" LICENSE THIRD-PARTY-NOTICES README.md)
    archives+=("$name.zip")
  else
    tar -C "$work/$name" -czf "$out/$name.tar.gz" "$exe" LICENSE THIRD-PARTY-NOTICES README.md
    archives+=("$name.tar.gz")
  fi
done

(cd "$out" && sha256 "${archives[@]}" > checksums.txt)
echo "release: $out/checksums.txt"
