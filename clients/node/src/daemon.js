// The daemon process: finding the chartd binary and one running generation of it.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { DaemonNotFoundError } from './errors.js';
import { encodeBody, makeCodec } from './framing.js';

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The chartd executable: `binary` if given, else $CHARTD, else `chartd` on PATH. */
export function findBinary(binary) {
  for (const candidate of [binary, process.env.CHARTD]) {
    if (!candidate) continue;
    if (executable(candidate)) return candidate;
    if (!candidate.includes('/')) {
      const found = searchPath(candidate);
      if (found) return found;
    }
    throw new DaemonNotFoundError(`chartd binary ${JSON.stringify(candidate)} does not exist or is not executable`);
  }
  const found = searchPath('chartd');
  if (found) return found;
  throw new DaemonNotFoundError('chartd not found: pass {binary}, set CHARTD, or put chartd on PATH');
}

function searchPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && executable(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** One daemon process with its codec and stderr tail (a restart makes the next generation). */
export class Generation {
  constructor(number, child, framing) {
    this.number = number;
    this.child = child;
    const { frame, decoder } = makeCodec(framing);
    this.frame = frame;
    this.decoder = decoder;
    this.dead = false;
    this.stderrTail = [];
  }

  send(message) {
    this.sendBody(encodeBody(message));
  }

  /** Writes a body encoded beforehand (`encodeBody`), framed. */
  sendBody(body) {
    const stdin = this.child.stdin;
    if (this.dead || !stdin || stdin.destroyed || !stdin.writable) return;
    stdin.write(this.frame(body));
  }

  /** How the process ended, worded as the Python client does: "exit status 3", "signal SIGKILL". */
  exitDescription() {
    return describeExit(this.child.exitCode, this.child.signalCode);
  }

  stderrText() {
    return this.stderrTail.join('\n');
  }

  kill() {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}

/** Resolves once the child process has exited. */
export function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('close', resolve));
}

/** "exit status N", "signal SIGKILL", or "still running" (the Python client words it the same). */
export function describeExit(exitCode, signalCode) {
  if (signalCode) return `signal ${signalCode}`;
  if (exitCode !== null && exitCode !== undefined) return `exit status ${exitCode}`;
  return 'still running';
}
