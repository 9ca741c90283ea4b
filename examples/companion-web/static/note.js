// The editor page: one typed action (saveNote) and one event (syncStateChanged).
// In a plain browser `available` is false and the form posts nowhere native.
import { available, send, on, BridgeError } from "./bridge.js";

const form = document.querySelector("#note");
const status = document.querySelector("#status");

form.addEventListener("submit", async (event) => {
  if (!available) return; // a plain browser: let the web app handle the form
  event.preventDefault();
  const data = new FormData(form);
  try {
    const saved = await send("saveNote", { title: String(data.get("title")), body: String(data.get("body")) });
    status.textContent = `Saved ${saved.id} at ${saved.savedAt}`;
  } catch (error) {
    status.textContent = error instanceof BridgeError ? `Not saved (${error.code}): ${error.message}` : String(error);
  }
});

on("syncStateChanged", (state) => {
  form.dataset.sync = state;
});
