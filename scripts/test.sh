#!/usr/bin/env bash
# Every test: units and integration on PGlite, the integration suite again on a real PostgreSQL
# started on a loopback port, and the Playwright end-to-end tests in Chromium. The PostgreSQL phase
# runs beside the end-to-end one, whose browser and server leave a core idle much of the time (its
# output is printed when both are done). Each phase is timed and counted; the table closes the output.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/phases.sh
source scripts/postgres.sh
trap 'stop_postgres; print_phases' EXIT

run_phase "unit and integration (PGlite)" npx vitest run

start_postgres
start_phase "integration (PostgreSQL)" env TEST_DATABASE_URL="$PG_URL" npx vitest run apps/server
e2e=0
run_phase "end-to-end (Chromium)" npm run e2e || e2e=$?
postgres=0
finish_phase || postgres=$?
[ "$e2e" = 0 ] && [ "$postgres" = 0 ]
