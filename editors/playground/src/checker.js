// The page's side of the worker: requests as promises.

export class Checker {
  /** @param {URL | string} workerURL */
  constructor(workerURL) {
    this.worker = new Worker(workerURL, { type: 'module' });
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
    });
    // Whoever waits for ready hears of a failure; until someone does (boot.js
    // starts the worker long before main.js asks), it is not an unhandled
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
