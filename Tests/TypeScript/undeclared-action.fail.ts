// expect: TS2345
// Only declared actions can be sent.
import { send } from "../../examples/companion-web/static/bridge.js";
export const result = send("deleteEverything", { release: "v1" });
