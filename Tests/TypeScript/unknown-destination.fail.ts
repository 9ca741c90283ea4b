// expect: TS2345
// Only declared destination ids have builders.
import { pathFor } from "../../.build/typescript/app-manifest.js";
export const path = pathFor("nowhere", {});
