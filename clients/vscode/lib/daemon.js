'use strict';
// The one chartd process the language client and the previews share: started on first use and
// again after it gave up, restarted when `chartd.path` changes; whoever holds documents in it is
// told of each new process (to re-attach listeners and re-open documents).

class SharedDaemon {
  /**
   * @param createClient async () => a started chartd Client (Node client API)
   * @param options.onClientError called with the error of a failed start (the extension shows it)
   * @param options.onClientStarted called after a successful start
   */
  constructor(createClient, options = {}) {
    this.createClient = createClient;
    this.options = options;
    this.promise = null;
    this.listeners = [];
  }

  /** The running client, starting one when there is none (or it broke). */
  async client() {
    if (this.disposed) throw new Error('chartd is shut down (the extension is deactivating)');
    if (this.promise) {
      const current = await this.promise.catch(() => null);
      if (current && current.state !== 'broken' && current.state !== 'closed') return current;
    }
    const promise = this.createClient();
    this.promise = promise;
    promise.then((c) => {
      this.options.onClientStarted?.();
      for (const fn of this.listeners) fn(c);
    }, (error) => this.options.onClientError?.(error)).catch(() => {});
    return promise;
  }

  /** Calls `fn` with every client started from now on. */
  onClient(fn) {
    this.listeners.push(fn);
  }

  /** Closes the client and starts a new one (after `chartd.path` changed); the listeners re-open their documents. */
  async restartClient() {
    const old = this.promise;
    this.promise = null;
    if (old) await old.then((c) => c.close()).catch(() => {});
    await this.client();
  }

  dispose() {
    this.disposed = true; // late requests (a preview closing) must not start a new process
    const old = this.promise;
    this.promise = null;
    return old ? old.then((c) => c.close()).catch(() => {}) : Promise.resolve();
  }
}

module.exports = { SharedDaemon };
