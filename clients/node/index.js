// chartd client for Node ≥ 18: built-ins only, ES module.
export { Client, CLIENT_VERSION, findBinary } from './src/client.js';
export { ChartDocument, Batch, derivePrefix } from './src/document.js';
export { ChartdError, ConnectionLostError, DaemonNotFoundError, ErrorCode, PatchMismatchError } from './src/errors.js';
export { SvgMirror, applySplice, regionId, splitSvg, isEmptyPatch } from './src/mirror.js';
export { SpecReplay, mergePatch, ReplayError } from './src/replay.js';
export { encodeLsp, encodeNdjson, LspDecoder, NdjsonDecoder, FramingError } from './src/framing.js';
export * as edits from './src/edits.js';
