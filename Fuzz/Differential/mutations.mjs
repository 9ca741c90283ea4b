// Seeded mutations of URLs, shared by the differential checks (router-diff.mjs, look-diff.mjs):
// the same inputs on every machine for a given seed.

/** xorshift32: `next(n)` is a number in 0..<n, the same sequence for the same seed everywhere. */
export function generator(seed) {
  let state = seed >>> 0 || 1;
  return (n) => {
    state ^= state << 13; state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5; state >>>= 0;
    return state % n;
  };
}

/** What a mutation inserts or puts in place of a few characters: pieces that change how a URL's
 * scheme, authority, port, path or escapes read. */
export const URL_PIECES = ["@", "\\", "%40", "%2F", "%2f", "%5C", "%2e", ".", "..", "/", "//", "#", "?", " ", "\t", "%",
  "%zz", "[", "]", ":", ":80", ":443", ":8080", ":0", ":65536", ":99999999999999999999", "A", "APP", "é", "\u007f", "\u2028", "evil.com",
  "app.example.com", "www.example.com", "xn--e1a", "127.0.0.1", "&", "=", "+", "{", "}", "%00", "%0A", "%C3%A9",
  "javascript:", "HTTPS:", "companion://app", "localhost:8080", "%E2%80%AE", "~", "!", "$", "'", "(", "*", ";"];

/** `text` with 1 to 4 edits at places `next` picks: a piece inserted, a character removed, or a
 * few characters replaced by a piece. */
export function mutate(text, next, pieces = URL_PIECES) {
  const chars = Array.from(text);
  const edits = 1 + next(4);
  for (let i = 0; i < edits; i++) {
    const at = next(chars.length + 1);
    switch (next(3)) {
      case 0: chars.splice(at, 0, ...Array.from(pieces[next(pieces.length)])); break;
      case 1: chars.splice(at, 1); break;
      default: chars.splice(at, 1 + next(3), ...Array.from(pieces[next(pieces.length)]));
    }
  }
  return chars.join("");
}
