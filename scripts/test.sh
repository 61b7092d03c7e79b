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
phase "browser tests (Chromium)" npm run test -w e2e --silent
node scripts/test-summary.mjs .reports/vitest.json e2e/.reports/playwright.json
