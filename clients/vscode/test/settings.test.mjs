// A missing chartd binary is reported once with a "Set chartd.path" action, and a new chartd.path
// restarts the shared daemon without a reload: the open documents and previews follow
// (lib/settings.js, lib/daemon.js), with the stand-in VS Code API.
import assert from 'node:assert/strict';
import test from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client } from '../../node/index.js';
import { SKIP_NO_CHARTD, realChartd, until } from '../../node/test/helpers.mjs';
import fake from './fakeVscode.js';
import daemonModule from '../lib/daemon.js';
import lc from '../lib/languageClient.js';
import previewModule from '../lib/preview.js';
import settingsModule from '../lib/settings.js';

const { StartFailureReporter, watchSettings, SET_PATH } = settingsModule;
const binary = realChartd();

const { markupSplices } = previewModule.patcherCapabilities(fileURLToPath(new URL('../../web/chartd-patch.js', import.meta.url)));

/** The extension's wiring (extension.js), with `chartd.path` read from the stand-in settings. */
function setup() {
  const env = fake.createFakeVscode();
  const { vscode } = env;
  const reporter = new StartFailureReporter(vscode);
  const clients = [];
  const daemon = new daemonModule.SharedDaemon(async () => {
    const client = await Client.start({ binary: vscode.workspace.getConfiguration('chartd').get('path') || '/nonexistent/chartd', timeoutMs: 20000, markupSplices });
    clients.push(client);
    return client;
  }, { onClientError: (error) => reporter.report(error), onClientStarted: () => reporter.reset() });
  const options = { client: () => daemon.client(), onClient: (fn) => daemon.onClient(fn) };
  const language = new lc.ChartLanguageClient(vscode, options);
  const previews = new previewModule.PreviewManager(vscode, {
    ...options, patcherUri: vscode.Uri.file('/ext/web/chartd-patch.js'), scriptUri: vscode.Uri.file('/ext/media/preview.js'),
  });
  const watcher = watchSettings(vscode, daemon, reporter);
  const document = new env.FakeDocument('/home/user/sales.chart.json', '{"kind": "line", "dataSets": [{"id": "a", "entries": [1, 3]}], "widht": 5}');
  const dispose = async () => {
    watcher.dispose();
    previews.dispose();
    language.dispose();
    await daemon.dispose();
  };
  return { ...env, daemon, language, previews, reporter, clients, document, dispose };
}

test('a missing binary is reported once, and the action opens the chartd.path setting', async () => {
  const env = setup();
  try {
    env.vscode.answerError = (message, actions) => actions[0];
    await env.language.start();
    env.fireOpen(env.document);
    const preview = await env.previews.open(env.document);
    assert.equal(preview.version, null);
    await until(() => env.commandsRun.length === 1);
    assert.equal(env.errorsShown.length, 1);
    const [message, action] = env.errorsShown[0];
    assert.match(message, /^chartd: chartd binary "\/nonexistent\/chartd" does not exist or is not executable\. Set "chartd\.path"/);
    assert.equal(action, SET_PATH);
    assert.deepEqual(env.commandsRun[0], ['workbench.action.openSettings', 'chartd.path']);
    // Typing on does not repeat the notification.
    env.fireChange(env.document, '{}');
    env.fireChange(env.document, '{"kind": "bar"}');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(env.errorsShown.length, 1);
  } finally {
    await env.dispose();
  }
});

test('setting chartd.path starts the daemon; open documents and previews follow, without a reload', { skip: binary ? false : SKIP_NO_CHARTD }, async () => {
  const env = setup();
  try {
    await env.language.start();
    env.fireOpen(env.document);
    const preview = await env.previews.open(env.document);
    await until(() => env.errorsShown.length === 1);
    env.changeSetting('chartd.path', binary);
    await until(() => preview.version !== null);
    await until(() => (env.language.diagnostics.get(env.document.uri) ?? []).length === 1);
    assert.equal(env.clients.length, 1);
    // Another path: the old daemon is closed, the documents and the preview re-opened on the new one.
    const first = env.clients[0];
    preview.version = null;
    env.changeSetting('chartd.path', binary);
    await until(() => env.clients.length === 2 && preview.version !== null);
    assert.equal(first.state, 'closed');
    const render = await env.clients[1].request('chart/render', { uri: env.document.uri.toString() });
    assert.equal(render.version, preview.version);
  } finally {
    await env.dispose();
  }
});
