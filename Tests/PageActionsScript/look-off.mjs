// The page-actions script with its look before routing turned off: every form and link is read and
// routed, as if no URL could be left by its path alone. The look must leave out only what routing
// and the scope rule would not offer, so the same page must get the same offers (only the targets
// differ: what the look leaves gets none) from the script and from this copy of it. Used by the
// seeded test in page-actions.test.mjs and by Fuzz/Differential/look-diff.mjs.

// Each look and what it becomes: at a resolved URL (before an offer is read, and in the full scan's
// look), and at a plain path as written.
const LOOKS = [
  ["    return reachable(screen).urls[method].test(url);", "    return true;"],
  ["      return !look.urls.GET.test(String(anchor.href));", "      return false;"],
  ["        if (look.plainLeft.GET.test(href)) return true;", "        if (false) return true;"],
  ["    return !look.urls.POST.test(String(formAction(anchor)));", "    return false;"],
  ["      if (look.plainLeft.POST.test(action)) return true;", "      if (false) return true;"],
];

/** `source` (a generated page-actions.js) with every look turned off. Throws, naming the line,
 * when a look is not where this expects it (each must occur exactly once), so a change to the
 * script cannot leave a look on and the comparison proving nothing. */
export function withoutLook(source) {
  let text = source;
  for (const [line, off] of LOOKS) {
    const count = text.split(line).length - 1;
    if (count !== 1) {
      throw new Error(`look-off: expected the look ${JSON.stringify(line.trim())} once in the script, found it `
        + `${count} times; update Tests/PageActionsScript/look-off.mjs`);
    }
    text = text.replace(line, off);
  }
  return text;
}

/** A report's offers without their targets: what must not differ between the two scripts. */
export const requests = (report) => ({ ...report, offers: report.offers.map(({ target, ...offer }) => offer) });
