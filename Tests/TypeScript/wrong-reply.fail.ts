// expect: TS2322
// compareRelease replies with a RunningVersion, not a string.
import { send } from "../../examples/companion-web/static/bridge.js";
export async function f(): Promise<void> {
  const reply: string = await send("compareRelease", { release: "v1" });
  void reply;
}
