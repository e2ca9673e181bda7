// The webview script's message handling, with a stand-in for ChartdPatch's ChartView.
import assert from 'node:assert/strict';
import test from 'node:test';
import webview from '../media/preview.js';

function fakePatcher() {
  class ChartView {
    constructor() {
      this.shown = [];
      this.version = null;
    }
    show(svg, version) {
      this.shown.push(svg);
      this.version = version;
    }
    apply(patch) {
      if (patch.baseVersion !== this.version) return false;
      this.version = patch.version;
      return true;
    }
  }
  return {
    ChartView,
    legendItemOf: (event) => (event.target.legend ? { dataSet: event.target.legend, entry: event.target.entry ?? null } : null),
  };
}

test('full renders, patches, resync requests, status and legend clicks', () => {
  const posted = [];
  const listeners = {};
  const container = { addEventListener: (type, fn) => (listeners[type] = fn) };
  const status = { textContent: '' };
  const preview = webview.createPreview(fakePatcher(), container, status, (m) => posted.push(m));
  preview.handle({ type: 'full', svg: '<svg/>', version: 3 });
  preview.handle({ type: 'patch', patch: { baseVersion: 3, version: 4 } });
  assert.equal(preview.view.version, 4);
  preview.handle({ type: 'patch', patch: { baseVersion: 9, version: 10 } });
  assert.deepEqual(posted, [{ type: 'resync' }]);
  preview.handle({ type: 'status', text: 'bad spec' });
  assert.equal(status.textContent, 'bad spec');
  listeners.click({ target: { legend: 'b' } });
  listeners.click({ target: { legend: 'pie', entry: 2 } });
  listeners.click({ target: {} });
  assert.deepEqual(posted.slice(1), [{ type: 'toggle', dataSet: 'b', entry: null, hidden: false }, { type: 'toggle', dataSet: 'pie', entry: 2, hidden: false }]);
});
