// expect: TS2531
// A command's pageAction is null when the command is not bound to a web form or link: check it first.
import { commands } from "../../.build/typescript/app-manifest.js";
export const methods = commands.map((command) => command.pageAction.method);
