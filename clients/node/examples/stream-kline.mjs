// A live K-line: one candle per tick, a sliding window, a moving-average toggle and a highlight.
import { writeFileSync } from 'node:fs';
import { Client } from '../index.js'; // 'chartd-client' when installed

const spec = { kind: 'combined', width: 800, height: 400, title: 'BTC/USD',
  dataSets: [{ id: 'btc', label: 'BTC', kind: 'candlestick', entries: [] },
             { id: 'ma', label: 'MA 5', kind: 'line', entries: [] }] };
const client = await Client.start(); // chartd from $CHARTD or PATH
try {
  const doc = await client.open('live://btc', spec);
  let price = 100;
  const closes = [];
  for (let t = 0; t < 200; t++) { // one candle per tick
    const open = price;
    price += Math.random() * 2 - 1;
    closes.push(price);
    const ma = closes.slice(-5).reduce((a, b) => a + b) / Math.min(closes.length, 5);
    await doc.batch((b) => { // one atomic chart/update per tick
      b.appendEntries('btc', [{ x: t, open, high: Math.max(open, price) + Math.random(), low: Math.min(open, price) - Math.random(), close: price }], 60);
      b.appendEntries('ma', [[t, ma]], 60);
      b.highlight('btc', Math.min(t, 59)); // follow the newest candle
    });
    if (t === 150) await doc.setVisibility('ma', false); // a legend toggle
  }
  writeFileSync(process.argv[2] ?? 'kline.svg', doc.svg); // the patched mirror, equal to chart/render
  console.log(`v${doc.version}, ${doc.svg.length} bytes of SVG`);
} finally {
  await client.close();
}
