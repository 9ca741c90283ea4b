// The sign-in form: solve the proof of work in a same-origin worker (the strict CSP allows
// no inline script), fill in the nonce, then enable the button. The person's own tap submits.
(() => {
  const form = document.querySelector("form[data-pow-challenge]");
  if (!form) return;
  const button = form.querySelector("button[type=submit]");
  const status = document.getElementById("pow-status");
  const worker = new Worker("/static/pow-worker.js");
  worker.onmessage = (event) => {
    form.elements.pow_nonce.value = event.data;
    button.disabled = false;
    if (status) status.textContent = "";
    worker.terminate();
  };
  worker.onerror = () => {
    if (status) status.textContent = "This browser could not get ready to sign in. Reload the page to try again.";
  };
  worker.postMessage({ challenge: form.dataset.powChallenge, bits: Number(form.dataset.powBits) });
})();
