// Types of chartd-client/testing.
import { AssertionError } from 'node:assert';
import type { Client, ClientOptions } from './index.js';

/** The environment variable that turns snapshot checks into snapshot writes ("1"). */
export declare const UPDATE_ENV: 'CHARTD_UPDATE_SNAPSHOTS';

/** An SVG differs from its snapshot, or the snapshot is missing; the message names the regions. */
export declare class SnapshotMismatch extends AssertionError {
  constructor(message: string);
}

/** Checks `svg` against a reviewed file, or writes it with `update` / CHARTD_UPDATE_SNAPSHOTS=1. */
export declare function assertSvgSnapshot(svg: string, path: string | URL, options?: { update?: boolean }): void;

/** How `actual` differs from `expected`, region by region. */
export declare function svgDiff(expected: string, actual: string): string;

/** The part of node:test's TestContext that startClient uses. */
export interface TestContextLike {
  skip(message?: string): void;
  after(fn: () => unknown): void;
}

/** A started Client closed after the test, or null (test skipped) without a chartd binary. */
export declare function startClient(t: TestContextLike, options?: ClientOptions): Promise<Client | null>;
