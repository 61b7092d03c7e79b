# Sourced by scripts/test.sh and .ci/run: `phase NAME COMMAND…` runs one phase, prints how many
# minutes it took and adds that line to .reports/phases.txt, which .ci/run prints at its end, so a
# slow run says where the time went. A phase run inside another (the steps of `npm test` within
# .ci/run's "npm test") is listed under its parent's name ("npm test › lint"), so the list never
# counts a minute twice without saying so.
phase() {
  local name=$1 started=$SECONDS status=0
  shift
  local label="${PHASE_PARENT:+$PHASE_PARENT › }$name"
  echo "== $label"
  PHASE_PARENT=$label "$@" || status=$?
  local seconds=$((SECONDS - started))
  local line
  line=$(printf '%s: %d min %02d s%s' "$label" $((seconds / 60)) $((seconds % 60)) "$([ $status -eq 0 ] || echo ' (failed)')")
  echo "== $line"
  mkdir -p .reports && echo "$line" >> .reports/phases.txt
  return $status
}
