// @slot header
// The fixed part of the generated bridge.d.ts (`manifest build`): the types of bridge.js.
// Each slot, from "// @slot name" to "// @end name", is replaced by generated text; the lines
// inside are stand-ins so this file checks on its own under tsc --strict (RuntimeTemplate.swift).
// @end header

// @slot types
export interface Note {
  title: string;
}

// @end types
/** The actions the page may send: payload and reply types. */
export interface BridgeActions {
// @slot actions
  ping: { payload: string | null; reply: string };
// @end actions
}

/** The events native may send: payload types. */
export interface BridgeEvents {
// @slot events
  noteChanged: Note;
// @end events
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
