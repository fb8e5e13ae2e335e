// The page's side of the worker: requests as promises.

export class Checker {
  /**
   * Starts the worker whose script is at start, or takes the one start
   * holds: index.html starts it as the page is parsed ({worker, early},
   * where early holds the events it sent before this Checker listened).
   * @param {URL | string | {worker: Worker, early: Event[]}} start
   */
  constructor(start) {
    const { worker, early = [] } = start instanceof URL || typeof start === 'string'
      ? { worker: new Worker(start, { type: 'module' }) } : start;
    this.worker = worker;
    this.next = 1;
    this.pending = new Map();
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = (event) => {
        const msg = event.data;
        if (msg.ready) return resolve(msg);
        if (msg.fatal) return reject(new Error(msg.fatal));
        const p = this.pending.get(msg.id);
        if (!p) return;
        this.pending.delete(msg.id);
        if (msg.error !== undefined) p.reject(new Error(msg.error));
        else p.resolve({ result: msg.result, ms: msg.ms, roundTrip: performance.now() - p.sent });
      };
      this.worker.onerror = (event) => {
        const err = new Error(event.message || 'the checker worker failed to start');
        reject(err);
        for (const p of this.pending.values()) p.reject(err);
        this.pending.clear();
      };
      for (const event of early) (event.type === 'error' ? this.worker.onerror : this.worker.onmessage)(event);
    });
    // Whoever waits for ready hears of a failure; until someone does (the
    // worker starts long before main.js asks), it is not an unhandled
    // rejection in the console.
    this.ready.catch(() => {});
  }

  /**
   * Asks the worker; resolves to {result, ms, roundTrip}.
   * @param {'validate'|'validateChange'|'complete'|'hover'} op
   * @param {string} text
   * @param {{line: number, character: number}} [position]
   * @param {string} [previous] the previous version, for validateChange
   */
  request(op, text, position, previous) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, sent: performance.now() });
      this.worker.postMessage({ id, op, text, position, previous });
    });
  }
}

/**
 * The page's Checker: on the worker index.html started as the page was
 * parsed, or, should that script have been refused, on one started now.
 */
export function pageChecker() {
  return new Checker(globalThis.mdscheckWorker ?? new URL('./worker.js', import.meta.url));
}
