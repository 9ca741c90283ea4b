#!/usr/bin/env bash
# Rewrites the goldens of `manifest derive` (Tests/Fixtures/RastrilloApps/expected/<app>/):
# each fixture app's derived manifest and report, as ManifestDeriveTests compares them.
# Review the diff before committing: a golden is an expectation, not an output to accept.
set -euo pipefail
cd "$(dirname "$0")/.."
root=Tests/Fixtures/RastrilloApps
swift build -q --product rastrillo-native
tool=$(swift build --show-bin-path)/rastrillo-native
for app in notes tickets blog routes-only unknown-keys; do
  folder=$root/$app
  [ -d "$folder" ] || folder=$root/bad/$app
  mkdir -p "$root/expected/$app"
  (cd "$folder/.." && "$tool" manifest derive "$(basename "$folder")" --origin "https://$app.example.com") \
    >"$root/expected/$app/app-manifest.json" 2>"$root/expected/$app/report.txt"
  echo "wrote $root/expected/$app"
done
