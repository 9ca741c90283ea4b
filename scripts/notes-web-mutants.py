#!/usr/bin/env python3
"""make notes-web-mutants: deliberate breaks of the notes web app's `auth` sign-in mode and
its fake keymail server; `go test` of examples/notes/web must fail on each.

Each mutant is a list of exact (file, old, new) replacements applied to a scratch copy of
the module (a fresh folder under $TMPDIR, removed at the end). A replacement whose old text
is not found exactly once is an error, never a silent pass. The unmutated copy runs first
and must pass. Exit status 1 if any mutant survives or cannot be applied.
"""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULE = os.path.join(ROOT, "examples", "notes", "web")
GO = os.path.join(ROOT, "scripts", "go.sh")
AUTH = "internal/notes/auth.go"
FAKE = "internal/keymailfake/keymailfake.go"
TIMEOUT = int(os.environ.get("MUTANT_TEST_TIMEOUT", "300"))

# (name, the rule it breaks (auth sheet section), [(file, old, new), ...])
MUTANTS = [
    ("late-callback-clears", "A5: a callback whose state is not this attempt's clears nothing",
     [(AUTH, "subtle.ConstantTimeCompare([]byte(c.ST), []byte(sha256Hex(q.Get(\"state\")))) != 1 {",
       "false {")]),
    ("pending-reusable", "A5: the pending cookie is single use",
     [(AUTH, "\ta.setAuthCookie(w, \"rastrillo_pending\", \"\", -1)\n", "")]),
    ("state-unchecked", "A5: the callback's state must equal the pending cookie's",
     [(AUTH, "a.cfg.Now().Unix() >= p.Expires ||\n\t\tsubtle.ConstantTimeCompare([]byte(p.State), []byte(q.Get(\"state\"))) != 1 {",
       "a.cfg.Now().Unix() >= p.Expires {")]),
    ("address-mismatch-admitted", "A5: keymail's address must be the one typed",
     [(AUTH, "\tcase address != p.Address:\n", "\tcase false:\n")]),
    ("verify-get-spends", "A4: GET /auth/verify spends nothing",
     [(AUTH, "\t// The page is the same for a live, spent or forged token: GET spends nothing.\n",
       "\ta.auth.mu.Lock()\n\tdelete(a.auth.links, sha256Hex(token))\n\ta.auth.mu.Unlock()\n")]),
    ("verify-trusts-referer", "A4: without Sec-Fetch-Site only a matching Origin is evidence",
     [(AUTH, "\treturn r.Header.Get(\"Origin\") == a.cfg.Origin\n}", "\treturn true\n}")]),
    ("link-reusable", "A4: a magic link works once",
     [(AUTH, "\tdelete(a.auth.links, hash) // DELETE … RETURNING: one use\n", "")]),
    ("link-never-expires", "A4: a magic link lasts 15 minutes",
     [(AUTH, "if !found || !a.cfg.Now().Before(row.expires) {", "if !found {")]),
    ("prompt-none-allowed", "A5: prompt is absent or login",
     [(AUTH, "(!q.Has(\"prompt\") || q.Get(\"prompt\") == \"login\")", "true")]),
    ("redirect-uri-unchecked", "A5: redirect_uri is the origin + /auth/callback",
     [(AUTH, "q.Get(\"redirect_uri\") == a.cfg.Origin+\"/auth/callback\" &&", "")]),
    ("totp-unlimited", "A8: five strikes, then the first factor again",
     [(AUTH, "\t\tout := h.strikes >= totpStrikes\n", "\t\tout := false\n")]),
    ("no-second-factor", "A8: an enrolled account is held at /signin/confirm",
     [(AUTH, "if _, enrolled := a.cfg.TOTP[address]; enrolled {", "if false {")]),
    ("no-step-up", "A7: a stale session re-authenticates before deleting",
     [(AUTH, "ok && a.cfg.Now().Sub(created) > a.cfg.FreshFor {", "false {")]),
    ("signout-home", "A9: auth's sign-out lands on /signin",
     [(AUTH, "\tseeOther(w, \"/signin\") // auth A9: /signin, not /\n", "\tseeOther(w, \"/\")\n")]),
    ("pow-reusable", "A3: a proof-of-work challenge is spent once",
     [(AUTH, "\tif _, spent := a.auth.powUsed[challenge]; spent {\n\t\treturn false\n\t}\n", "")]),
    ("ping-accepted", "a link's ping (text/ping POST) changes nothing",
     [("internal/notes/csrf.go", "\t\t\tif IsPing(r) {\n", "\t\t\tif false {\n")]),
    ("fake-skips-pkce", "the fake keymail checks the PKCE verifier",
     [(FAKE, "ok := found && base64.RawURLEncoding.EncodeToString(sum[:]) == g.challenge",
       "ok := found && len(sum) > 0")]),
]


def copy_module(folder):
    """Copies the module to folder/examples/notes/web with the notes app's Sources beside it
    (a symlink: its manifest test reads ../../../Sources/NotesCore/app-manifest.json) and
    returns the copy's path."""
    module = os.path.join(folder, "examples", "notes", "web")
    shutil.copytree(MODULE, module, ignore=shutil.ignore_patterns(".build"))
    os.symlink(os.path.join(ROOT, "examples", "notes", "Sources"), os.path.join(folder, "examples", "notes", "Sources"))
    return module


def run_tests(folder):
    env = dict(os.environ, GOWORK="off")
    try:
        done = subprocess.run([GO, "-C", folder, "test", "-count=1", "./..."], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return False, "timed out"
    return done.returncode == 0, done.stdout


def main():
    selected = sys.argv[1:]
    scratch = tempfile.mkdtemp(prefix="notes-web-mutants-")
    failed = []
    try:
        ok, out = run_tests(copy_module(os.path.join(scratch, "base")))
        if not ok:
            print(out)
            print("notes-web-mutants: the unmutated module fails its tests; fix that first")
            return 1
        for name, rule, patches in MUTANTS:
            if selected and name not in selected:
                continue
            top = os.path.join(scratch, name)
            folder = copy_module(top)
            applied = True
            for rel, old, new in patches:
                path = os.path.join(folder, rel)
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                if text.count(old) != 1:
                    print(f"  {name}: cannot apply (the text to replace occurs {text.count(old)} times in {rel}); update the mutant")
                    applied = False
                    break
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text.replace(old, new))
            if not applied:
                failed.append(name)
                continue
            passed, out = run_tests(folder)
            if passed:
                print(f"  SURVIVED {name}: {rule}")
                failed.append(name)
            else:
                first = next((line.strip() for line in out.splitlines() if line.strip().startswith(("auth_test.go", "notes_test.go", "---", "timed out"))), "tests failed")
                print(f"  caught {name}: {rule} ({first})")
            shutil.rmtree(top, ignore_errors=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    total = len([m for m in MUTANTS if not selected or m[0] in selected])
    print(f"notes-web-mutants: {total - len(failed)} of {total} caught")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
