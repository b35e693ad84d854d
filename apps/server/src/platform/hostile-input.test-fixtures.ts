import fc from 'fast-check';

/**
 * The hostile-input suite's generators: the route table read from the OpenAPI document, a valid
 * sample of each input built from its schema, and one hostile change to it per generated request.
 */

/** The subset of OpenAPI 3.0 schemas that zod produces. */
export interface Schema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  oneOf?: Schema[];
  anyOf?: Schema[];
}

type UrlPart = 'query' | 'path' | 'header';

export interface Parameter {
  in: UrlPart;
  name: string;
  required: boolean;
  schema: Schema;
}

/** `x-access` of an operation (see platform/access.ts). */
export type AccessExtension =
  | {
      callers: ('holder' | 'sub_user' | 'inspector' | 'staff')[];
      service?: string;
      viewAs: boolean;
      writes: boolean;
    }
  | { public: true; writes: boolean }
  | { register: true; writes: true };

export interface Operation {
  method: string;
  /** The OpenAPI path, `{name}` for path parameters. */
  path: string;
  parameters: Parameter[];
  jsonBody?: Schema;
  isMultipart: boolean;
  access?: AccessExtension;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  'x-access'?: AccessExtension;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document that takes a query, path parameters, headers or a body. */
export function operationsWithInput(doc: { paths?: Record<string, Record<string, unknown>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as OpenApiOperation | undefined;
      if (!op) continue;
      const parameters = (op.parameters ?? []).flatMap((p): Parameter[] =>
        p.in === 'query' || p.in === 'path' || p.in === 'header'
          ? [{ in: p.in, name: p.name, required: p.required === true, schema: p.schema ?? {} }]
          : [],
      );
      const content = op.requestBody?.content ?? {};
      const operation: Operation = {
        method: method.toUpperCase(),
        path,
        parameters,
        ...(content['application/json'] ? { jsonBody: content['application/json'].schema ?? {} } : {}),
        isMultipart: 'multipart/form-data' in content,
        ...(op['x-access'] ? { access: op['x-access'] } : {}),
      };
      if (parameters.length > 0 || operation.jsonBody || operation.isMultipart) operations.push(operation);
    }
  }
  return operations;
}

// Valid samples

/** Ids the sample uses for fields of these names, so that requests reach past "not yours" checks. */
export interface KnownIds {
  companyId: string;
  registerId: string;
  /** Valid values of declared headers (the e-mail check's `x-check-token`). */
  headers: Record<string, string>;
  /** Valid values of fields by name, where the schema says less than the route checks. */
  fields: Record<string, unknown>;
}

const SAMPLE_UUID = '3f2b8c1e-5d4a-4b6c-9e7f-1a2b3c4d5e6f';
const DATE_NAME = /(^|_)(start|end)$|date|day$/i;

function branchOf(schema: Schema): Schema {
  const branches = schema.oneOf ?? schema.anyOf;
  return branches?.[0] ?? schema;
}

function sampleString(schema: Schema, name: string, ids: KnownIds): string {
  if (schema.format === 'uuid') {
    if (/compan/i.test(name)) return ids.companyId;
    if (/register/i.test(name)) return ids.registerId;
    return SAMPLE_UUID;
  }
  if (schema.format === 'date' || (!schema.pattern && DATE_NAME.test(name))) return '2024-03-01';
  if (schema.format === 'date-time') return '2024-03-01T12:00:00.000Z';
  if (schema.format === 'email' || /email/i.test(name)) return 'compta@example.test';
  if (schema.pattern) {
    const [sample] = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 1, seed: 7 });
    if (sample !== undefined) return sample;
  }
  return 'Comptoir'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? Infinity);
}

function sampleNumber(schema: Schema): number {
  const min =
    typeof schema.exclusiveMinimum === 'number'
      ? schema.exclusiveMinimum + 1
      : (schema.minimum ?? 0) + (schema.exclusiveMinimum === true ? 1 : 0);
  return Math.min(Math.max(min, 1), schema.maximum ?? Infinity);
}

/** A value the schema accepts (as far as its JSON form says), the same every time. */
function sampleOf(schema: Schema, name: string, ids: KnownIds): unknown {
  if (Object.hasOwn(ids.fields, name)) return ids.fields[name];
  const s = branchOf(schema);
  // Null where allowed goes furthest: no product or service to find.
  if (s.nullable && s.type !== 'object' && s.type !== 'array') return null;
  if (s.enum && s.enum.length > 0) return s.enum[0];
  switch (s.type) {
    case 'string':
      return sampleString(s, name, ids);
    case 'integer':
    case 'number':
      return sampleNumber(s);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(s.minItems ?? 0, 1) }, () => sampleOf(s.items ?? {}, name, ids));
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([key, child]) => [key, sampleOf(child, key, ids)]),
      );
    default:
      return 'Comptoir';
  }
}

// What the contract surely refuses

const UNSTORABLE = /[\0\p{Cs}]/u;
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A percent-escape written into the URL as is: bytes that are not UTF-8 cannot be encoded from a string. */
class RawEscape {
  constructor(readonly encoded: string) {}
}

/** Text the server refuses whatever the schema (400 INVALID_TEXT). */
function holdsUnstorableText(value: unknown): boolean {
  if (value instanceof RawEscape) return true;
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.some(holdsUnstorableText);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, child]) => UNSTORABLE.test(key) || holdsUnstorableText(child));
  }
  return false;
}

function belowMinimum(schema: Schema, n: number): boolean {
  if (typeof schema.exclusiveMinimum === 'number') return n <= schema.exclusiveMinimum;
  if (schema.minimum === undefined) return false;
  return schema.exclusiveMinimum === true ? n <= schema.minimum : n < schema.minimum;
}

function aboveMaximum(schema: Schema, n: number): boolean {
  if (typeof schema.exclusiveMaximum === 'number') return n >= schema.exclusiveMaximum;
  if (schema.maximum === undefined) return false;
  return schema.exclusiveMaximum === true ? n >= schema.maximum : n > schema.maximum;
}

function violatesNumber(schema: Schema, n: number): boolean {
  if (!Number.isFinite(n)) return true;
  if (schema.type === 'integer' && !Number.isInteger(n)) return true;
  if (schema.enum && !schema.enum.includes(n)) return true;
  return belowMinimum(schema, n) || aboveMaximum(schema, n);
}

/** A schema may trim before it checks (zod's `.trim()` does not show in JSON): both forms must fail. */
function violatesString(schema: Schema, text: string): boolean {
  return violatesTrimmed(schema, text) && violatesTrimmed(schema, text.trim());
}

function violatesTrimmed(schema: Schema, text: string): boolean {
  if (schema.enum && !schema.enum.includes(text)) return true;
  if (schema.minLength !== undefined && text.length < schema.minLength) return true;
  // zod counts code points, never more than UTF-16 units.
  if (schema.maxLength !== undefined && [...text].length > schema.maxLength) return true;
  if (schema.pattern && !new RegExp(schema.pattern).test(text)) return true;
  if (schema.format === 'uuid' && !UUID_SHAPE.test(text)) return true;
  if (schema.format === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(text)) return true;
  if (schema.format === 'date-time' && !/^\d{4}-\d{2}-\d{2}T/.test(text)) return true;
  return schema.format === 'email' && !text.includes('@');
}

/**
 * True only when the schema surely refuses the value of a JSON body (false when unsure: a refusal
 * is then allowed, not required). Objects are checked for their declared fields only.
 */
function violatesJson(schema: Schema, value: unknown): boolean {
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches) return branches.every((branch) => violatesJson(branch, value));
  if (value === null || value === undefined) return !schema.nullable && schema.type !== undefined;
  switch (schema.type) {
    case 'string':
      return typeof value !== 'string' || violatesString(schema, value);
    case 'integer':
    case 'number':
      return typeof value !== 'number' || violatesNumber(schema, value);
    case 'boolean':
      return typeof value !== 'boolean';
    case 'array':
      return (
        !Array.isArray(value) ||
        value.length < (schema.minItems ?? 0) ||
        value.length > (schema.maxItems ?? Infinity) ||
        (schema.items !== undefined && value.some((item) => violatesJson(schema.items!, item)))
      );
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return true;
      const fields = value as Record<string, unknown>;
      if ((schema.required ?? []).some((key) => fields[key] === undefined)) return true;
      return Object.entries(schema.properties ?? {}).some(
        ([key, child]) => fields[key] !== undefined && violatesJson(child, fields[key]),
      );
    }
    default:
      return schema.enum !== undefined && !schema.enum.includes(value);
  }
}

/** The same for a URL parameter, which reaches zod as text (numbers coerced). */
function violatesText(schema: Schema, text: string | undefined): boolean {
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches) return branches.every((branch) => violatesText(branch, text));
  if (text === undefined) return false;
  if (schema.type === 'integer' || schema.type === 'number') {
    return text.trim() !== '' && violatesNumber(schema, Number(text));
  }
  return schema.type === 'string' && violatesString(schema, text);
}

// Hostile values

const MEGABYTE = 1024 * 1024;

const SQL = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)',
  "x' UNION SELECT password_hash FROM users --",
  '$$; COPY users TO PROGRAM $$id',
  '\\',
];
const HTML = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  '=HYPERLINK("http://evil.example","x")',
  '../../etc/passwd',
  '{{7*7}}${7*7}',
];
const ODD_TEXT = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'x\ud800',
  '\udc00',
  '\u202eabc',
  '😀',
  '%00',
  'null',
  'NaN',
];
const NUMBERS = [
  -1,
  -0.5,
  0,
  0.5,
  1.5,
  32768,
  2147483647,
  2147483648,
  -2147483649,
  9007199254740991,
  -9007199254740991,
  2 ** 53,
  1e308,
  -1e-9,
];
const NUMBER_TEXT = [
  '-1',
  '1.5',
  '-0.01',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '99999999999999999999',
  '-2147483649',
];
const DATES = [
  '0000-01-01',
  '0001-01-01',
  '1969-12-31',
  '9999-12-31',
  '10000-01-01',
  '+275760-09-13',
  '2024-02-30',
  '2024-13-01',
  '20240301',
  '01/03/2024',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '275760-09-13T00:00:00.000Z',
  '2024-01-01T25:00:00Z',
  '-62167219200',
  '253402300800',
  '99999999999999',
];
const WRONG_TYPES: unknown[] = [null, true, 42, 'text', [], {}, [1, 'a'], { a: { b: 1 } }, ['x'.repeat(100)]];

/** One hostile value for any input: text, number, date, wrong type, 1 MB, NUL... */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...SQL, ...HTML),
  fc.constantFrom(...ODD_TEXT),
  fc.constantFrom(...NUMBERS),
  fc.constantFrom(...NUMBER_TEXT),
  fc.constantFrom(...DATES),
  fc.constantFrom(...WRONG_TYPES),
  fc.constantFrom('A'.repeat(MEGABYTE), `${'é'.repeat(MEGABYTE / 2)}\u0000`),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** For URL parts: the same values as text, plus escapes that are not UTF-8. */
const hostileUrlValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileValue },
  {
    weight: 1,
    arbitrary: fc.constantFrom(new RawEscape('%FF'), new RawEscape('%C3%28'), new RawEscape('%ED%A0%80')),
  },
);

// Requests

export interface Draft {
  query: Map<string, unknown>;
  params: Map<string, unknown>;
  headers: Record<string, string>;
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; payload: string | Buffer; contentType?: string };
}

/** One hostile change to a valid request; `mustRefuse` when the contract surely refuses it. */
interface Mutation {
  label: string;
  mustRefuse: boolean;
  apply(draft: Draft): void;
}

export function validDraft(op: Operation, ids: KnownIds): Draft {
  const draft: Draft = { query: new Map(), params: new Map(), headers: {}, body: { kind: 'none' } };
  for (const p of op.parameters) {
    const value = sampleOf(p.schema, p.name, ids);
    if (p.in === 'query') draft.query.set(p.name, value);
    else if (p.in === 'path') draft.params.set(p.name, value);
    else draft.headers[p.name] = ids.headers[p.name] ?? String(value);
  }
  if (op.jsonBody) draft.body = { kind: 'json', value: sampleOf(op.jsonBody, 'body', ids) };
  return draft;
}

/** How a URL parameter's value reaches the server: text, repeated for an array, absent for undefined. */
function urlTexts(value: unknown): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap(urlTexts);
  if (value === null) return [''];
  if (typeof value === 'object' && !(value instanceof RawEscape)) return [JSON.stringify(value)];
  return [value instanceof RawEscape ? value.encoded : String(value)];
}

function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate has no UTF-8 form: send what a careless client would, its CESU-8 bytes.
    return '%ED%A0%80';
  }
}

function encodeValue(value: unknown): string[] {
  if (value instanceof RawEscape) return [value.encoded];
  return urlTexts(value).map(encode);
}

export function urlOf(op: Operation, draft: Draft): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeValue(draft.params.get(name)).join(','),
  );
  const query = [...draft.query.entries()].flatMap(([name, value]) =>
    encodeValue(value).map((text) => `${encode(name)}=${text}`),
  );
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

interface Slot {
  label: string;
  schema: Schema;
  required: boolean;
  set(draft: Draft, value: unknown): void;
  remove(draft: Draft): void;
  /** Body values are JSON; the others reach zod as text, and only the URL's can hold escapes. */
  part: 'url' | 'header' | 'body';
}

function setAt(root: unknown, path: (string | number)[], value: unknown, remove = false): void {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) delete node[last];
  else node[last] = value;
}

function bodySlots(schema: Schema, path: (string | number)[], required: boolean, depth: number): Slot[] {
  const s = branchOf(schema);
  const label = `body${path.map((k) => `/${k}`).join('')}`;
  const here: Slot[] =
    path.length === 0
      ? []
      : [
          {
            label,
            schema,
            required,
            part: 'body',
            set: (draft, value) => draft.body.kind === 'json' && setAt(draft.body.value, path, value),
            remove: (draft) => draft.body.kind === 'json' && setAt(draft.body.value, path, undefined, true),
          },
        ];
  if (depth >= 6) return here;
  if (s.type === 'object') {
    const requiredKeys = new Set(s.required ?? []);
    return [
      ...here,
      ...Object.entries(s.properties ?? {}).flatMap(([key, child]) =>
        bodySlots(child, [...path, key], requiredKeys.has(key), depth + 1),
      ),
    ];
  }
  if (s.type === 'array' && s.items) return [...here, ...bodySlots(s.items, [...path, 0], false, depth + 1)];
  return here;
}

function parameterSlot(p: Parameter): Slot {
  return {
    label: `${p.in} ${p.name}`,
    schema: p.schema,
    required: p.required,
    part: p.in === 'header' ? 'header' : 'url',
    set: (draft, value) => {
      if (p.in === 'query') draft.query.set(p.name, value);
      else if (p.in === 'path') draft.params.set(p.name, value);
      else draft.headers[p.name] = urlTexts(value).join(',');
    },
    remove: (draft) => {
      if (p.in === 'query') draft.query.delete(p.name);
      else if (p.in === 'path') draft.params.set(p.name, '');
      else delete draft.headers[p.name];
    },
  };
}

function refusesValue(slot: Slot, value: unknown): boolean {
  if (holdsUnstorableText(value)) return true;
  if (slot.part === 'body') return violatesJson(slot.schema, value);
  const texts = urlTexts(value);
  return texts.length === 1 && violatesText(slot.schema, texts[0]);
}

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,2',
  '{"a":1}}',
  "{'a':1}",
  '{"a":"\\x"}',
  'nul',
  '\u0000',
  '{"a":1,}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'['.repeat(100_000)}`,
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'text/csv',
];

const DATE_PAIRS: [string, string][] = [
  ['startDate', 'endDate'],
  ['fromDate', 'toDate'],
  ['start', 'end'],
  ['startDay', 'endDay'],
];

/** Mutations of one operation: each request gets exactly one. */
export function mutationsOf(op: Operation, options: { readsTenantHeaders: boolean }): fc.Arbitrary<Mutation> {
  const slots = [
    ...op.parameters.map(parameterSlot),
    ...(op.jsonBody ? bodySlots(op.jsonBody, [], true, 0) : []),
  ];
  const choices: fc.WeightedArbitrary<Mutation>[] = [];
  if (slots.length > 0) {
    const replace = fc.constantFrom(...slots).chain((slot) =>
      (slot.part === 'url' ? hostileUrlValue : hostileValue).map((value): Mutation => ({
        label: `${slot.label} = ${describeValue(value)}`,
        mustRefuse: refusesValue(slot, value),
        apply: (draft) => slot.set(draft, value),
      })),
    );
    choices.push({ weight: 10, arbitrary: replace });
  }
  const requiredSlots = slots.filter((slot) => slot.required);
  if (requiredSlots.length > 0) {
    const missing = fc.constantFrom(...requiredSlots).map((slot): Mutation => ({
      label: `${slot.label} missing`,
      mustRefuse: true,
      apply: (draft) => slot.remove(draft),
    }));
    choices.push({ weight: 2, arbitrary: missing });
  }
  choices.push({ weight: 1, arbitrary: extraField(op) });
  const pairs = DATE_PAIRS.filter(([a, b]) => hasInput(op, a) && hasInput(op, b));
  if (pairs.length > 0) choices.push({ weight: 2, arbitrary: datePair(op, pairs) });
  if (op.jsonBody) choices.push({ weight: 3, arbitrary: badBody(op.jsonBody) });
  if (options.readsTenantHeaders) choices.push({ weight: 1, arbitrary: tenantHeaders });
  return fc.oneof(...choices);
}

function hasInput(op: Operation, name: string): boolean {
  return (
    op.parameters.some((p) => p.name === name) ||
    Object.keys(branchOf(op.jsonBody ?? {}).properties ?? {}).includes(name)
  );
}

function setInput(op: Operation, draft: Draft, name: string, value: unknown): void {
  const parameter = op.parameters.find((p) => p.name === name);
  if (parameter) parameterSlot(parameter).set(draft, value);
  else if (draft.body.kind === 'json') setAt(draft.body.value, [name], value);
}

function extraField(op: Operation): fc.Arbitrary<Mutation> {
  return fc
    .tuple(
      fc.constantFrom('extra', '__proto__', 'constructor', 'isAdmin', 'account_id', 'x\u0000'),
      hostileValue,
    )
    .map(([name, value]): Mutation => {
      const inBody = op.jsonBody !== undefined && branchOf(op.jsonBody).type === 'object';
      const closed = inBody && branchOf(op.jsonBody!).additionalProperties === false;
      return {
        label: `extra ${inBody ? 'field' : 'query parameter'} ${JSON.stringify(name)} = ${describeValue(value)}`,
        mustRefuse: UNSTORABLE.test(name) || holdsUnstorableText(value) || closed,
        apply: (draft) => {
          if (inBody && draft.body.kind === 'json') {
            Object.defineProperty(draft.body.value, name, { value, enumerable: true, writable: true });
          } else {
            // An empty array would send no parameter at all.
            draft.query.set(name, urlTexts(value).length > 0 ? value : '');
          }
        },
      };
    });
}

function datePair(op: Operation, pairs: [string, string][]): fc.Arbitrary<Mutation> {
  const periods: [string, string][] = [
    ['2024-03-10', '2024-03-01'],
    ['0001-01-01', '9999-12-31'],
    ['9999-12-31', '0001-01-01'],
    ['1900-01-01', '2100-12-31'],
    ['2024-03-01T12:00:00Z', '2024-03-01T11:00:00Z'],
  ];
  return fc
    .tuple(fc.constantFrom(...pairs), fc.constantFrom(...periods))
    .map(([[start, end], [from, to]]): Mutation => ({
      label: `${start}=${from}, ${end}=${to}`,
      mustRefuse: false,
      apply: (draft) => {
        setInput(op, draft, start, from);
        setInput(op, draft, end, to);
      },
    }));
}

function badBody(schema: Schema): fc.Arbitrary<Mutation> {
  const malformed = fc.constantFrom(...MALFORMED_JSON).map((payload): Mutation => ({
    label: `malformed JSON ${describeValue(payload)}`,
    mustRefuse: true,
    apply: (draft) => {
      draft.body = { kind: 'raw', payload, contentType: 'application/json' };
    },
  }));
  const notUtf8 = fc.constant<Mutation>({
    label: 'JSON body that is not UTF-8',
    mustRefuse: true,
    apply: (draft) => {
      draft.body = {
        kind: 'raw',
        payload: Buffer.from('{"a":"\xff\xfe"}', 'latin1'),
        contentType: 'application/json',
      };
    },
  });
  const wrongType = fc.constantFrom(...WRONG_CONTENT_TYPES).map((contentType): Mutation => ({
    label: `body sent as ${contentType}`,
    // text/plain reaches validation as a string; the others have no parser (415).
    mustRefuse: contentType !== 'text/plain' || violatesJson(schema, 'a=1'),
    apply: (draft) => {
      draft.body = { kind: 'raw', payload: 'a=1', contentType };
    },
  }));
  const wholeBody = hostileValue.map((value): Mutation => ({
    label: `body = ${describeValue(value)}`,
    mustRefuse: holdsUnstorableText(value) || violatesJson(schema, value),
    apply: (draft) => {
      draft.body = { kind: 'json', value };
    },
  }));
  const empty = fc.constant<Mutation>({
    label: 'empty JSON body',
    mustRefuse: true,
    apply: (draft) => {
      draft.body = { kind: 'raw', payload: '', contentType: 'application/json' };
    },
  });
  return fc.oneof(malformed, notUtf8, wrongType, wholeBody, empty);
}

/** The reporting headers every signed-in route reads (`x-id-company`, `x-date-begin`, `x-date-end`). */
const tenantHeaders: fc.Arbitrary<Mutation> = fc
  .constantFrom<[Record<string, string>, boolean]>(
    [{ 'x-id-company': 'a\u0000b' }, true],
    [{ 'x-id-company': "' OR 1=1 --" }, true],
    [{ 'x-id-company': SAMPLE_UUID }, true],
    [{ 'x-id-company': 'x'.repeat(MEGABYTE) }, true],
    [{ 'x-date-begin': '2024-03-10', 'x-date-end': '2024-03-01' }, true],
    [{ 'x-date-begin': 'yesterday' }, true],
    [{ 'x-date-begin': '0001-01-01', 'x-date-end': '9999-12-31' }, false],
    [{ 'x-date-begin': '+275760-09-13T00:00:00Z' }, false],
    [{ 'x-date-begin': '0000-01-01', 'x-date-end': '0000-12-31' }, false],
    [{ 'x-date-begin': '2024-03-01T23:59:59-12:00', 'x-date-end': '2024-03-01T00:00:00+14:00' }, false],
  )
  .map(([headers, mustRefuse]): Mutation => ({
    label: `headers ${describeValue(headers)}`,
    mustRefuse,
    apply: (draft) => Object.assign(draft.headers, headers),
  }));

/** A short, printable description of a value (1 MB strings are not printed whole). */
function describeValue(value: unknown): string {
  if (value instanceof RawEscape) return `raw ${value.encoded}`;
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 80 ? `${text.slice(0, 60)}… (${text.length} chars)` : text;
}

// Multipart

interface UploadPart {
  fieldname: string;
  filename?: string;
  contentType?: string;
  content: Buffer;
}

export interface Upload {
  label: string;
  mustRefuse: boolean;
  payload: Buffer;
  contentType: string;
}

const BOUNDARY = '----comptoir-hostile-boundary';

function multipartBody(parts: UploadPart[], boundary = BOUNDARY): Buffer {
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.fieldname}"` +
        (part.filename !== undefined ? `; filename="${part.filename}"` : '') +
        '\r\n' +
        (part.contentType ? `Content-Type: ${part.contentType}\r\n` : '') +
        '\r\n',
    ),
    part.content,
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
}

const CSV_NAMES = [
  'archive.csv',
  'ARCHIVE.CSV',
  '../../etc/passwd.csv',
  'a\u0000.csv',
  `${'x'.repeat(300)}.csv`,
  '<b>.csv',
];
const KEY_NAMES = ['archive.txt', 'key.TXT', 'a\u0000.txt', '"quoted".txt'];
const OTHER_NAMES = ['archive.exe', 'archive', '', 'archive.csv.exe', 'archive.pdf'];
const CONTENTS = [
  Buffer.from(''),
  Buffer.from('register_id;kind;seq;v;at;prev_sig;sig;data\n'),
  Buffer.from('=HYPERLINK("http://evil.example")\n\u0000\u0000'),
  Buffer.from([0xff, 0xfe, 0xfd, 0x00, 0xc3, 0x28]),
  Buffer.from('comptoir/fiscal-archive-key/v1\n'.repeat(3)),
  Buffer.from('A'.repeat(64 * 1024 + 1)),
];

interface PartChoice {
  fieldname: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

const uploadPart: fc.Arbitrary<PartChoice> = fc.record({
  fieldname: fc.constantFrom('myFile', 'myFile', 'myFile', 'file', '', 'my\u0000File'),
  filename: fc.constantFrom(...CSV_NAMES, ...KEY_NAMES, ...OTHER_NAMES),
  contentType: fc.constantFrom(
    'text/plain',
    'text/csv',
    'application/octet-stream',
    'application/x-msdownload',
    '',
  ),
  content: fc.constantFrom(...CONTENTS),
});

/** Whether the route's rules accept these parts: one .csv and one text/plain .txt ≤ 64 KB, both myFile. */
function isAcceptableUpload(parts: PartChoice[], maxKeyBytes: number): boolean {
  if (parts.length !== 2) return false;
  if (
    parts.some((p) => p.fieldname !== 'myFile' || UNSTORABLE.test(p.filename) || UNSTORABLE.test(p.fieldname))
  ) {
    return false;
  }
  const csv = parts.filter((p) => p.filename.toLowerCase().endsWith('.csv'));
  // A part without a Content-Type is text/plain (RFC 7578).
  const key = parts.filter(
    (p) =>
      p.filename.toLowerCase().endsWith('.txt') && (p.contentType || 'text/plain').startsWith('text/plain'),
  );
  return csv.length === 1 && key.length === 1 && key[0]!.content.length <= maxKeyBytes;
}

/** Generated uploads: parts of the wrong name, type, extension, number or size, and broken framing. */
export function hostileUploads(limits: { maxKeyBytes: number }): fc.Arbitrary<Upload> {
  const parts = fc.array(uploadPart, { minLength: 0, maxLength: 4 }).map((chosen): Upload => ({
    label: `parts ${chosen.map((p) => `${p.fieldname}:${describeValue(p.filename)} ${p.contentType} ${p.content.length} B`).join(', ')}`,
    mustRefuse: !isAcceptableUpload(chosen, limits.maxKeyBytes),
    payload: multipartBody(chosen),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  }));
  const framing = fc.constantFrom<Upload>(
    {
      label: 'truncated multipart',
      mustRefuse: true,
      payload: multipartBody([
        { fieldname: 'myFile', filename: 'a.csv', content: Buffer.from('x') },
      ]).subarray(0, 60),
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    },
    {
      label: 'multipart without a boundary',
      mustRefuse: true,
      payload: multipartBody([{ fieldname: 'myFile', filename: 'a.csv', content: Buffer.from('x') }]),
      contentType: 'multipart/form-data',
    },
    {
      label: 'another boundary than the one announced',
      mustRefuse: true,
      payload: multipartBody(
        [{ fieldname: 'myFile', filename: 'a.csv', content: Buffer.from('x') }],
        'other',
      ),
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    },
    {
      label: 'a JSON body',
      mustRefuse: true,
      payload: Buffer.from('{"myFile":["a.csv","a.txt"]}'),
      contentType: 'application/json',
    },
    {
      label: 'a form-urlencoded body',
      mustRefuse: true,
      payload: Buffer.from('myFile=a.csv'),
      contentType: 'application/x-www-form-urlencoded',
    },
    {
      label: 'only fields, no file',
      mustRefuse: true,
      payload: multipartBody([
        { fieldname: 'myFile', content: Buffer.from('a.csv') },
        { fieldname: 'myFile', content: Buffer.from('a.txt') },
      ]),
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    },
  );
  return fc.oneof({ weight: 4, arbitrary: parts }, { weight: 1, arbitrary: framing });
}

/** Uploads every run sends: a .csv one byte over the limit, and a NUL in a file name. */
export function fixedUploads(limits: { maxCsvBytes: number }): Upload[] {
  const key = {
    fieldname: 'myFile',
    filename: 'archive.txt',
    contentType: 'text/plain',
    content: Buffer.from('key'),
  };
  const csv = {
    fieldname: 'myFile',
    filename: 'archive.csv',
    contentType: 'text/csv',
    content: Buffer.from('a;b'),
  };
  const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
  return [
    {
      label: `a .csv of ${limits.maxCsvBytes + 1} bytes`,
      mustRefuse: true,
      payload: multipartBody([{ ...csv, content: Buffer.alloc(limits.maxCsvBytes + 1, 65) }, key]),
      contentType,
    },
    {
      label: 'a NUL in the .csv file name',
      mustRefuse: true,
      payload: multipartBody([{ ...csv, filename: 'arch\u0000ive.csv' }, key]),
      contentType,
    },
  ];
}
