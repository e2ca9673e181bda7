// Types of the chartd Node client.
import { EventEmitter } from 'node:events';

export const CLIENT_VERSION: string;

/** Any JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Entries: rows `[{x, y}]`, pairs `[[x, y]]`, bare `[y, …]` or columns `{x: [...], y: [...], …}`. */
export type Entries =
  | Array<{ x?: number; y?: number | null; [column: string]: Json | undefined }>
  | Array<[number, number | null] | number[]>
  | Array<number | null>
  | { x?: number[]; y?: Array<number | null>; [column: string]: Json[] | undefined };

/** The third argument of setViewport. */
export interface ViewportOptions {
  /** Fit the y axes to the visible entries (true) or keep them (false); left out: unchanged. */
  autoScaleY?: boolean;
}

export interface Highlight {
  dataSet: string;
  index: number;
  stackIndex?: number;
}

export type Edit =
  | { op: 'setSpec'; spec: ChartSpec }
  | { op: 'mergeSpec'; patch: { [key: string]: Json } }
  | { op: 'appendEntries'; dataSet: string; entries: Entries; maxEntries?: number }
  | { op: 'removeEntries'; dataSet: string; start: number; count: number }
  | { op: 'updateEntries'; dataSet: string; start: number; entries: Entries }
  | { op: 'replaceEntries'; dataSet: string; entries: Entries }
  | { op: 'addDataSet'; dataSet: DataSetSpec; index?: number }
  | { op: 'removeDataSet'; dataSet: string }
  | { op: 'replaceDataSet'; dataSet: DataSetSpec }
  | { op: 'setVisibility'; dataSet: string; entry?: number; visible: boolean }
  | { op: 'setHighlight'; highlights: Highlight[] }
  | { op: 'setViewport'; xMin?: number | null; xMax?: number | null; autoScaleY?: boolean }
  | { op: 'resize'; width: number; height: number };

export interface DataSetSpec {
  id?: string;
  label?: string;
  kind?: 'line' | 'bar' | 'scatter' | 'bubble' | 'candlestick';
  visible?: boolean;
  /** The plot pane it is drawn in (an index into the chart's `panes`; default 0). */
  pane?: number;
  entries?: Entries;
  [option: string]: Json | Entries | undefined;
}

export interface ChartSpec {
  kind?: 'line' | 'bar' | 'scatter' | 'bubble' | 'candlestick' | 'pie' | 'radar' | 'combined';
  width?: number;
  height?: number;
  title?: string;
  dataSets?: DataSetSpec[];
  /** Plot panes stacked top to bottom, sharing the x axis (protocol/spec/chart-spec.md "panes"). */
  panes?: { weight?: number; gap?: number; axis?: { [key: string]: Json } }[];
  [option: string]: Json | DataSetSpec[] | undefined;
}

export interface Diagnostic {
  path: string;
  message: string;
  severity: 'error' | 'warning';
}

/**
 * A change of a region's markup (protocol/patch.md, "Spliced fragments"): the UTF-8 bytes `start` up
 * to (not including) `end` of the markup the client holds, replaced by `text`. Offsets count bytes
 * of the UTF-8 encoding, not string indices, and fall on character boundaries.
 */
export interface Splice {
  start: number;
  end: number;
  text: string;
}

/** A region's new markup, whole (`svg`). */
export interface MarkupFragment {
  id: string;
  svg: string;
  splice?: undefined;
}

/**
 * A region's new markup as a splice of its current markup; only to a client that declared
 * `markupSplices` (`fragment.splice !== undefined` tells the two apart, and narrows the type).
 */
export interface SpliceFragment {
  id: string;
  splice: Splice;
  svg?: undefined;
}

export type Fragment = MarkupFragment | SpliceFragment;

export interface Patch {
  uri: string;
  baseVersion: number;
  version: number;
  /** The new root opening tag, only when the root's attributes changed. */
  root?: string;
  removed: string[];
  inserted: Array<{ id: string; svg: string; after: string | null }>;
  /** Regions replaced in place: by markup, or (`markupSplices`) by a splice of their current markup. */
  fragments: Fragment[];
  /**
   * Regions whose new markup is their previous markup (applied after `fragments`; left out when
   * empty). Only to a client that declared `previousMarkup` (protocol/patch.md, "Restored regions").
   */
  restored?: string[];
  stats?: { [key: string]: number };
}

export interface Render {
  uri: string;
  version: number;
  svg: string;
  regions: string[];
}

export type HitTarget =
  | null
  | { kind: 'legendItem'; dataSet: string; index?: number; entry?: number }
  /** The "+N more" legend item: `count` entries it stands for, the first 200 at most in `items`. */
  | { kind: 'legendMore'; count: number; items: Array<{ dataSet?: string; index?: number; label: string; hidden: boolean }> }
  /** `stackIndex` and `value`: the segment of a stacked bar; `pane`: in a chart split into panes. */
  | { kind: 'entry'; dataSet: string; index: number; x: number; y: number; value?: number; stackIndex?: number; pane?: number }
  /** With `marker.trigger: "axis"`: `dataSet` and `index` name the entry to highlight, `value` its x. */
  | { kind: 'plotArea'; x: number; y: number; dataSet?: string; index?: number; value?: number; pane?: number }
  | { kind: 'dataSet'; dataSet: string }
  /** `"pane"`: the value axis of a lower pane, named by `pane`. */
  | { kind: 'axis'; axis: 'x' | 'left' | 'right' | 'pane'; value: number; pane?: number };

export interface ServerInfo {
  name: string;
  version: string;
  protocolVersion: string;
  chart: {
    kinds?: string[];
    editOps?: string[];
    fragmentFormat?: string;
    limits?: { [name: string]: number };
    /** The daemon may send `restored` ids to a client that declared `previousMarkup`. */
    previousMarkup?: boolean;
    /** The daemon may send `splice` fragments to a client that declared `markupSplices`. */
    markupSplices?: boolean;
    [key: string]: Json | undefined;
  };
}

export interface ClientOptions {
  /** Path of chartd; default $CHARTD, then `chartd` on PATH. */
  binary?: string;
  args?: string[];
  framing?: 'lsp' | 'ndjson';
  /** Restart a dead daemon and re-open every document (default true). */
  autoRestart?: boolean;
  /** How often one in-flight request is re-sent across crashes (default 1). */
  maxRetries?: number;
  /** Restarts allowed within restartWindowMs before giving up (default 3). */
  maxRestarts?: number;
  restartWindowMs?: number;
  /** Per-request timeout; 0 waits forever (default 60000). */
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  clientName?: string;
  /**
   * Declare the `previousMarkup` capability in `initialize` (default true): the mirrors keep each
   * region's previous markup, and chartd may then send `restored` ids instead of markup.
   */
  previousMarkup?: boolean;
  /**
   * Declare the `markupSplices` capability in `initialize` (default true): chartd may then send a
   * fragment as a splice of the region's current markup (`{id, splice}`), which the mirrors apply.
   * Turn it off when the patches are forwarded to code that applies only whole fragments.
   */
  markupSplices?: boolean;
  /**
   * Further LSP client capabilities sent in `initialize`, for an editor that uses chartd's language
   * server through this client (`textDocument.completion.completionItem.snippetSupport`,
   * `textDocument.documentSymbol.hierarchicalDocumentSymbolSupport`, …). A `chart` member is
   * ignored: the chart capabilities are those this client implements.
   */
  capabilities?: { [key: string]: Json };
}

export declare const ErrorCode: Readonly<{
  PARSE_ERROR: -32700;
  INVALID_REQUEST: -32600;
  METHOD_NOT_FOUND: -32601;
  INVALID_PARAMS: -32602;
  INTERNAL_ERROR: -32603;
  SERVER_NOT_INITIALIZED: -32002;
  REQUEST_CANCELLED: -32800;
  CONTENT_MODIFIED: -32801;
  REQUEST_FAILED: -32803;
  /** Client-side only: the daemon died and the request could not be retried. */
  CONNECTION_LOST: -32099;
}>;

export declare class ChartdError extends Error {
  constructor(code: number, message: string, data?: Json);
  readonly code: number;
  readonly rpcMessage: string;
  readonly data: any;
  readonly diagnostics: Diagnostic[];
  readonly kind: string | undefined;
  readonly currentVersion: number | undefined;
  static fromJSON(error: unknown): ChartdError;
}

export declare class ConnectionLostError extends ChartdError {
  constructor(message: string, stderrTail?: string, reason?: string);
  readonly stderrTail: string;
  /** Why the client stopped: how the daemon ended ("signal SIGKILL"), how often it was restarted. */
  readonly reason: string | undefined;
}

export declare class PatchMismatchError extends Error {
  readonly expectedVersion: number;
  readonly baseVersion: number;
}

export declare class DaemonNotFoundError extends Error {}

export declare function findBinary(binary?: string): string;

/** The edit methods shared by documents and batches. */
interface EditMethods<R> {
  setSpec(spec: ChartSpec): R;
  mergeSpec(patch: { [key: string]: Json }): R;
  appendEntries(dataSet: string, entries: Entries, maxEntries?: number): R;
  removeEntries(dataSet: string, start: number, count: number): R;
  updateEntries(dataSet: string, start: number, entries: Entries): R;
  replaceEntries(dataSet: string, entries: Entries): R;
  addDataSet(dataSet: DataSetSpec, index?: number): R;
  removeDataSet(dataSet: string): R;
  replaceDataSet(dataSet: DataSetSpec): R;
  /** With `entry`: one pie slice (its index joins or leaves the data set's `hiddenEntries`). */
  setVisibility(dataSet: string, visible: boolean, entry?: number): R;
  setHighlight(highlights: Array<Highlight | [string, number]>): R;
  highlight(dataSet: string, index: number): R;
  clearHighlight(): R;
  /** An end left out (or null) is open; `autoScaleY` left out keeps the document's setting. */
  setViewport(xMin?: number | null, xMax?: number | null, options?: ViewportOptions): R;
  resize(width: number, height: number): R;
}

export declare class Batch implements EditMethods<void> {
  readonly edits: Edit[];
  update(edits: Edit[]): void;
  setSpec(spec: ChartSpec): void;
  mergeSpec(patch: { [key: string]: Json }): void;
  appendEntries(dataSet: string, entries: Entries, maxEntries?: number): void;
  removeEntries(dataSet: string, start: number, count: number): void;
  updateEntries(dataSet: string, start: number, entries: Entries): void;
  replaceEntries(dataSet: string, entries: Entries): void;
  addDataSet(dataSet: DataSetSpec, index?: number): void;
  removeDataSet(dataSet: string): void;
  replaceDataSet(dataSet: DataSetSpec): void;
  /** With `entry`: one pie slice (its index joins or leaves the data set's `hiddenEntries`). */
  setVisibility(dataSet: string, visible: boolean, entry?: number): void;
  setHighlight(highlights: Array<Highlight | [string, number]>): void;
  highlight(dataSet: string, index: number): void;
  clearHighlight(): void;
  setViewport(xMin?: number | null, xMax?: number | null, options?: ViewportOptions): void;
  resize(width: number, height: number): void;
}

export declare class SvgMirror {
  /** `keepPrevious` (default true): keep each region's previous markup, so `restored` can be applied. */
  constructor(svg: string, version: number, options?: { keepPrevious?: boolean });
  root: string;
  regions: string[];
  version: number;
  keepPrevious: boolean;
  /** Region id → what the region held before the last fragment or restore that replaced it. */
  readonly previous: Map<string, string>;
  readonly text: string;
  readonly regionIds: string[];
  reset(svg: string, version: number): void;
  /**
   * Throws PatchMismatchError (changing nothing, the previous markup included) when the patch does
   * not fit: another base version, an unknown region, a splice that does not fit the region's markup
   * (offsets out of range or inside a character, members missing or of the wrong type), a fragment
   * with neither `svg` nor `splice`, a restored region without previous markup.
   */
  apply(patch: Patch): void;
}

export declare class SpecReplay {
  constructor(spec: ChartSpec);
  spec: ChartSpec;
  apply(edit: Edit): void;
  applyAll(edits: Edit[]): void;
}

export declare class ReplayError extends Error {}

export declare class ChartDocument extends EventEmitter implements EditMethods<Promise<Patch>> {
  readonly client: Client;
  readonly uri: string;
  /** The last version chartd confirmed. */
  readonly version: number;
  readonly mirror: SvgMirror;
  readonly replay: SpecReplay;
  readonly replayExact: boolean;
  readonly idPrefix: string | null;
  diagnostics: Diagnostic[];
  readonly closed: boolean;
  /** The mirror's full SVG text. */
  readonly svg: string;
  readonly regions: string[];
  /** The client's copy of the current spec. */
  readonly spec: ChartSpec;
  update(edits: Edit[], options?: { version?: number }): Promise<Patch>;
  /** Sends chart/update as a notification; returns the version it will have. */
  updateNowait(edits: Edit[]): number;
  batch(build: (batch: Batch) => void | Promise<void>): Promise<Patch | null>;
  render(): Promise<Render>;
  hitTest(x: number, y: number): Promise<HitTarget>;
  close(): Promise<null>;
  setSpec(spec: ChartSpec): Promise<Patch>;
  mergeSpec(patch: { [key: string]: Json }): Promise<Patch>;
  appendEntries(dataSet: string, entries: Entries, maxEntries?: number): Promise<Patch>;
  removeEntries(dataSet: string, start: number, count: number): Promise<Patch>;
  updateEntries(dataSet: string, start: number, entries: Entries): Promise<Patch>;
  replaceEntries(dataSet: string, entries: Entries): Promise<Patch>;
  addDataSet(dataSet: DataSetSpec, index?: number): Promise<Patch>;
  removeDataSet(dataSet: string): Promise<Patch>;
  replaceDataSet(dataSet: DataSetSpec): Promise<Patch>;
  /** With `entry`: one pie slice (its index joins or leaves the data set's `hiddenEntries`). */
  setVisibility(dataSet: string, visible: boolean, entry?: number): Promise<Patch>;
  setHighlight(highlights: Array<Highlight | [string, number]>): Promise<Patch>;
  highlight(dataSet: string, index: number): Promise<Patch>;
  clearHighlight(): Promise<Patch>;
  setViewport(xMin?: number | null, xMax?: number | null, options?: ViewportOptions): Promise<Patch>;
  resize(width: number, height: number): Promise<Patch>;
  on(event: 'patch', listener: (patch: Patch) => void): this;
  on(event: 'reset', listener: (render: { svg: string; version: number }) => void): this;
  on(event: 'diagnostics', listener: (diagnostics: Diagnostic[]) => void): this;
}

export declare class Client extends EventEmitter {
  constructor(options?: ClientOptions);
  static start(options?: ClientOptions): Promise<Client>;
  start(): Promise<this>;
  readonly binary: string;
  readonly state: 'new' | 'starting' | 'running' | 'recovering' | 'closing' | 'closed' | 'broken';
  readonly serverInfo: ServerInfo | null;
  readonly restartCount: number;
  /** True when this client declared `previousMarkup` and the daemon supports it: patches may carry `restored`. */
  readonly previousMarkup: boolean;
  /** True when this client declared `markupSplices` and the daemon supports it: fragments may carry `splice`. */
  readonly markupSplices: boolean;
  /** Set once the client gave up: the reason every later error repeats. */
  readonly brokenReason: string | null;
  readonly pid: number | null;
  readonly documents: ChartDocument[];
  close(options?: { timeoutMs?: number }): Promise<void>;
  request(method: string, params?: Json): Promise<any>;
  notify(method: string, params?: Json): void;
  open(uri: string, spec: ChartSpec, options?: { version?: number; idPrefix?: string }): Promise<ChartDocument>;
  renderSpec(spec: ChartSpec, options?: { idPrefix?: string }): Promise<string>;
  synchronize(): Promise<void>;
  document(uri: string): ChartDocument | null;
  update(uri: string, version: number, edits: Edit[]): Promise<Patch>;
  appendEntries(uri: string, version: number, dataSet: string, entries: Entries, maxEntries?: number): Promise<Patch>;
  on(event: 'diagnostics', listener: (params: { uri: string; version: number; diagnostics: Diagnostic[] }) => void): this;
  on(event: 'patch', listener: (patch: Patch) => void): this;
  on(event: 'logMessage', listener: (params: { type: number; message: string }) => void): this;
  on(event: 'notification', listener: (method: string, params: any) => void): this;
  on(event: 'restart', listener: (info: { generation: number; reason: string; stderr: string }) => void): this;
  on(event: 'recoveryMismatch', listener: (info: { uri: string; version: number; replayExact: boolean }) => void): this;
  /** A message that could not be read, or a ChartdError answered with id null (a protocol fault). */
  on(event: 'protocolError', listener: (error: Error) => void): this;
  on(event: 'stderr', listener: (line: string) => void): this;
}

export declare function derivePrefix(regions: string[]): string | null;
export declare function regionId(line: string): string | null;
/**
 * `markup` with the splice applied (UTF-8 bytes start..<end replaced by text), or null when it does
 * not fit: offsets out of range or inside a character, members missing or of the wrong type.
 */
export declare function applySplice(markup: string, splice: Splice): string | null;
export declare function splitSvg(svg: string): { root: string; regions: string[] };
export declare function isEmptyPatch(patch: Patch): boolean;
export declare function mergePatch(target: Json | undefined, patch: Json): Json;
export declare function encodeLsp(message: unknown): Buffer;
export declare function encodeNdjson(message: unknown): Buffer;
export declare class FramingError extends Error {}
export declare class LspDecoder {
  constructor(maxHeaderBytes?: number);
  feed(chunk: Buffer): { messages: unknown[]; errors: Error[] };
  readonly pendingBytes: number;
}
export declare class NdjsonDecoder {
  feed(chunk: Buffer): { messages: unknown[]; errors: Error[] };
  readonly pendingBytes: number;
}

export declare namespace edits {
  const EDIT_OPS: readonly string[];
  function setSpec(spec: ChartSpec): Edit;
  function mergeSpec(patch: { [key: string]: Json }): Edit;
  function appendEntries(dataSet: string, entries: Entries, maxEntries?: number): Edit;
  function removeEntries(dataSet: string, start: number, count: number): Edit;
  function updateEntries(dataSet: string, start: number, entries: Entries): Edit;
  function replaceEntries(dataSet: string, entries: Entries): Edit;
  function addDataSet(dataSet: DataSetSpec, index?: number): Edit;
  function removeDataSet(dataSet: string): Edit;
  function replaceDataSet(dataSet: DataSetSpec): Edit;
  function setVisibility(dataSet: string, visible: boolean, entry?: number): Edit;
  function setHighlight(highlights: Array<Highlight | [string, number]>): Edit;
  function highlight(dataSet: string, index: number): Edit;
  function setViewport(xMin?: number | null, xMax?: number | null, options?: ViewportOptions): Edit;
  function resize(width: number, height: number): Edit;
}
