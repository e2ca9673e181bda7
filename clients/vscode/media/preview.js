// The preview webview: shows full renders, applies patches with chartd-patch.js (whole or spliced
// fragments, restored regions: what its `capabilities` say, which extension.js declares), reports legend
// clicks. Messages in: {type:'full', svg, version} | {type:'patch', patch} | {type:'status', text}.
// Messages out: {type:'ready'} | {type:'resync'} (a patch did not fit) | {type:'toggle', dataSet, entry, hidden}
// (hidden: whether the clicked legend item shows its data set hidden now) | {type:'more', x, y} (the
// "+N more" legend item was clicked; x, y: the middle of its hit rectangle, for chart/hitTest).
(function (global) {
  'use strict';

  /** Wires a preview to a container; `post` sends a message to the extension. */
  function createPreview(P, container, statusLine, post) {
    const view = new P.ChartView(container);
    function handle(message) {
      if (!message || typeof message !== 'object') return;
      if (message.type === 'full') {
        view.show(message.svg, message.version);
      } else if (message.type === 'patch') {
        if (!view.apply(message.patch)) post({ type: 'resync' });
      } else if (message.type === 'status') {
        statusLine.textContent = message.text || '';
      }
    }
    function click(event) {
      const item = P.legendItemOf(event);
      if (item && item.more != null) {
        // Its first child is its hit rectangle (patch.md): the extension asks chartd what it stands for.
        const rect = item.element && item.element.querySelector && item.element.querySelector('rect');
        const at = (name) => (rect ? Number.parseFloat(rect.getAttribute(name)) : NaN);
        const x = at('x') + at('width') / 2, y = at('y') + at('height') / 2;
        if (Number.isFinite(x) && Number.isFinite(y)) post({ type: 'more', x, y });
        return;
      }
      if (item && item.dataSet != null) {
        const hidden = !!(item.element && item.element.getAttribute && item.element.getAttribute('data-hidden') === 'true');
        post({ type: 'toggle', dataSet: item.dataSet, entry: item.entry, hidden });
      }
    }
    container.addEventListener('click', click);
    return { view, handle, click };
  }

  if (typeof module === 'object' && module.exports) module.exports = { createPreview };
  if (typeof global.acquireVsCodeApi === 'function') {
    const vscode = global.acquireVsCodeApi();
    const preview = createPreview(global.ChartdPatch, document.getElementById('chart'), document.getElementById('status'), (m) => vscode.postMessage(m));
    global.addEventListener('message', (event) => preview.handle(event.data));
    vscode.postMessage({ type: 'ready' });
  }
})(typeof globalThis !== 'undefined' ? globalThis : this);
