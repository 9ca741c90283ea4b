// The release-notes page: inside the companion app it asks native which version the selected
// server runs (compareRelease) and asks again whenever native reports a finished check
// (serverChecked). In a plain browser `available` is false and the page is just the notes.
import { available, send, on, BridgeError } from "./bridge.js";
import { runningText, checkText } from "./release-text.js";

const release = document.querySelector("main").dataset.release;
const line = document.querySelector("#server");

function show(text) {
  line.textContent = text;
  line.hidden = false;
}

async function ask() {
  try {
    show(runningText(await send("compareRelease", { release })));
  } catch (error) {
    show(error instanceof BridgeError ? `The app did not answer (${error.code}): ${error.message}` : String(error));
  }
}

if (available) {
  on("serverChecked", (check) => (check === "checking" ? show(checkText(check)) : ask()));
  ask();
}
