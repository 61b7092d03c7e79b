# Sourced by scripts/test.sh and .ci/run: `phase NAME COMMAND…` runs one phase and prints how many
# minutes it took, so a slow CI run says where the time went.
phase() {
  local name=$1 started=$SECONDS status=0
  shift
  echo "== $name"
  "$@" || status=$?
  local seconds=$((SECONDS - started))
  printf '== %s: %d min %02d s%s\n' "$name" $((seconds / 60)) $((seconds % 60)) "$([ $status -eq 0 ] || echo ' (failed)')"
  return $status
}
