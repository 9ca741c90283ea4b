// The companion's release-notes page module, typed by the .d.ts generated from the companion's
// app-manifest.json.
import { available, send, on, type RunningVersion, type ReleaseMatch, type ServerCheck } from "../../examples/companion-web/static/bridge.js";

export async function compare(release: string): Promise<ReleaseMatch | "no-app"> {
  if (!available) return "no-app";
  const running: RunningVersion = await send("compareRelease", { release });
  const version: string | null | undefined = running.version;
  return version === undefined ? "unknown" : running.match;
}

export const stop = on("serverChecked", (check: ServerCheck) => {
  if (check === "reachable") void compare("v1.0.0");
});
