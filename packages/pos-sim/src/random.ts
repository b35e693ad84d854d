import crypto from 'node:crypto';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** RFC 9562 version 4 layout (version nibble 4, variant 10xx) over 16 given bytes. */
function uuidFromBytes(b: ArrayLike<number>): string {
  let s = '';
  for (let i = 0; i < 16; i++) {
    let x = b[i] ?? 0;
    if (i === 6) x = (x & 0x0f) | 0x40;
    else if (i === 8) x = (x & 0x3f) | 0x80;
    s += HEX[x] as string;
    if (i === 3 || i === 5 || i === 7 || i === 9) s += '-';
  }
  return s;
}

/** Lowercase hex of the 4 bytes of a 32-bit word. */
function hex8(x: number): string {
  return (
    (HEX[x >>> 24] as string) +
    (HEX[(x >>> 16) & 255] as string) +
    (HEX[(x >>> 8) & 255] as string) +
    (HEX[x & 255] as string)
  );
}

/** A fixed, v4-shaped UUID named by a string: the same name always gives the same id. */
export function uuidFromName(name: string): string {
  return uuidFromBytes(crypto.createHash('sha256').update(`comptoir/pos-sim/${name}`).digest());
}

/**
 * sfc32, a small fast counting PRNG with a 128-bit state, seeded from SHA-256 of its name parts.
 * The simulator uses it for every choice so that the same options give the same bytes.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(...parts: (string | number)[]) {
    const digest = crypto.createHash('sha256').update(parts.join('|')).digest();
    this.a = digest.readUInt32LE(0);
    this.b = digest.readUInt32LE(4);
    this.c = digest.readUInt32LE(8);
    this.d = digest.readUInt32LE(12) | 1;
    for (let i = 0; i < 12; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('cannot pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks one entry with a probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let x = this.next() * total;
    for (const [item, w] of entries) {
      x -= w;
      if (x < 0) return item;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new RangeError('cannot pick from an empty list');
    return last[0];
  }

  /** A standard normal deviate (Box-Muller). */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** A v4-shaped UUID from 128 generated bits. */
  uuid(): string {
    const a = this.uint32();
    const b = (this.uint32() & 0xffff0fff) | 0x4000;
    const c = ((this.uint32() & 0x3fffffff) | 0x80000000) >>> 0;
    const d = this.uint32();
    return (
      `${hex8(a)}-${HEX[b >>> 24]}${HEX[(b >>> 16) & 255]}-${HEX[(b >>> 8) & 255]}${HEX[b & 255]}-` +
      `${HEX[c >>> 24]}${HEX[(c >>> 16) & 255]}-${HEX[(c >>> 8) & 255]}${HEX[c & 255]}${hex8(d)}`
    );
  }

  /** Fisher-Yates on a copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }
}
