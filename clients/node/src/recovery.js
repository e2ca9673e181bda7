// Crash recovery: a dead daemon is replaced, its documents re-opened and unanswered requests re-sent.
//
// A mixin of Client (as EditMethods is of documents): it reads the client's state and uses its
// spawning, initialising and sending methods; client.js states the rules it follows.
import { ConnectionLostError } from './errors.js';
import { settleError, settleResult } from './pending.js';

/** 30000 ms → "30": the Python client prints its seconds the same way. */
export function seconds(ms) {
  return String(ms / 1000);
}

export const RecoveryMethods = (Base) =>
  class extends Base {
    _onDeath(gen) {
      for (const p of [...this._pending.values()]) {
        if (p.internal && p.sentGen === gen) {
          this._pending.delete(p.id);
          settleError(p, new ConnectionLostError(`the daemon died (${gen.exitDescription()})`, gen.stderrText()));
        }
      }
      if (gen !== this._gen || this.state !== 'running') return;
      if (!this.options.autoRestart) {
        this.state = 'broken';
        this._failAll(`the daemon died (${gen.exitDescription()}; autoRestart is off)`, gen);
        return;
      }
      this.state = 'recovering';
      this._recover(gen);
    }

    _restartAllowed() {
      const now = Date.now();
      this._restarts = this._restarts.filter((t) => now - t < this.options.restartWindowMs);
      if (this._restarts.length >= this.options.maxRestarts) return false;
      this._restarts.push(now);
      return true;
    }

    async _recover(dead) {
      const reason = dead.exitDescription();
      for (;;) {
        if (this.state !== 'recovering') return;
        if (!this._restartAllowed()) {
          this.state = 'broken';
          const { maxRestarts, restartWindowMs } = this.options;
          this._failAll(`the daemon died again after ${maxRestarts} restarts within ${seconds(restartWindowMs)} s `
            + `(last exit: ${dead.exitDescription()}); the client gave up`, dead);
          return;
        }
        const gen = this._spawn();
        this._gen = gen;
        try {
          await this._initialize(gen);
          if (this.state !== 'recovering') {
            gen.kill();
            return;
          }
          this._reopenAndResend(gen);
        } catch {
          gen.kill();
          dead = gen;
          continue;
        }
        this.restartCount++;
        this._emitLater('restart', { generation: gen.number, reason, stderr: dead.stderrText() });
        return;
      }
    }

    _reopenAndResend(gen) {
      for (const doc of this._docs.values()) {
        const params = { uri: doc.uri, version: doc.version, spec: doc.replay.spec };
        if (doc.idPrefix) params.idPrefix = doc.idPrefix;
        const p = this._newPending('chart/open', params, (render) => {
          // The new daemon sent a full SVG: no region has a previous markup now (and it may differ
          // from the dead one in whether it restores regions at all).
          doc.mirror.keepPrevious = this.previousMarkup;
          doc.mirror.previous.clear();
          if (doc.mirror.version !== render.version || doc.mirror.text !== render.svg) {
            this._emitLater('recoveryMismatch', { uri: doc.uri, version: render.version, replayExact: doc.replayExact });
            doc._resetMirror(render.svg, render.version);
          }
          doc._endResync();
        }, undefined, true);
        this._sendPending(p, gen);
      }
      const resend = [];
      for (const p of [...this._pending.values()]) {
        if (p.internal || p.sentGen === null || p.sentGen === gen) continue;
        if (p.method === 'chart/close' || p.method === 'shutdown') {
          this._pending.delete(p.id);
          settleResult(p, null);
          continue;
        }
        p.attempts++;
        if (p.attempts > this.options.maxRetries) {
          this._pending.delete(p.id);
          settleError(p, new ConnectionLostError(`the daemon died while ${p.method} was retried`, gen.stderrText(), 'the daemon died again'));
          continue;
        }
        resend.push([p.id, p]);
      }
      for (const doc of this._docs.values()) {
        for (const u of doc.unconfirmed) if (u.notice.sentGen !== null) resend.push([u.seq, u.notice]);
      }
      resend.sort((a, b) => a[0] - b[0]);
      for (const [, item] of resend) {
        item.sentGen = gen;
        gen.sendBody(item.body);
      }
      for (const item of this._held) {
        item.sentGen = gen;
        gen.sendBody(item.body);
      }
      this._held = [];
      if (gen.dead) throw new ConnectionLostError('the restarted daemon died during recovery', gen.stderrText());
      this.state = 'running';
    }
  };
