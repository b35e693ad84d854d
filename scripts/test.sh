#!/usr/bin/env bash
# Every test: units and integration on PGlite, the integration suite again on a real PostgreSQL
# started on a loopback port, then the Playwright end-to-end tests in Debian's Chromium. Each phase
# is timed and counted; the table closes the output.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/phases.sh
source scripts/postgres.sh
trap 'stop_postgres; print_phases' EXIT

run_phase "unit and integration (PGlite)" npx vitest run

start_postgres
run_phase "integration (PostgreSQL)" env TEST_DATABASE_URL="$PG_URL" npx vitest run apps/server

run_phase "end-to-end (Chromium)" npm run e2e
