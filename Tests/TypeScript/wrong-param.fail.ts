// expect: TS2322
// A report's month is an int param: a string must be refused by the URL builder's type.
import { reportPath } from "../../.build/typescript/app-manifest.js";
export const path = reportPath({ year: 2026, month: "eleven" });
