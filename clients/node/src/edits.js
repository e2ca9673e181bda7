// Builders for the edit objects of chart/update, one per edit op.

/** Every edit op the protocol defines. */
export const EDIT_OPS = Object.freeze([
  'setSpec', 'mergeSpec', 'appendEntries', 'removeEntries', 'updateEntries', 'replaceEntries',
  'addDataSet', 'removeDataSet', 'replaceDataSet', 'setVisibility', 'setHighlight', 'setViewport', 'resize',
]);

export const setSpec = (spec) => ({ op: 'setSpec', spec });
export const mergeSpec = (patch) => ({ op: 'mergeSpec', patch });

/** Appends entries; with `maxEntries` the oldest drop out (a sliding window). */
export function appendEntries(dataSet, entries, maxEntries) {
  const edit = { op: 'appendEntries', dataSet, entries };
  if (maxEntries != null) edit.maxEntries = maxEntries;
  return edit;
}

export const removeEntries = (dataSet, start, count) => ({ op: 'removeEntries', dataSet, start, count });
export const updateEntries = (dataSet, start, entries) => ({ op: 'updateEntries', dataSet, start, entries });
export const replaceEntries = (dataSet, entries) => ({ op: 'replaceEntries', dataSet, entries });

export function addDataSet(dataSet, index) {
  const edit = { op: 'addDataSet', dataSet };
  if (index != null) edit.index = index;
  return edit;
}

export const removeDataSet = (dataSet) => ({ op: 'removeDataSet', dataSet });
export const replaceDataSet = (dataSet) => ({ op: 'replaceDataSet', dataSet });
/** Shows or hides a data set (a legend toggle), or with `entry` one pie slice. */
export function setVisibility(dataSet, visible, entry) {
  const edit = { op: 'setVisibility', dataSet, visible: Boolean(visible) };
  if (entry != null) edit.entry = entry;
  return edit;
}

/** Highlights: `[{dataSet, index}]` or `[[dataSet, index]]`; `[]` clears. */
export function setHighlight(highlights) {
  return { op: 'setHighlight', highlights: highlights.map((h) => (Array.isArray(h) ? { dataSet: h[0], index: h[1] } : { ...h })) };
}

export const highlight = (dataSet, index) => setHighlight([{ dataSet, index }]);
/**
 * Shows the x range [xMin, xMax]; an end left null (or out) is open, both open show all data.
 * `autoScaleY` fits the y axes to the visible entries (true) or keeps them (false); left out, the
 * document's setting stays as it is (protocol/spec/edits.md).
 */
export function setViewport(xMin = null, xMax = null, { autoScaleY } = {}) {
  const edit = { op: 'setViewport', xMin: xMin ?? null, xMax: xMax ?? null };
  if (autoScaleY != null) edit.autoScaleY = Boolean(autoScaleY);
  return edit;
}
export const resize = (width, height) => ({ op: 'resize', width, height });
