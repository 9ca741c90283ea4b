# Sourced by .ci/run: the typescript-check step type-checks the emitted .d.ts files with tsc.
# npm's registry is not reachable here; Debian's node-typescript package provides tsc.
# Idempotent: nothing happens when tsc is present.
command -v tsc >/dev/null || {
    apt-get update -qq >/dev/null 2>&1 || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends node-typescript >/dev/null \
        || { echo "error: could not install node-typescript (tsc) for make typescript-check" >&2; return 1; }
}
