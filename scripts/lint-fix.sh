#!/usr/bin/env bash
# Once, when nobody else is editing the tree: format every file Biome covers and apply
# the lint fixes Biome calls safe (biome.jsonc), then list what is left for hands.
# Not for everyday use — `npm run lint` checks; this rewrites ~330 files.
#
#   scripts/lint-fix.sh            # rewrite, then report
#   scripts/lint-fix.sh --dry-run  # report only what would change
set -euo pipefail
cd "$(dirname "$0")/.."

biome=node_modules/.bin/biome
[ -x "$biome" ] || { echo "lint-fix: run npm ci first (no $biome)" >&2; exit 2; }

if [ "${1:-}" = "--dry-run" ]; then
  "$biome" check --max-diagnostics=none --reporter=summary . || true
  exit 0
fi

if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
  echo "lint-fix: the work tree has uncommitted changes; commit them first so the rewrite is one reviewable commit" >&2
  git status --short --untracked-files=no >&2
  exit 2
fi

# Safe fixes only (no --unsafe): formatting, import type, const, and the like.
"$biome" check --write . || true
echo
echo "Files rewritten: $(git diff --name-only | wc -l)"
echo "What is left for hands (npm run lint must end with none):"
"$biome" check --error-on-warnings --max-diagnostics=none --reporter=summary . || true
echo
echo "Then: npm run typecheck && npm run test:unit, and commit the rewrite on its own."
