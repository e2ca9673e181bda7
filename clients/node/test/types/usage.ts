// Compiled with `tsc --noEmit --strict` by types.test.mjs: the declarations must describe the way the
// README uses the client. Never run.
import {
  Client, ChartDocument, ChartdError, ErrorCode, SvgMirror, edits, isEmptyPatch, splitSvg,
  applySplice, type ChartSpec, type Edit, type Fragment, type HitTarget, type Patch, type Splice,
} from '../../index.js';
import { assertSvgSnapshot, startClient, svgDiff, type TestContextLike } from '../../testing.js';

async function session(): Promise<number> {
  const client: Client = await Client.start({ binary: 'chartd', framing: 'lsp', timeoutMs: 5000 });
  const spec: ChartSpec = {
    kind: 'candlestick',
    width: 800,
    height: 400,
    dataSets: [{ id: 'k', label: 'K-line', entries: { x: [0, 1], open: [1, 2], high: [3, 3], low: [0, 1], close: [2, 1] } }],
  };
  const doc: ChartDocument = await client.open('mem:kline', spec, { idPrefix: 'k1' });
  doc.on('patch', (p: Patch) => console.log(p.version, p.fragments.length));
  const patch: Patch = await doc.appendEntries('k', [{ x: 2, open: 1, high: 2, low: 0, close: 1 }], 500);
  if (!isEmptyPatch(patch)) new SvgMirror(doc.svg, doc.version).apply(patch);
  const restored: string[] = patch.restored ?? [];
  const kept: string | undefined = doc.mirror.previous.get(restored[0] ?? '');
  if (client.previousMarkup && client.serverInfo?.chart.previousMarkup === true) console.log(kept?.length);
  const plain: SvgMirror = new SvgMirror(doc.svg, doc.version, { keepPrevious: false });
  const withoutRestores: Client = new Client({ previousMarkup: false });
  console.log(plain.keepPrevious, withoutRestores.previousMarkup);
  const withoutSplices: Client = new Client({ markupSplices: false, previousMarkup: true });
  if (client.markupSplices && client.serverInfo?.chart.markupSplices === true) console.log(withoutSplices.markupSplices);
  for (const f of patch.fragments) {
    if (f.splice !== undefined) {
      const s: Splice = f.splice;
      const line: string | null = applySplice(doc.mirror.regions[0] ?? '', s);
      console.log(f.id, s.start, s.end, s.text.length, line?.length);
    } else {
      const markup: string = f.svg;
      console.log(f.id, markup.length);
    }
  }
  const spliced: Fragment = { id: 'k1-s-k-0', splice: { start: 70, end: 80, text: 'L1 2' } };
  // @ts-expect-error a fragment carries markup or a splice, never both
  const both: Fragment = { id: 'k1-s-k-0', svg: '<g/>', splice: { start: 0, end: 0, text: '' } };
  console.log(spliced.id, both.id);
  await doc.setVisibility('k', false);
  await doc.highlight('k', 1);
  const batch: Patch | null = await doc.batch((b) => {
    b.resize(640, 320);
    b.setViewport(0, null);
  });
  await doc.setViewport(10, undefined, { autoScaleY: false });
  await doc.setViewport();
  const zoom: Edit = edits.setViewport(null, 5, { autoScaleY: true });
  if (client.brokenReason !== null) console.log(client.brokenReason);
  const hit: HitTarget = await doc.hitTest(10, 20);
  if (hit !== null && hit.kind === 'legendItem') await doc.setVisibility(hit.dataSet, true);
  if (hit !== null && hit.kind === 'legendMore') {
    const shown: string[] = hit.items.filter((i) => !i.hidden).map((i) => `${i.label} (${hit.count})`);
    void shown;
  }
  if (hit !== null && (hit.kind === 'entry' || hit.kind === 'plotArea') && hit.pane === 1) console.log(hit.x);
  const volume: ChartSpec = { kind: 'combined', panes: [{ weight: 3 }, { weight: 1, axis: { format: 'compact' } }],
                              dataSets: [{ id: 'v', kind: 'bar', pane: 1, entries: [1, 2] }] };
  await client.renderSpec(volume);
  const ops: Edit[] = [edits.appendEntries('k', [1, 2]), edits.setHighlight([['k', 0]]), edits.resize(800, 400), zoom];
  try {
    await doc.update(ops);
  } catch (e) {
    if (e instanceof ChartdError && e.code === ErrorCode.INVALID_PARAMS) console.log(e.diagnostics[0]?.path);
  }
  const { root, regions } = splitSvg(await client.renderSpec(spec));
  await client.close();
  return root.length + regions.length + (batch?.version ?? 0);
}

/** A node --test test with the harness helpers. */
async function harnessTest(t: TestContextLike): Promise<void> {
  const client = await startClient(t, { timeoutMs: 5000 });
  if (!client) return;
  const doc = await client.open('mem:t', { kind: 'line', dataSets: [{ id: 'a', entries: [1, 2] }] });
  assertSvgSnapshot(doc.svg, new URL('./snapshots/t.svg', 'file:///tmp/'), { update: false });
  console.log(svgDiff(doc.svg, doc.svg));
}

void session;
void harnessTest;
