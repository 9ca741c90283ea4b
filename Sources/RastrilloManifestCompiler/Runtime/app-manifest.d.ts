// @slot header
// The fixed part of the generated app-manifest.d.ts (`manifest build`): the types of
// app-manifest.js. Each slot, from "// @slot name" to "// @end name", is replaced by generated
// text; the lines inside are stand-ins so this file checks on its own under tsc --strict
// (RuntimeTemplate.swift).
// @end header

// @slot enums
export type Color = "red" | "green" | "blue";
// @end enums

export interface DestinationParams {
// @slot destinationParams
  home: {};
  note: {id: string; color?: Color | null};
// @end destinationParams
}
export type DestinationID = keyof DestinationParams;
export declare const destinations: readonly DestinationID[];

export interface RouteDecision {
  decision: "native" | "web" | "in-app-browser" | "external" | "refused";
  destination: DestinationID | null;
  params: Record<string, string | number | boolean>;
  reason: string | null;
}
export declare function route(input: string | URL, options?: { redirect?: boolean }): RouteDecision;
export declare function pathFor<K extends DestinationID>(id: K, params: DestinationParams[K]): string | null;
export declare function urlFor<K extends DestinationID>(id: K, params: DestinationParams[K]): string | null;
// @slot destinationPaths
export declare const homePath: (params: DestinationParams["home"]) => string | null;
export declare const notePath: (params: DestinationParams["note"]) => string | null;
// @end destinationPaths

// @slot capabilityID
export type CapabilityID = "notes.read";
// @end capabilityID
export declare const capabilities: Readonly<Record<CapabilityID, string>>;
export interface Command {
// @slot commandID
  id: "refresh";
// @end commandID
  titleKey: string;
  symbol: string | null;
  shortcut: string | null;
  role: "destructive" | "cancel" | null;
  placements: Array<"toolbar" | "menu" | "contextMenu" | "actionMenu" | "appShortcut">;
  destinations: DestinationID[];
  capabilities: CapabilityID[];
  /** The web form (POST) or link (GET) the command stands for: its method and ServeMux pattern. */
  pageAction: { readonly method: "GET" | "POST"; readonly pattern: string } | null;
}
export declare const commands: readonly Command[];
/** How the web app signs people in (the manifest's `session`). */
export interface Session {
  /** `password`, or `auth` for Rastrillo's auth (magic links, keymail, second factors). */
  kind: "password" | "auth";
  /** The sign-in page's destination. */
  signIn: DestinationID;
  /** The command bound to the sign-out form. */
  signOut: Command["id"] | null;
  /** With `auth`: its pages and keymail choices. */
  auth: {
    readonly signedInPath: string;
    readonly callbackPath: string;
    readonly magicLinkPath: string;
    readonly secondFactorPath: string;
    readonly keymailServers: readonly string[] | null;
    readonly ephemeralSession: boolean;
  } | null;
}
/** The manifest's session, or null when it declares none. */
export declare const session: Readonly<Session> | null;
