// extension.js's activation with the stand-in VS Code API and the stand-in daemon: the connection
// declares `markupSplices` (protocol/patch.md, "Spliced fragments") exactly when the patcher served
// to the preview webviews applies splices, since the previews forward chartd's patches unchanged.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, copyFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client } from '../../node/index.js';
import { FAKE } from '../../node/test/helpers.mjs';
import fake from './fakeVscode.js';
import previewModule from '../lib/preview.js';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const require = createRequire(import.meta.url);
const WEB_PATCHER = here('../../web/chartd-patch.js');
/** A patcher from before splice support: it applies patches but has no `capabilities`. */
const OLD_PATCHER = `(function (global) {
  const api = { applyPatch() {}, mountSvg() {}, ChartView: class {} };
  if (typeof module === 'object' && module && typeof module.exports === 'object') module.exports = api;
  if (global) global.ChartdPatch = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
`;

/**
 * A packaged extension's vendor/ in a temporary folder (what extension.js looks for under its
 * `extensionPath` first): `patcher` (a file to copy, or the text of one) and the Node client (a link
 * to ../node).
 */
function packagedExtension(patcher) {
  const dir = mkdtempSync(join(tmpdir(), 'chartd-ext-'));
  mkdirSync(join(dir, 'vendor'));
  if (patcher.startsWith('/')) copyFileSync(patcher, join(dir, 'vendor', 'chartd-patch.js'));
  else writeFileSync(join(dir, 'vendor', 'chartd-patch.js'), patcher);
  symlinkSync(here('../../node'), join(dir, 'vendor', 'node'), 'dir');
  return dir;
}

/**
 * Activates extension.js with `extensionPath` `dir` and `vscode` resolved to the stand-in; returns
 * the options of the Client it started, the client, and `dispose`.
 */
async function activate(dir) {
  const env = fake.createFakeVscode();
  env.changeSetting('chartd.path', FAKE);
  const load = Module._load;
  const starts = [];
  const start = Client.start;
  Module._load = function (request, ...rest) {
    return request === 'vscode' ? env.vscode : load.call(this, request, ...rest);
  };
  Client.start = async (options) => {
    const client = await start.call(Client, options);
    starts.push({ options, client });
    return client;
  };
  const context = { extensionPath: dir, subscriptions: [] };
  try {
    delete require.cache[require.resolve(here('../extension.js'))]; // it holds the `vscode` it was loaded with
    const extension = require(here('../extension.js'));
    await extension.activate(context);
    assert.equal(starts.length, 1, 'activation starts one daemon');
    assert.ok(env.commandsRegistered.has('chartd.openPreview'));
    return { ...starts[0], env, dispose: async () => { for (const d of context.subscriptions) await d.dispose?.(); } };
  } finally {
    Module._load = load;
    Client.start = start;
  }
}

test('patcherCapabilities reads what a patcher file applies, without touching the host globals', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chartd-patcher-'));
  try {
    const before = globalThis.ChartdPatch;
    assert.deepEqual(previewModule.patcherCapabilities(WEB_PATCHER), { previousMarkup: true, markupSplices: true });
    assert.equal(globalThis.ChartdPatch, before, 'the patcher ran in the extension host context');
    writeFileSync(join(dir, 'old.js'), OLD_PATCHER);
    writeFileSync(join(dir, 'broken.js'), 'this is not JavaScript (');
    assert.deepEqual(previewModule.patcherCapabilities(join(dir, 'old.js')), {});
    assert.deepEqual(previewModule.patcherCapabilities(join(dir, 'broken.js')), {});
    assert.deepEqual(previewModule.patcherCapabilities(join(dir, 'missing.js')), {});
    // The same answer as loading the file the ordinary way.
    assert.deepEqual({ ...require(WEB_PATCHER).capabilities }, previewModule.patcherCapabilities(WEB_PATCHER));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

for (const [what, patcher, declared] of [['a patcher with splice support', WEB_PATCHER, true], ['an older patcher', OLD_PATCHER, false]]) {
  test(`with ${what} the connection declares markupSplices: ${declared}`, async () => {
    const dir = packagedExtension(patcher);
    const saved = process.env.FAKE_CHARTD_SPLICES;
    process.env.FAKE_CHARTD_SPLICES = '1'; // the stand-in offers splices to a client that declares them
    let started = null;
    try {
      started = await activate(dir);
      assert.equal(started.options.markupSplices, declared);
      // The language features' conversions read snippets, Markdown and nested symbols: it says so.
      const textDocument = started.options.capabilities?.textDocument;
      assert.equal(textDocument?.completion?.completionItem?.snippetSupport, true);
      assert.equal(textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport, true);
      assert.equal(started.client.serverInfo.chart.markupSplices, true, 'the stand-in offers markupSplices');
      // In effect only when declared (the Node client reports what both sides agreed on).
      assert.equal(started.client.markupSplices, declared);
    } finally {
      if (saved === undefined) delete process.env.FAKE_CHARTD_SPLICES;
      else process.env.FAKE_CHARTD_SPLICES = saved;
      await started?.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
