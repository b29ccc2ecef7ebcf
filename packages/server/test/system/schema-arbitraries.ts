import fc, { type Arbitrary } from 'fast-check'

/** The part of JSON Schema (as the OpenAPI document writes it) that the generators read. */
export type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  items?: JsonSchema
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minItems?: number
  maxItems?: number
  pattern?: string
  format?: string
  $ref?: string
}

/** Ids the generators may name: real rows of the caller's tenant and of another tenant. */
export type IdPool = { own: number[]; foreign: number[] }

const LONE_SURROGATES = ['\ud800', 'a\udc00b', '\udfff\ud800', 'x\ud83d']
const ODD_TEXT = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '\u202e\u2066evil',
  '\ufeffbom',
  '\u200b\u200d',
  '😀👩‍👩‍👧‍👦',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  "'; DROP TABLE users; --",
  '%s%n%x',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\\',
  '"',
  '%00',
  'null',
  'NaN',
  '-0',
  '1e309',
  '0x10',
  '+1',
  '٣',
  'OPEN',
  'Open ',
  '2024-02-30',
  '0000-01-01',
  '10000-01-01T00:00:00Z',
  '1970-01-01T00:00:00+99:99',
  '9999-12-31T23:59:59.999999999Z',
  '__proto__',
  'constructor',
]
const ODD_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  1.5,
  -2.75,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  5e-324,
]

export const loneSurrogate = fc.constantFrom(...LONE_SURROGATES)

/** A string far longer than any field allows (up to about 300 kB once encoded). */
export const hugeString = fc
  .tuple(fc.constantFrom('x', 'é', '😀', '\ud800', 'ab\u0000'), fc.integer({ min: 5_000, max: 100_000 }))
  .map(([unit, n]) => unit.repeat(n))

/** Values nested deeper than any document needs, sometimes beyond the server's depth guard. */
export const deepValue = fc
  .tuple(fc.integer({ min: 8, max: 120 }), fc.constantFrom('array', 'object'))
  .map(([depth, kind]) => {
    let v: unknown = 1
    for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v }
    return v
  })

/** Text that is wrong in content rather than in type. */
export const oddString: Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ODD_TEXT),
  loneSurrogate,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 200, maxLength: 600 }),
  hugeString,
)

export const oddNumber: Arbitrary<number> = fc.oneof(
  fc.constantFrom(...ODD_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
)

/** Any JSON value, junk of every shape. */
export const junk: Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  fc.constant(null),
  fc.boolean(),
  oddNumber,
  oddString,
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.oneof(oddString, oddNumber), { maxLength: 5 }),
  fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor')), oddString, {
    maxKeys: 4,
  }),
  deepValue,
)

function types(schema: JsonSchema): string[] {
  if (schema.type === undefined) return []
  return Array.isArray(schema.type) ? schema.type : [schema.type]
}

/** Whether a field carries a row id: its values are drawn from the id pool as well. */
export function isIdField(name: string): boolean {
  return name === 'id' || name.endsWith('_id') || name === 'assignee' || name === 'chat_owner'
}

/** Strings the schema accepts by length that are still awkward: odd code points, white space, edges of length. */
function edgeStrings(schema: JsonSchema): string[] {
  const max = schema.maxLength ?? 200
  const min = schema.minLength ?? 0
  const fit = (unit: string) => unit.repeat(Math.max(1, Math.floor(Math.max(min, Math.min(max, 5000)) / unit.length)))
  if (schema.format === 'date-time') {
    return [
      '0001-01-01T00:00:00Z',
      '0001-01-01T00:00:00.000+14:00',
      '9999-12-31T23:59:59.999Z',
      '9999-12-31T23:59:59.999-12:00',
      '1970-01-01T00:00:00Z',
      '2024-02-29T23:59:60Z',
      '2038-01-19T03:14:08Z',
    ]
  }
  if (schema.format === 'date') return ['0001-01-01', '9999-12-31', '1970-01-01', '2024-02-29']
  return [
    fit('😀'),
    fit('e\u0301'),
    fit('\u202e'),
    fit('\u200b'),
    fit(' '),
    fit('\ud800'),
    fit('\u2028'),
    fit('%'),
    fit("'"),
    fit('\\'),
    `${'a'.repeat(Math.max(min - 1, 0))}\udc00`,
    'x'.repeat(Math.min(max, 100_000)),
    ` ${'y'.repeat(Math.max(min, 1))} `,
  ].filter((v) => v.length >= min && v.length <= max)
}

function stringArb(schema: JsonSchema, edge: boolean): Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? 40, 60)
  const min = Math.min(schema.minLength ?? 0, max)
  const plain = plainString(schema, min, max)
  const edges = edge && !schema.pattern && !['email', 'uri'].includes(schema.format ?? '') ? edgeStrings(schema) : []
  return edges.length > 0 ? fc.oneof(plain, fc.constantFrom(...edges)) : plain
}

function plainString(schema: JsonSchema, min: number, max: number): Arbitrary<string> {
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
  if (schema.format === 'date') {
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10))
  }
  if (schema.format === 'email') return fc.emailAddress()
  if (schema.format === 'uri') return fc.webUrl()
  if (schema.pattern) {
    try {
      const re = new RegExp(schema.pattern, 'u')
      return fc
        .stringMatching(re, { size: 'small' })
        .map((s) => s.slice(0, schema.maxLength ?? s.length))
        .filter((s) => s.length >= min)
    } catch {
      // A pattern the generator cannot read: plain text will do.
    }
  }
  return fc.string({ minLength: min, maxLength: max })
}

function integerArb(schema: JsonSchema, name: string, ids: IdPool, edge: boolean): Arbitrary<number> {
  const lo = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1000)
  const hi = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : (schema.maximum ?? 1000)
  const small = fc.integer({ min: Math.max(lo, -1000), max: Math.max(Math.min(hi, 1000), Math.max(lo, -1000)) })
  const bounds = [lo, hi, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1, -(2 ** 31) - 1, 0].filter(
    (n) => n >= lo && n <= hi,
  )
  const edges = edge && bounds.length > 0 ? [fc.constantFrom(...bounds)] : []
  if (!isIdField(name)) return fc.oneof(small, ...edges)
  return fc.oneof(fc.constantFrom(...ids.own, ...ids.foreign), small, ...edges)
}

function numberArb(schema: JsonSchema, edge: boolean): Arbitrary<number> {
  const min = schema.minimum ?? -1e6
  const max = schema.maximum ?? 1e6
  const plain = fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
  if (!edge) return plain
  const bounds = [min, max, 0.005, 0.015, 1e-9, 0.1 + 0.2, 9_999_999.995, 2 ** 53 + 1].filter(
    (n) => n >= min && n <= max,
  )
  return fc.oneof(plain, fc.constantFrom(...bounds))
}

/**
 * Values that satisfy the schema as far as a generator can tell (patterns and formats may still be refused by
 * the server's own rules): the base that hostile mutations start from, so that they reach past validation.
 * With `edge`, leaves are often awkward but allowed: boundary numbers, odd code points, maximal lengths.
 */
export function validArb(schema: JsonSchema, ids: IdPool, name = '', depth = 0, edge = false): Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const options = schema.anyOf ?? schema.oneOf
  if (options) return fc.oneof(...options.map((s) => validArb(s, ids, name, depth, edge)))
  if (schema.allOf) return validArb(Object.assign({}, ...schema.allOf, { allOf: undefined }), ids, name, depth, edge)
  if (schema.$ref || types(schema).length === 0) return fc.jsonValue({ maxDepth: 2 })
  const alternatives = types(schema).map((type): Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return stringArb(schema, edge)
      case 'integer':
        return integerArb(schema, name, ids, edge)
      case 'number':
        return numberArb(schema, edge)
      case 'boolean':
        return fc.boolean()
      case 'null':
        return fc.constant(null)
      case 'array':
        if (depth > 4) return fc.constant([])
        return fc.array(validArb(schema.items ?? {}, ids, name, depth + 1, edge), {
          minLength: Math.min(schema.minItems ?? 0, 3),
          maxLength: Math.min(schema.maxItems ?? 3, 3),
        })
      case 'object':
        return objectArb(schema, ids, depth, edge)
      default:
        return fc.jsonValue({ maxDepth: 1 })
    }
  })
  return alternatives.length === 1 ? alternatives[0]! : fc.oneof(...alternatives)
}

function objectArb(schema: JsonSchema, ids: IdPool, depth: number, edge = false): Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {}
  const model: Record<string, Arbitrary<unknown>> = {}
  for (const [key, sub] of Object.entries(properties)) model[key] = validArb(sub, ids, key, depth + 1, edge)
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) })
}

/** A value of the wrong kind for the schema: other types, odd text, huge, deep, invalid enum members. */
export function hostileArb(schema: JsonSchema, ids: IdPool, name = ''): Arbitrary<unknown> {
  const t = types(schema)
  const wrongType: Arbitrary<unknown>[] = [junk]
  if (!t.includes('string')) wrongType.push(oddString, fc.integer().map(String))
  if (!t.includes('integer') && !t.includes('number')) wrongType.push(oddNumber)
  if (!t.includes('boolean')) wrongType.push(fc.boolean(), fc.constantFrom('true', 'yes', 1, 0))
  if (!t.includes('array')) wrongType.push(fc.array(junk, { maxLength: 3 }))
  if (!t.includes('object')) wrongType.push(fc.dictionary(fc.string({ maxLength: 6 }), junk, { maxKeys: 3 }))
  if (t.includes('integer') || t.includes('number') || isIdField(name)) {
    wrongType.push(
      oddNumber,
      fc.constantFrom('1', '1.0', '01', ' 1', '1 ', '1e3', '0x1f', '99999999999999999999', '-5', ''),
      fc.constantFrom(...ids.foreign),
    )
  }
  if (schema.enum) {
    wrongType.push(
      fc.constantFrom(...schema.enum).map((v) => (typeof v === 'string' ? `${v.toUpperCase()} ` : v)),
      fc.constantFrom('', 'none', 'ALL', 'unknown', '*'),
    )
  }
  if (t.includes('string')) {
    wrongType.push(
      oddString,
      fc.constant('x'.repeat((schema.maxLength ?? 10_000) + 1)),
      fc.constant(' '.repeat(Math.max(schema.minLength ?? 1, 1))),
    )
  }
  if (t.includes('array') && schema.items) {
    wrongType.push(fc.array(hostileArb(schema.items, ids), { minLength: 1, maxLength: 3 }))
    wrongType.push(fc.array(junk, { minLength: (schema.maxItems ?? 200) + 1, maxLength: (schema.maxItems ?? 200) + 1 }))
  }
  if (t.includes('object') && schema.properties) {
    wrongType.push(mutatedObject(schema, ids), fc.array(objectArb(schema, ids, 1), { minLength: 1, maxLength: 2 }))
  }
  return fc.oneof(...wrongType)
}

/**
 * An object shaped like the schema with one or more defects: a field of the wrong kind, required fields left
 * out, unknown fields added, or fields set to null.
 */
export function mutatedObject(schema: JsonSchema, ids: IdPool): Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(schema.properties ?? {})
  const base = objectArb(schema, ids, 0)
  const extraKeys = fc.dictionary(
    fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom('__proto__', 'tenant_id', 'id', 'user_type')),
    junk,
    { minKeys: 1, maxKeys: 4 },
  )
  const strategies: Arbitrary<Record<string, unknown>>[] = [
    base.chain((obj) => extraKeys.map((extra) => ({ ...obj, ...extra }))),
  ]
  if (keys.length > 0) {
    strategies.push(
      fc
        .tuple(base, fc.subarray(keys, { minLength: 1, maxLength: Math.min(3, keys.length) }))
        .chain(([obj, picked]) =>
          fc
            .tuple(...picked.map((k) => hostileArb(schema.properties![k]!, ids, k)))
            .map((values) => ({ ...obj, ...Object.fromEntries(picked.map((k, i) => [k, values[i]])) })),
        ),
      fc.tuple(base, fc.subarray(keys, { minLength: 1 })).map(([obj, picked]) => {
        const copy = { ...obj }
        for (const k of picked) delete copy[k]
        return copy
      }),
      fc.tuple(base, fc.subarray(keys, { minLength: 1 })).map(([obj, picked]) => ({
        ...obj,
        ...Object.fromEntries(picked.map((k) => [k, null])),
      })),
    )
  }
  return fc.oneof(...strategies)
}

/** Rewrites every string of a JSON value (object keys included) with `poison`. */
export function poisonStrings(value: unknown, poison: (text: string) => string): unknown {
  if (typeof value === 'string') return poison(value)
  if (Array.isArray(value)) return value.map((v) => poisonStrings(v, poison))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poisonStrings(v, poison)]))
  }
  return value
}

/** Ways to spoil text while keeping its length: the schema still accepts it, storage or case rules may not. */
export const POISONS: Record<string, (text: string) => string> = {
  'a lone surrogate at the end of every text': (t) => (t.length > 0 ? `${t.slice(0, -1)}\ud800` : t),
  'a lone low surrogate at the start of every text': (t) => (t.length > 0 ? `\udc00${t.slice(1)}` : t),
  'letters whose case changes their length': (t) => t.replace(/[a-z]/g, 'İ').replace(/[A-Z]/g, 'ß'),
  'combining marks and bidi controls': (t) => t.replace(/[a-z]/gi, '\u0301').replace(/\d/g, '\u202e'),
}
