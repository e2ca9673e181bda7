// chartd-client/testing: helpers for harnesses run with node --test (see README.md).
export { UPDATE_ENV, SnapshotMismatch, assertSvgSnapshot, svgDiff, startClient } from './src/testing.js';
