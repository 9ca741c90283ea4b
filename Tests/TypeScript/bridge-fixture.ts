// Uses the bridge module generated from Tests/BridgeFixture/bridge-fixture.json the way a page
// would; `tsc --strict` must accept it (a wrong use is in the *.fail.ts files).
import { available, ready, send, on, BridgeError, type NoteDraft, type SaveResult, type SyncState } from "../BridgeFixture/generated/bridge.js";

export async function save(draft: NoteDraft): Promise<number | null> {
  if (!available) return null;
  const welcome = await ready();
  const actions: readonly string[] = welcome.actions;
  if (!actions.includes("saveNote")) return null;
  try {
    const result: SaveResult = await send("saveNote", draft);
    const shared: boolean = await send("share", ["a", "b"]);
    const pong: string = await send("ping", null);
    return shared && pong.length > 0 ? result.revision : null;
  } catch (error) {
    if (error instanceof BridgeError) return error.code.length;
    throw error;
  }
}

export const stop: () => void = on("syncStateChanged", (state: SyncState) => {
  const known: SyncState[] = ["idle", "syncing", "failed"];
  if (!known.includes(state)) throw new Error(state);
});
