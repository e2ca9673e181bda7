// The ES-module face of chartd-patch.js (which stays a plain script usable without modules).
import './chartd-patch.js';

const api = globalThis.ChartdPatch;

export const {
  applyPatch,
  mountSvg,
  replaceSvg,
  regionMarkup,
  spliceMarkup,
  capabilities,
  legendTargetOf,
  legendItemOf,
  seriesTargetOf,
  svgPoint,
  ChartView,
  PatchError,
  PatchVersionError,
  PatchRegionError,
  SVG_NS,
} = api;
export default api;
