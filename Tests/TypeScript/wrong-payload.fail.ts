// expect: TS2345
// saveNote's payload is a NoteDraft: a string must be refused.
import { send } from "../BridgeFixture/generated/bridge.js";
export const result = send("saveNote", "not a draft");
