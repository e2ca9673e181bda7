// Records a chartd patch stream in which data sets are toggled off and on, highlights set and
// cleared, for browser_test.py: the Node client declares the `previousMarkup` capability, so a
// daemon that offers it sends regions that come back as `restored` ids (protocol/patch.md).
//
//   node clients/web/test/record_restored.mjs /path/to/chartd > stream.json
//
// The stream has record-demo.py's format (plus `previousMarkup`: whether the daemon offered it).
// Checkpoints are chart/renderSpec of chart/getSpec — exactly chart/render's SVG — because a
// chart/render would send a full SVG, after which nothing replaced before it is restored. (The
// stand-in daemon has no chart/getSpec: there the client's replayed spec is rendered.)
import { readFileSync } from 'node:fs';
import { Client, ErrorCode } from '../../node/index.js';

const SPECS = JSON.parse(readFileSync(new URL('../../testing/specs.json', import.meta.url), 'utf8'));
const binary = process.argv[2];

/** Per chart: its spec and the edits of each step (the data set toggled is `t`). */
function plan(kind, spec, steps) {
  const ids = spec.dataSets.map((d) => d.id);
  const [a, t] = [ids[0], ids[ids.length - 1]];
  const out = [];
  let hidden = false;
  for (let i = 0; i < steps; i++) {
    const edits = [];
    if (i % 2 === 0 || i % 5 === 4) {
      hidden = !hidden;
      edits.push({ op: 'setVisibility', dataSet: t, visible: !hidden });
    }
    if (i % 3 === 1) edits.push({ op: 'setHighlight', highlights: i % 6 === 1 ? [{ dataSet: a, index: 1 }] : [] });
    if (i % 7 === 6 && kind !== 'pie') edits.push({ op: 'updateEntries', dataSet: a, start: 0, entries: kind === 'bar' ? [2 + (i % 4)] : [[0, 2 + (i % 4)]] });
    if (!edits.length) edits.push({ op: 'setVisibility', dataSet: t, visible: !hidden });
    out.push(edits);
  }
  return out;
}

const client = await Client.start({ binary, timeoutMs: 60000 });
try {
  const charts = [];
  const docs = [];
  const plans = [];
  for (const kind of ['line', 'bar', 'combined']) {
    const doc = await client.open(`restored://${kind}`, SPECS[kind]);
    charts.push({ uri: doc.uri, kind, initial: { version: doc.version, svg: doc.svg }, checkpoints: {} });
    docs.push(doc);
    plans.push(plan(kind, SPECS[kind], 24));
  }
  const steps = [];
  for (let i = 0; i < 24; i++) {
    for (let n = 0; n < docs.length; n++) {
      const edits = plans[n][i];
      const patch = await docs[n].update(edits);
      steps.push({ chart: n, edits, patch });
      if (i % 8 === 7) {
        const { spec, idPrefix, version } = await client.request('chart/getSpec', { uri: docs[n].uri }).catch((error) => {
          if (error.code !== ErrorCode.METHOD_NOT_FOUND) throw error;
          return { spec: docs[n].spec, idPrefix: docs[n].idPrefix, version: docs[n].version };
        });
        const { svg } = await client.request('chart/renderSpec', { spec, idPrefix });
        if (svg !== docs[n].svg) throw new Error(`${docs[n].uri}: the client's mirror differs from the render of version ${version}`);
        charts[n].checkpoints[String(version)] = svg;
      }
    }
  }
  for (let n = 0; n < docs.length; n++) {
    const mirrored = docs[n].svg;
    const render = await docs[n].render();
    if (render.svg !== mirrored) throw new Error(`${docs[n].uri}: the client's mirror differs from chart/render`);
    charts[n].final = { version: render.version, svg: render.svg };
  }
  const stream = { format: 'chartd-patch-stream/1', server: client.serverInfo.version, previousMarkup: client.previousMarkup, charts, steps };
  process.stdout.write(JSON.stringify(stream));
} finally {
  await client.close();
}
