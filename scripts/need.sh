#!/usr/bin/env bash
# Installs what `make test` needs and a fresh machine lacks, so that the
# README's `make test` works on a fresh clone: the npm workspace (npm ci),
# and the Debian packages the tests drive for real (Chromium for the
# playground, Neovim for the plugin, Emacs with Eglot and yaml-mode for
# the Emacs recipe, fish and bash-completion for shell
# completion, pre-commit for the hook, shellcheck for these scripts).
#
# Run it from the repository root (make does). As root it installs the
# packages with apt-get; anyone else gets the exact command to run, and
# the status 1, because sudo may ask for a password that make cannot give.
#
#   scripts/need.sh            install what is missing
#   scripts/need.sh --dry-run  print the commands instead of running them
#   scripts/need.sh --npm      only the npm workspace: what the build
#                              targets (playground, vsix) need, without
#                              the Debian packages only tests use
#
# NEED_SYSROOT prefixes the files looked for (tests point it at an empty
# directory to play a fresh machine). Only shell builtins and `id` are
# used before anything is installed, so a test can fake the machine with
# a PATH of its own.
set -euo pipefail

dry_run=false
npm_only=false
for arg in "$@"; do
  case "$arg" in
    --dry-run) dry_run=true ;;
    --npm) npm_only=true ;;
    *) echo "usage: scripts/need.sh [--dry-run] [--npm]" >&2; exit 2 ;;
  esac
done

# run prints a command and runs it, or only prints it in a dry run.
run() {
  if $dry_run; then
    echo "would run: $*"
  else
    echo "need: $*"
    "$@"
  fi
}

# Toolchains are the machine's to choose (versions, paths): say so and stop.
for tool in go node npm; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "need: $tool is not on PATH; make needs Go 1.26 or later and Node 20 or later with npm" >&2
    exit 1
  fi
done

# npm ci writes node_modules/.package-lock.json; a lockfile newer than it
# (a pull that changed dependencies) means node_modules is out of date.
npm_ci() {
  if [ -f package-lock.json ]; then
    if [ ! -e node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
      run npm ci --no-audit --no-fund
    fi
  fi
}

if $npm_only; then
  npm_ci
  exit 0
fi

# Debian packages, each with what shows it is installed: a command on
# PATH, or the file a test reads.
sysroot=${NEED_SYSROOT:-}
packages=()
need_command() { command -v "$1" >/dev/null 2>&1 || packages+=("$2"); }
need_file() { [ -e "$1" ] || packages+=("$2"); }

# The playground's tests start this file (editors/playground/scripts/chromium.js).
need_file "${CHROMIUM_PATH:-$sysroot/usr/bin/chromium}" chromium
need_command nvim neovim
# The Emacs recipe's test (editors/emacs) runs batch Emacs with Debian's
# Eglot and yaml-mode; Debian's emacsen packages register themselves here.
need_command emacs emacs-nox
need_file "$sysroot/usr/lib/emacsen-common/packages/install/elpa-eglot" elpa-eglot
need_file "$sysroot/usr/lib/emacsen-common/packages/install/elpa-yaml-mode" elpa-yaml-mode
need_command fish fish
need_file "$sysroot/usr/share/bash-completion/bash_completion" bash-completion
need_command pre-commit pre-commit
need_command shellcheck shellcheck
need_command git git
# The release and Action tests pack and unpack archives, and download
# through curl as the Action does.
need_command zip zip
need_command unzip unzip
need_command curl curl
# explain's terminal test makes a terminal with script(1).
need_command script bsdutils

if [ ${#packages[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive # no question about a configuration
    run apt-get update -qq
    run apt-get install -y -qq "${packages[@]}"
  elif command -v apt-get >/dev/null 2>&1; then
    echo "need: make test needs the Debian packages ${packages[*]}; install them with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${packages[*]}" >&2
    exit 1
  else
    echo "need: make test needs what these Debian packages hold: ${packages[*]}; install them with your package manager" >&2
    exit 1
  fi
fi

npm_ci
