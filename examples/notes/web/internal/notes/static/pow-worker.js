// The sign-in form's proof of work, off the main thread: find the smallest decimal nonce
// whose SHA-256("<challenge>:<nonce>") starts with `bits` zero bits (PowSolves in auth.go).
self.onmessage = async (event) => {
  const { challenge, bits } = event.data;
  const encoder = new TextEncoder();
  for (let n = 0; ; n++) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(challenge + ":" + n)));
    let zero = true;
    for (let i = 0; i < bits && zero; i++) {
      zero = (digest[i >> 3] & (0x80 >> (i & 7))) === 0;
    }
    if (zero) {
      self.postMessage(String(n));
      return;
    }
  }
};
