# Sourced by scripts/test.sh and .ci/run: `phase NAME COMMAND…` runs one phase, prints how many
# minutes it took and adds that line to .reports/phases.txt, which .ci/run prints at its end, so a
# slow run says where the time went.
phase() {
  local name=$1 started=$SECONDS status=0
  shift
  echo "== $name"
  "$@" || status=$?
  local seconds=$((SECONDS - started))
  local line
  line=$(printf '%s: %d min %02d s%s' "$name" $((seconds / 60)) $((seconds % 60)) "$([ $status -eq 0 ] || echo ' (failed)')")
  echo "== $line"
  mkdir -p .reports && echo "$line" >> .reports/phases.txt
  return $status
}
