// The chartd client: spawning, request/response correlation, notifications and crash recovery.
//
// Crash recovery (autoRestart, the default): when the daemon dies a new one is started and
// initialised, every open document is re-opened at its last confirmed version with the client's
// replayed spec and its old id prefix, and the requests that were in flight are sent again in their
// original order, so each update is applied exactly once by the new daemon. A request is re-sent at
// most `maxRetries` times; if the daemon dies again while it is pending it rejects with
// ConnectionLostError, as does everything once more than `maxRestarts` restarts happen within
// `restartWindowMs`. In-flight chart/close and shutdown simply resolve. (The recovery itself is in
// recovery.js.) A client that gave up keeps the reason (`brokenReason`) on every later error.
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { ChartDocument } from './document.js';
import { Generation, exited, findBinary } from './daemon.js';
import { ChartdError, ConnectionLostError, ErrorCode } from './errors.js';
import { encodeBody } from './framing.js';
import { DEFERRED, notice, notification, settleError, settleResult, withTimeout } from './pending.js';
import { RecoveryMethods } from './recovery.js';

export { findBinary };

export const CLIENT_VERSION = '0.1.0';

/**
 * A chartd daemon and the documents open in it.
 *
 * Events: 'diagnostics' (params), 'patch' (patch, after the mirror applied it), 'logMessage'
 * (params), 'notification' (method, params) for every notification, 'restart' ({generation, reason,
 * stderr}), 'recoveryMismatch' ({uri, version, replayExact}), 'protocolError' (error: a message
 * that could not be read, or a ChartdError answered with id null), 'stderr' (line).
 */
export class Client extends RecoveryMethods(EventEmitter) {
  /**
   * @param {object} [options]
   * @param {string} [options.binary] path of chartd (default: $CHARTD, then PATH)
   * @param {string[]} [options.args] extra daemon arguments
   * @param {'lsp'|'ndjson'} [options.framing]
   * @param {boolean} [options.autoRestart]
   * @param {number} [options.maxRetries] re-sends of one in-flight request across crashes (1)
   * @param {number} [options.maxRestarts] restarts allowed within restartWindowMs (3)
   * @param {number} [options.restartWindowMs] (30000)
   * @param {number} [options.timeoutMs] per request; 0 waits forever (60000)
   * @param {object} [options.env] environment of the daemon
   * @param {boolean} [options.previousMarkup] declare the `previousMarkup` capability: the mirrors keep
   *   each region's previous markup, so chartd may send `restored` ids instead of markup (true)
   * @param {boolean} [options.markupSplices] declare the `markupSplices` capability: the mirrors apply
   *   fragments that carry only the changed bytes of a region's markup (`splice`) (true)
   * @param {object} [options.capabilities] further LSP client capabilities sent in `initialize` (an
   *   editor's: `textDocument.completion.completionItem.snippetSupport`, …); `chart` is the client's own
   */
  constructor(options = {}) {
    super();
    this.options = {
      framing: 'lsp',
      autoRestart: true,
      maxRetries: 1,
      maxRestarts: 3,
      restartWindowMs: 30000,
      timeoutMs: 60000,
      clientName: 'chartd-node',
      previousMarkup: true,
      markupSplices: true,
      ...options,
    };
    this.binary = findBinary(options.binary);
    this.args = [...(options.args ?? []), ...(this.options.framing === 'ndjson' ? ['--framing', 'ndjson'] : [])];
    this.state = 'new';
    /** Why the client stopped (how the daemon ended, its restarts), once it gave up. */
    this.brokenReason = null;
    this._brokenStderr = '';
    this.serverInfo = null;
    this.restartCount = 0;
    this._nextId = 1;
    this._pending = new Map();
    this._held = [];
    this._docs = new Map();
    this._earlyDiagnostics = new Map(); // chart/diagnostics that arrived before their chart/open answer
    this._restarts = [];
    this._generations = 0;
    this._gen = null;
  }

  /** Spawns and initialises a client: `const client = await Client.start({binary})`. */
  static async start(options = {}) {
    const client = new Client(options);
    await client.start();
    return client;
  }

  async start() {
    if (this.state !== 'new') throw new Error(`client already ${this.state}`);
    this.state = 'starting';
    try {
      this._gen = this._spawn();
      await this._initialize(this._gen);
    } catch (error) {
      this._terminate('the daemon failed to start');
      throw error;
    }
    this.state = 'running';
    return this;
  }

  /**
   * Whether patches may carry `restored` ids: this client declared `previousMarkup` and the daemon
   * answered it does too (protocol/patch.md, "Restored regions"). Mirrors keep previous markup only then.
   */
  get previousMarkup() {
    return this.options.previousMarkup !== false && this.serverInfo?.chart?.previousMarkup === true;
  }

  /**
   * Whether fragments may carry a `splice` instead of markup: this client declared `markupSplices`
   * and the daemon answered it does too (protocol/patch.md, "Spliced fragments"). The mirrors apply
   * a splice whenever one comes; this tells whether one can come.
   */
  get markupSplices() {
    return this.options.markupSplices !== false && this.serverInfo?.chart?.markupSplices === true;
  }

  /** The process id of the current daemon. */
  get pid() {
    return this._gen?.child.pid ?? null;
  }

  /** Shuts the daemon down (shutdown + exit), killing it if it does not end within `timeoutMs`. */
  async close({ timeoutMs = 5000 } = {}) {
    if (this.state === 'closing' || this.state === 'closed') return;
    const wasRunning = this.state === 'running';
    this.state = 'closing';
    const gen = this._gen;
    if (gen && wasRunning && !gen.dead) {
      try {
        await withTimeout(this._requestOn(gen, 'shutdown', null), timeoutMs);
        gen.send({ jsonrpc: '2.0', method: 'exit' });
        gen.child.stdin.end();
        await withTimeout(exited(gen.child), timeoutMs);
      } catch {
        // killed below
      }
    }
    this._terminate('the client was closed');
  }

  _terminate(reason) {
    this.state = 'closed';
    const gen = this._gen;
    if (gen) gen.kill();
    this._failAll(reason, gen);
  }

  _failAll(reason, gen) {
    const pending = [...this._pending.values()];
    const tail = gen?.stderrText() ?? '';
    this._pending.clear();
    this._held = [];
    if (this.state === 'broken') {
      this.brokenReason = reason;
      this._brokenStderr = tail;
    }
    for (const p of pending) settleError(p, new ConnectionLostError(`${reason}; ${p.method} was not answered`, tail, reason));
  }

  /** The error for a call after the client stopped; it carries the reason it stopped. */
  _notSent(method) {
    if (this.state === 'broken' && this.brokenReason) {
      return new ConnectionLostError(`the client is broken: ${this.brokenReason}; ${method} was not sent`, this._brokenStderr, this.brokenReason);
    }
    return new ConnectionLostError(`the client is ${this.state}; ${method} was not sent`);
  }

  /** Emits on a later microtask, so a throwing listener cannot disturb the engine. */
  _emitLater(event, ...args) {
    queueMicrotask(() => this.emit(event, ...args));
  }

  // -- public requests ---------------------------------------------------------------------------

  /** Any request by name; resolves with the raw result, rejects with ChartdError. */
  request(method, params) {
    return this._request(method, params).promise;
  }

  /** Any notification by name. Throws (sending nothing) for a value JSON cannot express. */
  notify(method, params) {
    const n = notice(method, params);
    n.seq = this._nextId++;
    this._sendNotice(n);
  }

  /** Opens a chart document (chart/open). */
  open(uri, spec, { version = 0, idPrefix } = {}) {
    const params = { uri, version, spec };
    if (idPrefix != null) params.idPrefix = idPrefix;
    return this._request('chart/open', params, {
      onResult: (result) => {
        const doc = new ChartDocument(this, uri, spec, result, idPrefix);
        const early = this._earlyDiagnostics.get(uri);
        this._earlyDiagnostics.delete(uri);
        if (early && early.version === result.version && Array.isArray(early.diagnostics)) doc.diagnostics = early.diagnostics;
        this._docs.set(uri, doc);
        return doc;
      },
    }).promise;
  }

  /** Renders a spec statelessly (chart/renderSpec); resolves with the SVG text. Charts inlined in one
   * page need distinct `idPrefix`es (default `chart`). */
  async renderSpec(spec, { idPrefix } = {}) {
    const params = { spec };
    if (idPrefix != null) params.idPrefix = idPrefix;
    return (await this.request('chart/renderSpec', params)).svg;
  }

  /** A barrier: resolves after the daemon processed everything sent before it. */
  async synchronize() {
    await this.request('chart/synchronize', null);
  }

  document(uri) {
    return this._docs.get(uri) ?? null;
  }

  get documents() {
    return [...this._docs.values()];
  }

  /** chart/update over a URI (the ChartDocument methods are usually nicer). */
  update(uri, version, edits) {
    return this._require(uri).update(edits, { version });
  }

  appendEntries(uri, version, dataSet, entries, maxEntries) {
    const edit = { op: 'appendEntries', dataSet, entries };
    if (maxEntries != null) edit.maxEntries = maxEntries;
    return this.update(uri, version, [edit]);
  }

  _require(uri) {
    const doc = this._docs.get(uri);
    if (!doc) throw new ChartdError(ErrorCode.REQUEST_FAILED, `document ${uri} is not open in this client`, { kind: 'unknownDocument' });
    return doc;
  }

  // -- engine: sending ---------------------------------------------------------------------------

  /**
   * Registers and sends a request. A message that cannot be encoded (NaN, a circular structure)
   * gives a rejected promise and registers nothing, so no request waits for an answer that cannot come.
   */
  _request(method, params, { onResult, onError, internal = false } = {}) {
    let p;
    try {
      p = this._newPending(method, params, onResult, onError, internal);
    } catch (error) {
      const promise = Promise.reject(error);
      promise.catch(() => {}); // the caller's own await sees it
      return { promise, unsent: true };
    }
    if (['closed', 'broken', 'closing', 'new'].includes(this.state)) {
      this._pending.delete(p.id);
      settleError(p, this._notSent(method));
    } else if (this.state === 'running' || this.state === 'starting') {
      this._sendPending(p, this._gen);
    } else {
      this._held.push(p);
    }
    return p;
  }

  _requestInternal(method, params, onResult, onError) {
    this._request(method, params, { onResult, onError, internal: true });
  }

  _requestOn(gen, method, params, onResult) {
    const p = this._newPending(method, params, onResult, undefined, true);
    this._sendPending(p, gen);
    return p.promise;
  }

  _newPending(method, params, onResult, onError, internal) {
    const message = { jsonrpc: '2.0', id: 0, method };
    if (params != null) message.params = params;
    encodeBody(message); // throws here, before an id is taken or anything is registered
    const id = this._nextId++;
    message.id = id;
    const p = { id, method, message, body: encodeBody(message), onResult, onError, internal, sentGen: null, attempts: 0 };
    p.promise = new Promise((resolve, reject) => {
      p.resolve = resolve;
      p.reject = reject;
    });
    if (this.options.timeoutMs > 0 && !internal) p.promise = withTimeout(p.promise, this.options.timeoutMs, method);
    p.promise.catch(() => {}); // rejections reach the caller's own await; never "unhandled" here
    this._pending.set(id, p);
    return p;
  }

  _sendPending(p, gen) {
    p.sentGen = gen;
    gen.sendBody(p.body);
  }

  _sendNotice(n) {
    if (['closed', 'broken', 'closing', 'new'].includes(this.state)) throw this._notSent(n.message.method);
    if (this.state === 'running') {
      n.sentGen = this._gen;
      this._gen.sendBody(n.body);
    } else {
      this._held.push(n);
    }
  }

  _submitUpdate(doc, edits, version) {
    const v = version ?? doc.lastSent + 1;
    const lastSent = doc.lastSent;
    doc.lastSent = Math.max(doc.lastSent, v);
    let resolveOut;
    let rejectOut;
    const out = new Promise((resolve, reject) => {
      resolveOut = resolve;
      rejectOut = reject;
    });
    const p = this._request('chart/update', { uri: doc.uri, version: v, edits }, {
      onResult: (patch) => {
        doc._confirm(patch.version, edits);
        doc._receivePatch(patch, () => resolveOut(patch));
        return DEFERRED;
      },
      onError: (error) => {
        doc._onUpdateError(error);
        rejectOut(error);
      },
    });
    if (p.unsent) {
      doc.lastSent = lastSent; // never sent: the version is still free
      return p.promise;
    }
    p.promise.catch(rejectOut); // a timeout
    return out;
  }

  _notifyUpdate(doc, edits) {
    const v = doc.lastSent + 1;
    const n = notice('chart/update', { uri: doc.uri, version: v, edits }); // throws before any state changes
    n.seq = this._nextId++;
    doc.lastSent = v;
    doc.unconfirmed.push({ seq: n.seq, version: v, edits, notice: n });
    this._sendNotice(n);
    return v;
  }

  _submitRender(doc) {
    return this._request('chart/render', { uri: doc.uri }, {
      onResult: (render) => {
        if (render.version >= doc.mirror.version && !doc.resyncing) doc._resetMirror(render.svg, render.version);
        return render;
      },
    }).promise;
  }

  _submitClose(doc) {
    doc.closed = true;
    if (this._docs.get(doc.uri) === doc) this._docs.delete(doc.uri);
    return this.request('chart/close', { uri: doc.uri });
  }

  // -- engine: receiving -------------------------------------------------------------------------

  _onData(gen, chunk) {
    let decoded;
    try {
      decoded = gen.decoder.feed(chunk);
    } catch (error) {
      this._emitLater('protocolError', error);
      gen.kill();
      return;
    }
    for (const error of decoded.errors) this._emitLater('protocolError', error);
    for (const message of decoded.messages) this._onMessage(gen, message);
  }

  _onMessage(gen, message) {
    if (!message || typeof message !== 'object' || Array.isArray(message)) {
      this._emitLater('protocolError', new TypeError(`message is not an object: ${JSON.stringify(message)}`));
      return;
    }
    if ('method' in message) {
      if ('id' in message) {
        gen.send({ jsonrpc: '2.0', id: message.id, error: { code: ErrorCode.METHOD_NOT_FOUND, message: 'client serves no requests' } });
      } else {
        this._onNotification(message.method, message.params);
      }
      return;
    }
    if (message.id === null && 'error' in message) {
      this._onProtocolFault(ChartdError.fromJSON(message.error));
      return;
    }
    const p = this._pending.get(message.id);
    if (!p) return;
    this._pending.delete(message.id);
    if ('error' in message) settleError(p, ChartdError.fromJSON(message.error));
    else settleResult(p, message.result ?? null);
  }

  /**
   * An error answer with id null: chartd could not read something this client sent, so no request
   * owns it. It names a protocol fault, so it is never dropped: 'protocolError' listeners get it,
   * and with none it becomes a process warning (stderr).
   */
  _onProtocolFault(error) {
    if (this.listenerCount('protocolError')) this._emitLater('protocolError', error);
    else process.emitWarning(`chartd answered a message it could not read (id null): ${error.message}`, 'ChartdProtocolWarning');
  }

  _onNotification(method, params) {
    this._emitLater('notification', method, params);
    if (method === 'chart/patch' && params && typeof params === 'object') {
      const doc = this._docs.get(params.uri);
      if (doc) {
        doc._confirm(params.version, null);
        doc._receivePatch(params, () => this._emitLater('patch', params));
      } else {
        this._emitLater('patch', params);
      }
    } else if (method === 'chart/diagnostics' && params && typeof params === 'object') {
      const doc = this._docs.get(params.uri);
      if (doc) {
        doc.diagnostics = Array.isArray(params.diagnostics) ? params.diagnostics : [];
        doc._dropRejected(params.version, doc.diagnostics);
        const diagnostics = doc.diagnostics;
        queueMicrotask(() => doc.emit('diagnostics', diagnostics));
      } else {
        this._earlyDiagnostics.set(params.uri, params);
      }
      this._emitLater('diagnostics', params);
    } else if (method === 'window/logMessage') {
      this._emitLater('logMessage', params);
    }
  }

  // -- engine: processes and recovery -------------------------------------------------------------

  _spawn() {
    const child = spawn(this.binary, this.args, { stdio: ['pipe', 'pipe', 'pipe'], env: this.options.env ?? process.env });
    const gen = new Generation(++this._generations, child, this.options.framing);
    child.stdin.on('error', () => {}); // EPIPE when the daemon died: its death is handled on 'close'
    child.on('error', () => {}); // spawn failure surfaces as 'close' too
    child.stdout.on('data', (chunk) => this._onData(gen, chunk));
    let partial = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text) => {
      const lines = (partial + text).split('\n');
      partial = lines.pop();
      for (const line of lines) {
        gen.stderrTail.push(line);
        if (gen.stderrTail.length > 50) gen.stderrTail.shift();
        if (this.listenerCount('stderr')) this._emitLater('stderr', line);
      }
    });
    child.on('close', () => {
      gen.dead = true;
      this._onDeath(gen);
    });
    return gen;
  }

  async _initialize(gen) {
    const chart = {};
    if (this.options.previousMarkup !== false) chart.previousMarkup = true;
    if (this.options.markupSplices !== false) chart.markupSplices = true;
    const capabilities = { ...(this.options.capabilities ?? {}) };
    delete capabilities.chart; // the chart capabilities are the ones this client implements
    if (Object.keys(chart).length) capabilities.chart = chart;
    const params = { processId: process.pid, clientInfo: { name: this.options.clientName, version: CLIENT_VERSION }, capabilities };
    const init = this._requestOn(gen, 'initialize', params);
    const result = this.options.timeoutMs > 0 ? await withTimeout(init, this.options.timeoutMs, 'initialize') : await init;
    const caps = result?.capabilities ?? {};
    const info = result?.serverInfo ?? {};
    this.serverInfo = {
      name: info.name ?? '',
      version: info.version ?? '',
      protocolVersion: String(result?.protocolVersion ?? ''),
      chart: caps.chart ?? caps.experimental?.chart ?? {},
    };
    gen.send(notification('initialized', {}));
  }
}
