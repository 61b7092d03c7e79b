#!/usr/bin/env bash
# Everything a change must pass: types, lint, unit + API tests (PGlite, or PostgreSQL when
# DATABASE_URL is set), the production build, and the browser tests in Debian's Chromium, with the
# unit and API tests beside them (below). Each phase prints its minutes (scripts/phase.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/phase.sh

bash scripts/ensure-chromium.sh
mkdir -p .reports

# The three test projects need the build's declarations but not each other: they are checked side by
# side (CI has two cores), and the phase fails when any of them does.
types() {
  npx tsc -b
  local pids=() failed=0
  for project in tsconfig.tests.json apps/web/tsconfig.test.json e2e; do
    npx tsc -p "$project" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  return "$failed"
}
lint() { npx eslint . && npx prettier --check . > /dev/null; }
phase "types (build and tests)" types
phase lint lint
phase build npm run build -w apps/web --silent

# The unit and API tests run beside the browser tests, at a lower priority (nice 10). One journey at
# a time (e2e/playwright.config.ts) keeps Chromium, the server and the runner taking turns, about one
# core of the two together (10 s of CPU per journey of some 9 s); the vitest files take what the
# journeys leave, and the journeys keep their pace. CI hands in a phase of its own to follow them
# there: BESIDE_BROWSER_TESTS (a command) and BESIDE_BROWSER_TESTS_NAME (its phase's name; .ci/run,
# the Node 24 run). Their output goes to a file, printed after the browser tests'; any of them
# failing fails this script, and all of them run either way.
beside() {
  local status=0
  phase "unit and API tests ($([ -n "${DATABASE_URL:-}" ] && echo PostgreSQL || echo PGlite), beside the browser tests)" \
    npx vitest run --reporter=default --reporter=json --outputFile.json=.reports/vitest.json || status=1
  if [ -n "${BESIDE_BROWSER_TESTS:-}" ]; then
    PHASE_PARENT='' phase "${BESIDE_BROWSER_TESTS_NAME:-after the unit and API tests}" \
      bash -c "$BESIDE_BROWSER_TESTS" || status=1
  fi
  return "$status"
}
beside_log=.reports/beside-browser-tests.log
# A process group of its own (set -m), so that nothing of it outlives this script.
set -m
(renice -n 10 -p "$BASHPID" > /dev/null || true; beside) > "$beside_log" 2>&1 &
beside_pid=$!
set +m
trap '[ -z "$beside_pid" ] || kill -- -"$beside_pid" 2> /dev/null || true' EXIT

status=0
phase "browser tests (Chromium)" npm run test -w e2e --silent || status=1
echo "== the unit and API tests (run beside the browser tests):"
wait "$beside_pid" || status=1
beside_pid=
cat "$beside_log"
node scripts/test-summary.mjs .reports/vitest.json e2e/.reports/playwright.json || status=1
exit "$status"
