#!/usr/bin/env bash
# Generates the eBay client's types (src/server/integrations/ebay/types/) from the eBay
# contracts under tests/fixtures/ebay/ (see scripts/ebay-contracts.ts). openapi-typescript
# needs TypeScript 5's compiler API, which the project's TypeScript 7 does not offer, so it
# runs through npx beside its own TypeScript 5; the generated files are committed.
set -euo pipefail
cd "$(dirname "$0")/.."
out=src/server/integrations/ebay/types
mkdir -p "$out"
for f in tests/fixtures/ebay/*.json; do
  name=$(basename "$f" .json)
  npx --yes -p typescript@5.9 -p openapi-typescript@7.13.0 openapi-typescript "$f" -o "$out/$name.ts"
done
npx biome check --write "$out" >/dev/null
