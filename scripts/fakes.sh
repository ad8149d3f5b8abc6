#!/usr/bin/env bash
# npm run fakes -- --env-file FILE: starts every vendor fake (scripts/fakes.ts).
# Node 20 takes an `--env-file` anywhere on its command line as its own option,
# so the file reaches the script through FAKES_ENV_FILE instead.
set -euo pipefail
cd "$(dirname "$0")/.."
file=""
while [ $# -gt 0 ]; do
  case "$1" in
    --env-file) file="${2:-}"; shift 2 ;;
    --env-file=*) file="${1#--env-file=}"; shift ;;
    *) echo "fakes: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -n "$file" ] || { echo "Usage: npm run fakes -- --env-file FILE" >&2; exit 2; }
FAKES_ENV_FILE="$file" exec node --import tsx scripts/fakes.ts
