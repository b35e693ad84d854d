import { Worker } from 'node:worker_threads';

/** One signature to verify: the index of its raw public key in `keys`, the signed bytes, the base64 signature. */
export type VerifyItem = [keyIndex: number, bytes: Uint8Array, sig: string];

const WORKER_URL = new URL('./fiscal-check.worker.mjs', import.meta.url);

/**
 * A small pool of verification threads (two by default: this machine has two cores). Batches go to
 * the least busy worker; each answers in order with one verdict per item.
 */
export class VerifyPool {
  private readonly workers: { worker: Worker; pending: number }[];
  private readonly waiting = new Map<
    number,
    { resolve: (ok: Uint8Array) => void; reject: (e: Error) => void }
  >();
  private nextId = 1;

  constructor(size = 2) {
    this.workers = Array.from({ length: size }, () => {
      const worker = new Worker(WORKER_URL);
      const slot = { worker, pending: 0 };
      worker.on('message', (msg: { id: number; ok: Uint8Array }) => {
        slot.pending -= 1;
        const w = this.waiting.get(msg.id);
        this.waiting.delete(msg.id);
        w?.resolve(msg.ok);
      });
      worker.on('error', (err) => {
        for (const w of this.waiting.values()) w.reject(err);
        this.waiting.clear();
      });
      return slot;
    });
  }

  /** Verdicts for `items` (1 = the signature verifies), computed on a worker thread. */
  verify(keys: string[], items: VerifyItem[]): Promise<Uint8Array> {
    if (items.length === 0) return Promise.resolve(new Uint8Array(0));
    const slot = this.workers.reduce((a, b) => (b.pending < a.pending ? b : a));
    const id = this.nextId++;
    slot.pending += 1;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      slot.worker.postMessage({ id, keys, items });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
  }
}
