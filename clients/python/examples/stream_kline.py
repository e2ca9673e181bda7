"""A live K-line: one candle per tick, a sliding window, a moving-average toggle and a highlight."""
import random, sys
import chartd

spec = {"kind": "combined", "width": 800, "height": 400, "title": "BTC/USD",
        "dataSets": [{"id": "btc", "label": "BTC", "kind": "candlestick", "entries": []},
                     {"id": "ma", "label": "MA 5", "kind": "line", "entries": []}]}
with chartd.Client() as client:                        # chartd from $CHARTD or PATH
    doc = client.open("live://btc", spec)
    price, closes = 100.0, []
    for t in range(200):                               # one candle per tick
        o, price = price, price + random.gauss(0, 1)
        high, low = max(o, price) + random.random(), min(o, price) - random.random()
        closes.append(price)
        with doc.batch() as b:                         # one atomic chart/update per tick
            b.append_entries("btc", [{"x": t, "open": o, "high": high, "low": low, "close": price}], max_entries=60)
            b.append_entries("ma", [[t, sum(closes[-5:]) / len(closes[-5:])]], max_entries=60)
            b.highlight("btc", min(t, 59))             # follow the newest candle
        if t == 150:
            doc.set_visibility("ma", False)            # a legend toggle
    open(sys.argv[1] if len(sys.argv) > 1 else "kline.svg", "w").write(doc.svg)  # the patched mirror
    print("v%d, %d bytes of SVG" % (doc.version, len(doc.svg)))
