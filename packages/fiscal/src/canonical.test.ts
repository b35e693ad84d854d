import { describe, expect, it } from 'vitest';
import { canonicalize } from './canonical';

/** The plain definition, as first written: the optimised encoder must give the same text. */
function reference(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isSafeInteger(value))
        throw new TypeError(`canonical JSON holds integers only, got ${value}`);
      return String(value);
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(',')}}`;
    }
    default:
      throw new TypeError(`canonical JSON cannot hold a ${typeof value}`);
  }
}

/** The text, or the error's type and message: both encoders must agree on either. */
function outcome(encode: (value: unknown) => string, value: unknown): string {
  try {
    return encode(value);
  } catch (error) {
    return error instanceof Error ? `${error.name}: ${error.message}` : 'not an Error';
  }
}

const expectSameAsReference = (value: unknown) =>
  expect(outcome(canonicalize, value)).toBe(outcome(reference, value));

const controlChars = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).join('');

const trickyStrings = [
  '',
  'plain ascii',
  'Crêperie Ar Men — Café Saint-Paul, 12,50 €',
  'Ελληνικά, русский, עברית, العربية, 日本語, 한국어',
  'e\u0301 (combining acute) and \u00e9 (precomposed)',
  '🍺🥐 emoji, 👩‍🍳 joined, 🇫🇷 flag',
  '\u{1f600}',
  '"quoted"',
  "it's",
  'back\\slash and \\" and \\\\',
  controlChars,
  'tab\there, newline\nthere, cr\r, nul\u0000, bell\u0007, escape\u001b, unit separator\u001f',
  '\u007f delete and \u0080 and \u009f C1 controls',
  '\u2028 line and \u2029 paragraph separators',
  '\ufeff byte order mark and \ufffe \uffff non-characters',
  '\ud800',
  '\udfff',
  'lone high \ud83c then text',
  'lone low \udf7a then text',
  'reversed pair \udf7a\ud83c',
  'pair then lone \ud83c\udf7a\ud83c',
  '</script><!-- html -->',
  'x'.repeat(10_000),
];

describe('canonical encoding agrees with the plain definition', () => {
  it('on strings with unicode, emoji, quotes, backslashes, control characters and lone surrogates', () => {
    for (const s of trickyStrings) {
      expectSameAsReference(s);
      expectSameAsReference([s, { [s]: s }]);
    }
    for (let code = 0; code <= 0xffff; code++) expectSameAsReference(String.fromCharCode(code));
  });

  it('on keys: sorted by UTF-16 code unit, integer-like keys included, escaped when needed', () => {
    const keys = [
      'b',
      'a',
      'B',
      '_',
      '',
      ' ',
      '10',
      '2',
      '1',
      '-1',
      'é',
      'e\u0301',
      '😀',
      '\ue000',
      '\uffff',
      '"',
      '\\',
      '\n',
      '\u0000',
      '\ud800',
      'a\udc00b',
      'constructor',
      'toString',
    ];
    const object: Record<string, unknown> = {};
    keys.forEach((key, i) => (object[key] = i));
    expectSameAsReference(object);
    expect(canonicalize({ b: 0, a: 0, '10': 0, '2': 0, '😀': 0, '\uffff': 0 })).toBe(
      '{"10":0,"2":0,"a":0,"b":0,"😀":0,"\uffff":0}',
    );
    expectSameAsReference(JSON.parse('{"__proto__":{"a":1},"z":2}'));
    const bare = Object.create(null) as Record<string, unknown>;
    bare.b = 'x';
    bare.a = { c: 1 };
    expectSameAsReference(bare);
  });

  it('on nesting, empty containers, undefined members, null, booleans and integers', () => {
    const values: unknown[] = [
      null,
      true,
      false,
      0,
      -0,
      1,
      -1,
      Number.MAX_SAFE_INTEGER,
      Number.MIN_SAFE_INTEGER,
      {},
      [],
      [[]],
      [{}],
      { a: {} },
      { a: [] },
      [[[[[]]]]],
      { a: undefined },
      { a: undefined, b: undefined },
      { a: 1, b: undefined, c: null },
      { z: { y: { x: { w: [1, { v: undefined, u: [null, true, 'é'] }] } } } },
      [null, false, 0, '', [], {}],
      // Holes read as nothing, as with Array#map and join.
      // eslint-disable-next-line no-sparse-arrays
      [1, , 2],
      new Array(3),
      {
        id: '33333333-3333-4333-8333-333333333333',
        lines: [
          { productName: 'Croque-monsieur', quantity: -2, price: -3250, removed: false, parentId: null },
        ],
        tracking: [],
        comment: undefined,
      },
      new Date(0),
      Object.assign(Object.create({ inherited: 1 }) as object, { own: 2 }),
    ];
    for (const value of values) expectSameAsReference(value);
  });

  it('refuses what it refused before, with the same error', () => {
    const refused: unknown[] = [
      undefined,
      [undefined],
      { a: [1, undefined] },
      1.5,
      { amount: 12.5 },
      Number.NaN,
      Number.POSITIVE_INFINITY,
      2 ** 53,
      -(2 ** 53),
      10n,
      Symbol('s'),
      () => 1,
      { a: { b: [() => 1] } },
      { b: 1.5, a: Symbol('first in key order') },
    ];
    for (const value of refused) {
      expect(() => canonicalize(value)).toThrow(TypeError);
      expectSameAsReference(value);
    }
  });

  it('on a few thousand random nested values', () => {
    // A small deterministic generator (mulberry32), so a failure reproduces.
    let state = 20_260_314;
    const random = () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    const int = (n: number) => Math.floor(random() * n);
    const pieces = [...trickyStrings.slice(0, -1), ...controlChars, 'a', 'Z', '0', '\ud83c', '\udf7a', '€'];
    const text = () => Array.from({ length: int(4) }, () => pieces[int(pieces.length)]).join('');
    const value = (depth: number): unknown => {
      const kind = int(depth > 3 ? 5 : 8);
      if (kind === 0) return null;
      if (kind === 1) return random() < 0.5;
      if (kind === 2) return int(2_000_001) - 1_000_000;
      if (kind === 3 || kind === 4) return text();
      if (kind === 5) return Array.from({ length: int(5) }, () => value(depth + 1));
      const object: Record<string, unknown> = {};
      for (let i = int(7); i > 0; i--) object[text()] = random() < 0.15 ? undefined : value(depth + 1);
      return object;
    };
    for (let i = 0; i < 5_000; i++) expectSameAsReference(value(0));
  });
});
