#!/usr/bin/env bash
# Everything a change must pass: types, lint, unit + API tests (PGlite, or PostgreSQL when
# DATABASE_URL is set), the production build, and the browser tests in Debian's Chromium. Each phase
# prints its minutes (scripts/phase.sh).
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
phase "unit and API tests ($([ -n "${DATABASE_URL:-}" ] && echo PostgreSQL || echo PGlite))" \
  npx vitest run --reporter=default --reporter=json --outputFile.json=.reports/vitest.json
phase build npm run build -w apps/web --silent

# The browser tests leave part of the two cores idle (one journey at a time: Chromium, the server and
# the runner take turns, about 1.2 to 1.6 cores together). CI fills that with a phase of its own,
# handed in as BESIDE_BROWSER_TESTS (a command) and BESIDE_BROWSER_TESTS_NAME (its phase's name):
# it runs at a lower priority (nice 10), so the journeys keep their pace and the other phase takes
# what they leave. Its output goes to a file, printed once both are done; either failing fails this.
beside_pid=
beside_log=.reports/beside-browser-tests.log
if [ -n "${BESIDE_BROWSER_TESTS:-}" ]; then
  # Never left running behind this script (e.g. when the browser tests fail to start).
  trap '[ -z "$beside_pid" ] || kill -- -"$beside_pid" 2> /dev/null || true' EXIT
  # A process group of its own (set -m), so the trap ends all of it.
  set -m
  PHASE_PARENT= nice -n 10 bash -c "source scripts/phase.sh; phase \"\$1\" bash -c \"\$2\"" _ \
    "${BESIDE_BROWSER_TESTS_NAME:-beside the browser tests}" "$BESIDE_BROWSER_TESTS" > "$beside_log" 2>&1 &
  beside_pid=$!
  set +m
fi
status=0
phase "browser tests (Chromium)" npm run test -w e2e --silent || status=$?
if [ -n "$beside_pid" ]; then
  echo "== waiting for \"${BESIDE_BROWSER_TESTS_NAME:-beside the browser tests}\" (started beside the browser tests)"
  wait "$beside_pid" || status=1
  beside_pid=
  cat "$beside_log"
fi
node scripts/test-summary.mjs .reports/vitest.json e2e/.reports/playwright.json
exit "$status"
