#!/usr/bin/env bash
# `npm run bench`: builds the portal (the UI bench opens it in Chromium), starts a throw-away
# PostgreSQL when Debian's server binaries are there (the report figures on PostgreSQL), then runs
# every bench, or the one named: `npm run bench -- reports`.
set -euo pipefail
cd "$(dirname "$0")"

(cd .. && npm run build -w @comptoir/web >/dev/null)
source ../scripts/postgres.sh
if [ -z "${BENCH_DATABASE_URL:-}" ] && pg_bin >/dev/null 2>&1; then
  PG_PORT=${PG_PORT:-54339} start_postgres
  trap stop_postgres EXIT
  export BENCH_DATABASE_URL="$PG_URL"
fi
node --max-semi-space-size=64 --import tsx run.ts "$@"
