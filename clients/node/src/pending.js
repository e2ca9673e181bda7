// Requests in flight: how their promises are settled, and the messages they are sent as.
import { encodeBody } from './framing.js';

/** Returned by a result hook that resolves the caller's promise itself. */
export const DEFERRED = Symbol('deferred');

export function settleResult(p, result) {
  let value = result;
  if (p.onResult) {
    try {
      value = p.onResult(result);
    } catch (error) {
      settleError(p, error);
      return;
    }
  }
  p.resolve(value === DEFERRED ? undefined : value);
}

export function settleError(p, error) {
  if (p.onError) {
    try {
      p.onError(error);
    } catch {
      // a hook failure must not hide the original error
    }
  }
  p.reject(error);
}

export function notification(method, params) {
  const message = { jsonrpc: '2.0', method };
  if (params != null) message.params = params;
  return message;
}

/**
 * A notification kept for sending (and, for updates, re-sending after a crash). Encoding happens
 * here, so a message that cannot be sent throws before anything records it.
 */
export function notice(method, params) {
  const message = notification(method, params);
  return { seq: 0, message, body: encodeBody(message), sentGen: null };
}

/** Rejects with a TimeoutError after `ms` (the timer never keeps the process alive). */
export function withTimeout(promise, ms, what = 'the request') {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`chartd did not answer ${what} within ${ms} ms`);
      error.name = 'TimeoutError';
      reject(error);
    }, ms);
    timer.unref?.();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
