# Runs named phases, each timed and its runner's test counts read from its output; prints a table
# at the end (sourced by scripts/test.sh and .ci/run). `run_phase NAME command…` returns the
# command's exit code; `start_phase NAME command…` runs one in the background with its output kept
# aside, `finish_phase` waits for it and prints that output; `print_phases` (run it from an EXIT
# trap) prints the table and, when a phase ran tests, one closing line "tests: N passed, N failed".

PHASE_ROWS=()
PHASE_FAILURES=()
PHASE_PASSED=0
PHASE_FAILED=0

# Counts from a runner's summary: Vitest's "Tests  N passed | N failed (N)", Playwright's "  N passed (…)".
phase_counts() {
  local log=$1 passed=0 failed=0 skipped=0 line
  # A phase that is itself a table of phases (npm test under .ci/run): its closing line.
  line=$(grep -E '^tests: [0-9]+ passed, [0-9]+ failed' "$log" | tail -1 || true)
  if [ -n "$line" ]; then
    read -r _ passed _ failed _ <<<"${line//,/}"
    echo "$passed $failed 0"
    return
  fi
  line=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^ +Tests +[0-9]' | tail -1 || true)
  if [ -n "$line" ]; then
    passed=$(grep -oE '[0-9]+ passed' <<<"$line" | grep -oE '[0-9]+' || echo 0)
    failed=$(grep -oE '[0-9]+ failed' <<<"$line" | grep -oE '[0-9]+' || echo 0)
    skipped=$(grep -oE '[0-9]+ (skipped|todo)' <<<"$line" | awk '{ n += $1 } END { print n + 0 }')
  else
    local clean
    clean=$(sed 's/\x1b\[[0-9;]*m//g' "$log")
    passed=$(grep -oE '^ +[0-9]+ passed' <<<"$clean" | grep -oE '[0-9]+' | tail -1 || true)
    failed=$(grep -oE '^ +[0-9]+ failed' <<<"$clean" | grep -oE '[0-9]+' | tail -1 || true)
    skipped=$(grep -oE '^ +[0-9]+ (skipped|did not run)' <<<"$clean" | grep -oE '[0-9]+' | tail -1 || true)
    if [ -z "$passed$failed" ]; then
      echo ""
      return
    fi
  fi
  echo "${passed:-0} ${failed:-0} ${skipped:-0}"
}

# The tests a runner reports failed, one line each: Vitest's " FAIL  path > test" lines and
# Playwright's "✘ … › test" lines, so the closing table names them even when the log is cut.
phase_failures() {
  # A phase that is itself a table of phases: the failures its table listed.
  if grep -qE '^tests: [0-9]+ passed, [0-9]+ failed' "$1"; then
    awk '/^failed:$/ { on = 1; next } on && /^  / { sub(/^  /, ""); print; next } { on = 0 }' "$1" | awk '!seen[$0]++'
    return
  fi
  sed 's/\x1b\[[0-9;]*m//g' "$1" |
    grep -E '^ FAIL |✘' |
    sed -E 's/^ +//; s/ \([0-9.]+m?s\)$//' |
    awk '!seen[$0]++' || true
}

# record_phase NAME SECONDS EXIT_CODE LOG: one row of the table.
record_phase() {
  local name=$1 seconds=$2 rc=$3 counts detail=""
  counts=$(phase_counts "$4")
  if [ -n "$counts" ]; then
    read -r passed failed skipped <<<"$counts"
    detail="$passed passed, $failed failed, $skipped skipped"
    PHASE_PASSED=$((PHASE_PASSED + passed))
    PHASE_FAILED=$((PHASE_FAILED + failed))
  fi
  [ "$rc" = 0 ] || detail="${detail:+$detail, }exit $rc"
  local failure
  while IFS= read -r failure; do
    [ -n "$failure" ] && PHASE_FAILURES+=("$name: $failure")
  done < <(phase_failures "$4")
  PHASE_ROWS+=("$(printf '%-30s %4dm%02ds  %s' "$name" $((seconds / 60)) $((seconds % 60)) "$detail")")
}

run_phase() {
  local name=$1 start=$SECONDS log rc
  shift
  log=$(mktemp)
  echo "== $name"
  set +e
  "$@" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  set -e
  record_phase "$name" $((SECONDS - start)) "$rc" "$log"
  rm -f "$log"
  return "$rc"
}

start_phase() {
  BG_PHASE_NAME=$1
  shift
  BG_PHASE_DIR=$(mktemp -d)
  (
    start=$SECONDS
    set +e
    "$@" >"$BG_PHASE_DIR/log" 2>&1
    echo "$? $((SECONDS - start))" >"$BG_PHASE_DIR/status"
  ) &
  BG_PHASE_PID=$!
}

finish_phase() {
  local rc seconds
  wait "$BG_PHASE_PID" || true
  read -r rc seconds <"$BG_PHASE_DIR/status"
  echo "== $BG_PHASE_NAME (ran beside the phase before)"
  cat "$BG_PHASE_DIR/log"
  record_phase "$BG_PHASE_NAME" "$seconds" "$rc" "$BG_PHASE_DIR/log"
  rm -rf "$BG_PHASE_DIR"
  return "$rc"
}

print_phases() {
  [ ${#PHASE_ROWS[@]} -gt 0 ] || return 0
  echo ""
  echo "== phases"
  printf '%s\n' "${PHASE_ROWS[@]}"
  if [ ${#PHASE_FAILURES[@]} -gt 0 ]; then
    echo "failed:"
    printf '  %s\n' "${PHASE_FAILURES[@]}"
  fi
  if [ $((PHASE_PASSED + PHASE_FAILED)) -gt 0 ]; then
    echo "tests: $PHASE_PASSED passed, $PHASE_FAILED failed"
  fi
}
