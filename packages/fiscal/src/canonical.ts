/**
 * Canonical JSON: object keys sorted by UTF-16 code unit (JavaScript's default sort), no whitespace,
 * integers only (money is cents), `undefined` members omitted. Two encoders that agree on this text
 * agree on the signed bytes.
 *
 * Written for speed (every record is encoded once to sign it and once per verification), with the
 * output of the plain recursive definition kept byte for byte; `canonical.test.ts` holds that
 * definition and compares the two.
 */

/** What `JSON.stringify` would escape: `"`, `\`, U+0000–U+001F; any surrogate, to stay on the safe side. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** Record keys are a few hundred names; the bound only guards against data used as keys. */
const KEY_CACHE_LIMIT = 10_000;
const quotedKeys = new Map<string, string>();

function quote(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

/** `"key":`, cached. */
function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = `${quote(key)}:`;
    if (quotedKeys.size < KEY_CACHE_LIMIT) quotedKeys.set(key, quoted);
  }
  return quoted;
}

export function canonicalize(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new TypeError(`canonical JSON holds integers only, got ${value}`);
    return String(value);
  }
  if (typeof value === 'object') {
    if (value === null) return 'null';
    if (Array.isArray(value)) {
      let out = '[';
      for (let i = 0; i < value.length; i++) {
        if (i > 0) out += ',';
        const item: unknown = value[i];
        // A hole reads as nothing, as `Array#map` then `join` would give; an `undefined` item throws.
        if (item === undefined && !(i in value)) continue;
        out += canonicalize(item);
      }
      return `${out}]`;
    }
    const object = value as Record<string, unknown>;
    // Default sort: UTF-16 code units, as the `<` comparison of the reference definition.
    const keys = Object.keys(object).sort();
    let out = '';
    for (const key of keys) {
      const member = object[key];
      if (member === undefined) continue;
      out += (out === '' ? '{' : ',') + quotedKey(key) + canonicalize(member);
    }
    return out === '' ? '{}' : `${out}}`;
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  throw new TypeError(`canonical JSON cannot hold a ${typeof value}`);
}
