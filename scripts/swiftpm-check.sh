#!/usr/bin/env bash
# Checks scripts/swiftpm.sh against a stand-in `swift` on PATH that counts its runs and dies the
# way it is told: a driver killed by SIGSEGV once is run again and passes; killed twice, the
# signal's status is returned; a failure (exit 1, as a crashing test gives) is never rerun; and
# `swift run` is never rerun.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
cat >"$work/bin/swift" <<'FAKE'
#!/usr/bin/env bash
n=$(($(cat "$COUNT" 2>/dev/null || echo 0) + 1))
echo "$n" >"$COUNT"
plan=${PLAN:?}
what=$(echo "$plan" | cut -d, -f"$n")
case "$what" in
segv) kill -SEGV $$ ;;
bus) kill -BUS $$ ;;
fail) exit 1 ;;
*) exit 0 ;;
esac
FAKE
chmod +x "$work/bin/swift"
failures=0
# expect <plan> <expected status> <expected runs> <args...>
expect() {
    local plan=$1 want=$2 runs=$3
    shift 3
    rm -f "$work/count"
    local got=0
    PATH="$work/bin:$PATH" COUNT="$work/count" PLAN="$plan" "$here/swiftpm.sh" "$@" 2>"$work/err" || got=$?
    local ran
    ran=$(cat "$work/count")
    if [ "$got" != "$want" ] || [ "$ran" != "$runs" ]; then
        echo "swiftpm-check: swift $* with plan $plan: status $got after $ran run(s), expected $want after $runs" >&2
        cat "$work/err" >&2
        failures=$((failures + 1))
    else
        echo "ok: swift $* ($plan): status $got after $ran run(s)"
    fi
}
expect segv,ok 0 2 test
expect bus,ok 0 2 build
expect segv,segv 139 2 test
expect fail,ok 1 1 test
expect ok 0 1 build
expect segv,ok 139 1 run
# Read to its end before looking: `grep -q` on a process substitution returns at its first match
# while the rerun may still write under $work, racing the EXIT trap's rm (one CI run failed so).
named=$(PATH="$work/bin:$PATH" COUNT="$work/count2" PLAN=segv,ok "$here/swiftpm.sh" test 2>&1 || true)
grep -q "killed by signal 11" <<<"$named" ||
    { echo "swiftpm-check: the rerun is not named on stderr" >&2; failures=$((failures + 1)); }
[ "$failures" -eq 0 ] || exit 1
echo "swiftpm-check: 7 checks passed"
