#!/usr/bin/env bash
# Every test: units and integration on PGlite, the integration suite again on a real PostgreSQL
# started on a loopback port, then the Playwright end-to-end tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== unit and integration tests (PGlite)"
npx vitest run

echo "== integration tests (PostgreSQL)"
source scripts/postgres.sh
start_postgres
trap stop_postgres EXIT
TEST_DATABASE_URL="$PG_URL" npx vitest run apps/server

echo "== end-to-end tests (Chromium)"
npm run e2e
