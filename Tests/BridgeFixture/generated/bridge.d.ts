// generated from bridge-fixture.json, do not edit

export type Color = "red" | "green" | "blue";

export type SyncState = "idle" | "syncing" | "failed";

export interface Attachment {
  name: string;
  bytes: number;
}

export interface NoteDraft {
  id?: string | null;
  title: string;
  body: string;
  tags: string[];
  color?: Color | null;
  pinned: boolean;
  weight: number;
  revision: number;
  attachments: Attachment[];
}

export interface SaveResult {
  id: string;
  revision: number;
  warnings: string[];
}

export interface ReportRequest {
  from: string;
  count?: number | null;
}

export interface Shadowing {
  node: string;
  value: number;
  field: boolean;
  writer?: string | null;
  text: number;
  encode: string;
}

/** The actions the page may send: payload and reply types. */
export interface BridgeActions {
  saveNote: { payload: NoteDraft; reply: SaveResult };
  share: { payload: string[]; reply: boolean };
  ping: { payload: string | null; reply: string };
  exportReport: { payload: ReportRequest; reply: string };
}

/** The events native may send: payload types. */
export interface BridgeEvents {
  noteChanged: NoteDraft;
  syncStateChanged: SyncState;
}

/** A refusal from native or from this module; `code` is stable (see docs/bridge-protocol.md). */
export declare class BridgeError extends Error {
  readonly code: string;
  constructor(code: string, message: string);
}

/** What native answered to the page's hello. */
export interface Welcome {
  readonly version: number;
  readonly actions: readonly string[];
  readonly events: readonly string[];
}

/** Whether the page runs inside the native app (false in a plain browser). */
export declare const available: boolean;

/** The handshake; `send` waits for it. */
export declare function ready(): Promise<Welcome>;

/** Sends a declared action and resolves with its typed reply; rejects with a BridgeError. */
export declare function send<A extends keyof BridgeActions>(
  action: A,
  payload: BridgeActions[A]["payload"],
): Promise<BridgeActions[A]["reply"]>;

/** Listens to a declared event; returns a function that stops listening. */
export declare function on<E extends keyof BridgeEvents>(
  event: E,
  listener: (payload: BridgeEvents[E]) => void,
): () => void;
