// What the release-notes page says about the server, from native's typed answers.
// Pure functions (no DOM), so they are tested under node (page.test.mjs).

const CHECK_TEXT = Object.freeze({
  notChecked: "The app has not checked your server yet.",
  checking: "Checking which version your server runs…",
  unreachable: "The app could not reach your server.",
  notRastrillo: "Your server's address does not answer like a Rastrillo server.",
  insecureAddress: "Your server's address is not secure, so the app did not check it.",
  invalidAddress: "Your server's address is not valid; fix it in the app.",
});

/** The line for a `compareRelease` reply (a RunningVersion). */
export function runningText(running) {
  switch (running.match) {
    case "thisRelease":
      return "This is the release your server runs.";
    case "basedOnThisRelease":
      return `Your server runs ${running.version}, built from this release.`;
    case "otherVersion":
      return `Your server runs ${running.version}.`;
    default:
      return checkText(running.check);
  }
}

/** The line while native reports a check state without a version (a serverChecked event). */
export function checkText(check) {
  return CHECK_TEXT[check] ?? "The app knows which version your server runs.";
}
