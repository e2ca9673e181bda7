// A missing chartd binary is reported once with a "Set chartd.path" action, and settings changes
// apply without a reload (lib/settings.js), with the stand-in VS Code API and the stand-in daemon.
import assert from 'node:assert/strict';
import test from 'node:test';
import { Client } from '../../node/index.js';
import { FAKE, until } from '../../node/test/helpers.mjs';
import fake from './fakeVscode.js';
import previewModule from '../lib/preview.js';
import settingsModule from '../lib/settings.js';

const { PreviewManager } = previewModule;
const { StartFailureReporter, watchSettings, SET_PATH } = settingsModule;
const SPEC = { kind: 'line', dataSets: [{ id: 'a', entries: [[0, 1], [1, 3]] }] };

/** A manager started as extension.js starts it, with `chartd.path` read from the stand-in settings. */
function setup() {
  const env = fake.createFakeVscode();
  const { vscode } = env;
  const reporter = new StartFailureReporter(vscode);
  const clients = [];
  const manager = new PreviewManager(vscode, {
    createClient: async () => {
      const client = await Client.start({ binary: vscode.workspace.getConfiguration('chartd').get('path') || '/nonexistent/chartd', timeoutMs: 20000 });
      clients.push(client);
      return client;
    },
    patcherUri: vscode.Uri.file('/ext/web/chartd-patch.js'),
    scriptUri: vscode.Uri.file('/ext/media/preview.js'),
    debounceMs: 10,
    onClientError: (error) => reporter.report(error),
    onClientStarted: () => reporter.reset(),
  });
  const watcher = watchSettings(vscode, manager, reporter);
  const document = new fake.FakeDocument('/home/user/sales.chart.json', JSON.stringify(SPEC));
  return { ...env, manager, reporter, clients, document, dispose: () => (watcher.dispose(), manager.dispose()) };
}

test('a missing binary is reported once, and the action opens the chartd.path setting', async () => {
  const env = setup();
  try {
    env.vscode.answerError = (message, actions) => actions[0];
    const preview = await env.manager.open(env.document);
    assert.equal(preview.chart, null);
    await until(() => env.commandsRun.length === 1);
    assert.equal(env.errorsShown.length, 1);
    const [message, action] = env.errorsShown[0];
    assert.match(message, /^chartd: chartd binary "\/nonexistent\/chartd" does not exist or is not executable\. Set "chartd\.path"/);
    assert.equal(action, SET_PATH);
    assert.deepEqual(env.commandsRun[0], ['workbench.action.openSettings', 'chartd.path']);
    // Typing on does not repeat the notification.
    await preview.sync();
    await preview.sync();
    assert.equal(env.errorsShown.length, 1);
  } finally {
    await env.dispose();
  }
});

test('setting chartd.path starts the daemon and the open preview follows, without a reload', async () => {
  const env = setup();
  try {
    const preview = await env.manager.open(env.document);
    await until(() => env.errorsShown.length === 1);
    env.changeSetting('chartd.path', FAKE);
    await until(() => preview.chart !== null);
    assert.equal(env.clients.length, 1);
    assert.ok(preview.chart.svg.startsWith('<svg'));
    // Another path: the old daemon is closed and the preview re-opened on the new one.
    const first = env.clients[0];
    env.changeSetting('chartd.path', FAKE);
    await until(() => env.clients.length === 2 && preview.chart !== null);
    assert.equal(first.state, 'closed');
    assert.equal(preview.chart.client, env.clients[1]);
  } finally {
    await env.dispose();
  }
});

test('chartd.debounceMs applies to the next keystroke', () => {
  const env = setup();
  try {
    env.changeSetting('chartd.debounceMs', 250);
    assert.equal(env.manager.debounceMs, 250);
    env.changeSetting('editor.fontSize', 20); // not ours: ignored
    assert.equal(env.manager.debounceMs, 250);
  } finally {
    env.dispose();
  }
});
