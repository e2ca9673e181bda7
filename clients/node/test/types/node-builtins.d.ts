// The few Node built-in types index.d.ts refers to, so that the type check needs no @types/node
// (not available without the npm registry). Only what the declarations use.
declare module 'node:events' {
  export class EventEmitter {
    on(event: string | symbol, listener: (...args: any[]) => void): this;
    once(event: string | symbol, listener: (...args: any[]) => void): this;
    off(event: string | symbol, listener: (...args: any[]) => void): this;
    emit(event: string | symbol, ...args: any[]): boolean;
  }
}
declare namespace NodeJS {
  interface ProcessEnv {
    [key: string]: string | undefined;
  }
}
interface Buffer extends Uint8Array {}
declare module 'node:assert' {
  export class AssertionError extends Error {
    constructor(options: { message?: string });
  }
}
