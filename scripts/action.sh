#!/usr/bin/env bash
# The steps of the GitHub Action (action.yml), kept here so that they are
# plain shell a test can run with a fake runner (release/action_test.go).
#
#   scripts/action.sh install    download the release archive for this
#                                runner, check it against checksums.txt,
#                                unpack it and put it on PATH
#   scripts/action.sh validate   run mdscheck validate on the inputs
#
# The inputs come in the environment (action.yml maps them), never pasted
# into the script, so that no input is ever run as shell:
#   install:  MDSCHECK_VERSION (latest, 1.2.3 or v1.2.3), MDSCHECK_REPOSITORY
#             (owner/name), GITHUB_TOKEN (optional, for the API's rate limit)
#   validate: INPUT_PATHS, INPUT_FORMAT, INPUT_SARIF_FILE, INPUT_ARGS
# and the runner's own: RUNNER_OS, RUNNER_ARCH, RUNNER_TEMP, GITHUB_PATH,
# GITHUB_OUTPUT, GITHUB_SERVER_URL, GITHUB_API_URL.
set -euo pipefail

fail() {
  echo "::error title=mdscheck::$*"
  exit 1
}

# sha256 prints "HASH  FILE": sha256sum on Linux and Windows, shasum on macOS.
sha256() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum -- "$@"; else shasum -a 256 -- "$@"; fi
}

install() {
  local os arch tag version asset exe
  case "${RUNNER_OS:-}" in
    Linux) os=linux ;;
    macOS) os=darwin ;;
    Windows) os=windows ;;
    *) fail "mdscheck has no release for the runner OS '${RUNNER_OS:-}'" ;;
  esac
  case "${RUNNER_ARCH:-}" in
    X64) arch=amd64 ;;
    ARM64) arch=arm64 ;;
    *) fail "mdscheck has no release for the runner architecture '${RUNNER_ARCH:-}' (X64 and ARM64 have one)" ;;
  esac

  local repo=${MDSCHECK_REPOSITORY:-mdscheck/mdscheck}
  local server=${GITHUB_SERVER_URL:-https://github.com}
  local api=${GITHUB_API_URL:-https://api.github.com}
  local -a curl=(curl --fail --silent --show-error --location --retry 3)

  tag=${MDSCHECK_VERSION:-latest}
  if [ "$tag" = latest ]; then
    # The token only raises the API's rate limit, which runners share.
    local -a auth=()
    [ -n "${GITHUB_TOKEN:-}" ] && auth=(--header "Authorization: Bearer $GITHUB_TOKEN")
    tag=$("${curl[@]}" ${auth[@]+"${auth[@]}"} "$api/repos/$repo/releases/latest" |
      grep -o '"tag_name": *"[^"]*"' | head -n 1 | sed 's/.*"\([^"]*\)"$/\1/') ||
      fail "could not ask $api which release of $repo is the latest"
    [ -n "$tag" ] || fail "$api/repos/$repo/releases/latest names no tag"
  fi
  tag=v${tag#v}
  version=${tag#v}

  exe=mdscheck
  asset=mdscheck_${version}_${os}_${arch}.tar.gz
  if [ "$os" = windows ]; then
    exe=mdscheck.exe
    asset=mdscheck_${version}_${os}_${arch}.zip
  fi

  local download="$server/$repo/releases/download/$tag"
  local tmp
  tmp=$(mktemp -d "${RUNNER_TEMP:?RUNNER_TEMP is not set}/mdscheck-download.XXXXXX")
  echo "Downloading $download/$asset"
  "${curl[@]}" --output "$tmp/$asset" "$download/$asset" ||
    fail "could not download $download/$asset: is $tag a release of $repo?"
  "${curl[@]}" --output "$tmp/checksums.txt" "$download/checksums.txt" ||
    fail "could not download $download/checksums.txt"

  local want got
  want=$(awk -v f="$asset" '$2 == f { print $1 }' "$tmp/checksums.txt")
  [ -n "$want" ] || fail "checksums.txt of $tag has no line for $asset"
  got=$(cd "$tmp" && sha256 "$asset" | awk '{ print $1 }')
  [ "$want" = "$got" ] ||
    fail "$asset does not match checksums.txt (SHA-256 $got, expected $want): not installed"

  local dir="$RUNNER_TEMP/mdscheck-$version"
  rm -rf "$dir"
  mkdir -p "$dir"
  if [ "$os" = windows ]; then
    unzip -q -o "$tmp/$asset" -d "$dir"
  else
    tar -xzf "$tmp/$asset" -C "$dir"
  fi
  rm -rf "$tmp"
  [ -f "$dir/$exe" ] || fail "$asset holds no $exe"

  # Git Bash on Windows runners speaks /d/a/_temp; PATH wants D:\a\_temp.
  if [ "$os" = windows ] && command -v cygpath >/dev/null 2>&1; then
    cygpath -w "$dir" >>"$GITHUB_PATH"
  else
    echo "$dir" >>"$GITHUB_PATH"
  fi
  {
    echo "version=$version"
    echo "path=$dir/$exe"
  } >>"$GITHUB_OUTPUT"
  echo "Installed mdscheck $version in $dir"
}

validate() {
  local -a paths args
  # Paths and arguments are separated by spaces or newlines.
  read -r -d '' -a paths <<<"${INPUT_PATHS:-.}" || true
  read -r -d '' -a args <<<"${INPUT_ARGS:-}" || true
  # ${args[@]+"${args[@]}"} below: an empty array is "unbound" to the
  # bash 3.2 of macOS under set -u.
  [ ${#paths[@]} -gt 0 ] || paths=(.)
  local format=${INPUT_FORMAT:-github}
  local sarif=${INPUT_SARIF_FILE:-}

  local status=0
  if [ -n "$sarif" ] && [ "$format" = sarif ]; then
    mdscheck validate --format sarif ${args[@]+"${args[@]}"} -- "${paths[@]}" >"$sarif" || status=$?
  else
    mdscheck validate --format "$format" ${args[@]+"${args[@]}"} -- "${paths[@]}" || status=$?
    # The SARIF run's findings are the same; only a failure (2) of its
    # own, such as an unwritable file, matters.
    if [ -n "$sarif" ] && [ "$status" -ne 2 ]; then
      local sarif_status=0
      mdscheck validate --format sarif ${args[@]+"${args[@]}"} -- "${paths[@]}" >"$sarif" || sarif_status=$?
      [ "$sarif_status" -ne 2 ] || status=2
    fi
  fi

  echo "exit-code=$status" >>"$GITHUB_OUTPUT"
  [ -z "$sarif" ] || echo "sarif-file=$sarif" >>"$GITHUB_OUTPUT"
  return "$status"
}

case "${1:-}" in
  install) install ;;
  validate) validate ;;
  *)
    echo "usage: scripts/action.sh install|validate" >&2
    exit 2
    ;;
esac
