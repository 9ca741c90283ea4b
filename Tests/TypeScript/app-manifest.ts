// The app-manifest module generated from Tests/ManifestParity/parity-manifest.json (emitted into
// .build/typescript by the typescript-check step): routing, URL builders and commands, typed.
import { route, pathFor, urlFor, notePath, reportPath, commands, capabilities, type DestinationID, type RouteDecision, type CapabilityID } from "../../.build/typescript/app-manifest.js";

const decision: RouteDecision = route("https://app.example.com/notes/new", { redirect: false });
const id: DestinationID | null = decision.destination;
const path: string | null = pathFor("report", { year: 2026, month: 11, format: "pdf" });
const url: string | null = urlFor("search", { q: "milk" });
const note: string | null = notePath({ id: "6f1c2b1e-8a8c-4c53-9d67-2f0e8e1f7a10" });
const report: string | null = reportPath({ year: 2026, month: 1 });
const writable: CapabilityID[] = commands.flatMap((command) => command.capabilities);
const described: string = capabilities["notes.read"];
const bound: string[] = commands.flatMap((command) => (command.pageAction === null ? [] : [`${command.pageAction.method} ${command.pageAction.pattern}`]));

export const all = [id, path, url, note, report, writable, described, bound];
