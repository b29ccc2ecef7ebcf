import fc, { type Arbitrary } from 'fast-check'
import { mp3, multipart, PNG, wav, type FilePart } from '../media/helpers.js'
import { encodeAny, urlOf, type Operation, type Parameter } from './openapi-routes.js'
import {
  deepValue,
  hostileArb,
  isIdField,
  junk,
  mutatedObject,
  oddString,
  poisonStrings,
  POISONS,
  validArb,
  type IdPool,
} from './schema-arbitraries.js'

/** One generated request, before the caller's token is added. */
export type HostileRequest = {
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
  /** What kind of defect the body carries, for the failure report. */
  bodyKind: string
}

const JSON_TYPE = 'application/json'
const WRONG_TYPES = [
  'text/plain',
  'text/html',
  'application/xml',
  'application/octet-stream',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'APPLICATION/JSON',
  'application/json;;;',
  'application/vnd.api+json',
  'application/*',
  '*/*',
  ';',
]
const MALFORMED_JSON = [
  '{',
  '}',
  '{"a":}',
  '[1,]',
  "{'a':1}",
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  'NaN',
  'undefined',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\x00"}',
  '{"a":"\\u"}',
  '{"a":1e999999}',
  '{"a":-1e999999}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '"just a string"',
  '[',
  '[]',
  '0',
  'true',
  'null',
  `{"a":${'9'.repeat(5000)}}`,
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  '{"a":1,"a":"twice"}',
  ' \n\t ',
]
const RAW_BYTES = [
  Buffer.from([0xff, 0xfe, 0xfd]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), // {"a":"\xc3("}
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]), // {"a":"<CESU surrogate>"}
  Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), // UTF-8 BOM then {}
  Buffer.alloc(64, 0),
]
/** Path segments for an id that is not a positive integer of the API's range, already encoded. */
const ODD_IDS = [
  '-1',
  '0',
  '00',
  '01',
  '+1',
  '1.5',
  '1e3',
  '0x10',
  ' 1',
  '%201',
  '1%20',
  '9007199254740992',
  '9007199254740993',
  '99999999999999999999',
  '1'.repeat(400),
  '2147483648',
  '-9223372036854775809',
  'abc',
  'null',
  'NaN',
  'Infinity',
  '%00',
  '1%00',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '%D9%A3',
  '%zz',
  '%',
  '1%2F2',
  '..',
  '1;drop',
  '1,2',
  '[1]',
  '%7B%7D',
]
const RAW_QUERIES = ['%', '%zz', '&&&', '=&=', 'a[b]=c', 'a[]=1&a[]=2', '%00=%00', 'x=%ED%A0%80', '?', '#frag']

/** A value for a query parameter, as the raw (encoded) text of the query string. */
function queryValueArb(param: Parameter, ids: IdPool): Arbitrary<string[]> {
  const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))
  const one = fc.oneof(
    { weight: 3, arbitrary: validArb(param.schema, ids, param.name, 0, true).map(text) },
    { weight: 3, arbitrary: hostileArb(param.schema, ids, param.name).map(text) },
    { weight: 1, arbitrary: oddString },
    {
      weight: 1,
      arbitrary: fc
        .tuple(validArb(param.schema, ids, param.name), fc.constantFrom(...Object.values(POISONS)))
        .map(([v, poison]) => poison(text(v))),
    },
    ...(isIdField(param.name) ? [{ weight: 2, arbitrary: fc.constantFrom(...ids.foreign).map(String) }] : []),
  )
  return fc.oneof(
    { weight: 5, arbitrary: one.map((v) => [encodeAny(v)]) },
    { weight: 1, arbitrary: fc.array(one, { minLength: 2, maxLength: 4 }).map((vs) => vs.map(encodeAny)) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_IDS).map((v) => [v]) },
  )
}

function queryArb(op: Operation, ids: IdPool): Arbitrary<string> {
  const params = op.queryParams
  // A required parameter is left out one time in eight, an optional one every other time.
  const chosen = params.map((p) =>
    fc
      .option(queryValueArb(p, ids), { freq: p.required ? 8 : 2, nil: undefined })
      .map((values) => (values ?? []).map((v) => `${encodeURIComponent(p.name)}=${v}`)),
  )
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant([] as string[]) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES).map((q) => [q]) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('tenant_id', 'limit', 'offset', 'sort', 'x', 'search', '__proto__'), oddString)
        .map(([k, v]) => [`${k}=${encodeAny(v)}`]),
    },
    ...params.map((p) => ({
      weight: 1,
      arbitrary: fc
        .constantFrom(`${p.name}[]=1`, `${p.name}[a]=b`, p.name, `${p.name}=`, `${p.name}==`)
        .map((q) => [q]),
    })),
  )
  return fc.tuple(fc.tuple(...chosen), extra).map(([parts, more]) => [...parts.flat(), ...more].join('&'))
}

function pathValuesArb(op: Operation, ids: IdPool): Arbitrary<Record<string, string>> {
  const values = op.pathParams.map((p) =>
    fc
      .oneof(
        { weight: 2, arbitrary: fc.constantFrom(...ids.own).map(String) },
        { weight: 2, arbitrary: fc.constantFrom(...ids.foreign).map(String) },
        { weight: 3, arbitrary: fc.constantFrom(...ODD_IDS) },
        { weight: 1, arbitrary: oddString.filter((s) => s.length < 2000).map(encodeAny) },
      )
      .map((v) => [p.name, v] as const),
  )
  return fc.tuple(...values).map((entries) => Object.fromEntries(entries))
}

type Body = { payload?: string | Buffer; contentType?: string; bodyKind: string }

const FILES: FilePart[] = [
  { name: 'audio', filename: 'a.wav', contentType: 'audio/wav', data: wav(0.2) },
  { name: 'audio', filename: 'a.mp3', contentType: 'audio/mpeg', data: mp3(4) },
  { name: 'audio', filename: 'a.png', contentType: 'audio/wav', data: PNG },
  { name: 'audio', filename: '', contentType: 'audio/wav', data: Buffer.alloc(0) },
  { name: 'audio', filename: '../../x.wav', contentType: 'text/html', data: Buffer.from('<html>') },
  { name: 'photo', filename: 'a.wav', contentType: 'audio/wav', data: wav(0.1) },
]

/** Multipart forms with odd fields and files (the voice upload reads them; every other route must refuse them). */
function multipartArb(ids: IdPool): Arbitrary<Body> {
  const text = fc.oneof(
    fc.constantFrom(...ids.own, ...ids.foreign).map(String),
    fc.constantFrom('-1', '0', '1.5', '2147483648', '9007199254740993', '1e3', '', ' '),
    oddString.filter((v) => v.length < 70_000),
  )
  const fields = fc.dictionary(
    fc.constantFrom('chat_id', 'duration_ms', 'client_message_id', 'text_content', 'audio', 'x'),
    text,
    { maxKeys: 5 },
  )
  return fc
    .tuple(fields, fc.subarray(FILES, { maxLength: 2 }))
    .map(([f, files]) => ({ ...multipart(f, files), bodyKind: 'multipart form' }))
}

const serialise = (value: unknown) => JSON.stringify(value) ?? 'null'

function bodyArb(op: Operation, ids: IdPool): Arbitrary<Body> {
  const schema = op.bodySchema
  const json = (kind: string, arb: Arbitrary<unknown>) =>
    arb.map((v): Body => ({ payload: serialise(v), contentType: JSON_TYPE, bodyKind: kind }))
  const common = [
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...MALFORMED_JSON, ...RAW_BYTES)
        .map((payload): Body => ({ payload, contentType: JSON_TYPE, bodyKind: 'malformed JSON' })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...WRONG_TYPES), fc.oneof(junk.map(serialise), oddString, fc.constant('a=1&b=%zz')))
        .map(([contentType, payload]): Body => ({ payload, contentType, bodyKind: `content type ${contentType}` })),
    },
    { weight: 1, arbitrary: json('deep nesting', deepValue) },
    { weight: 1, arbitrary: multipartArb(ids) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        { bodyKind: 'no body' },
        { payload: '', contentType: JSON_TYPE, bodyKind: 'empty JSON body' },
        { payload: '{}', bodyKind: 'JSON without a content type' },
      ),
    },
  ]
  if (!schema) return fc.oneof({ weight: 6, arbitrary: fc.constant<Body>({ bodyKind: 'no body' }) }, ...common)
  return fc.oneof(
    { weight: 5, arbitrary: json('mutated object', mutatedObject(schema, ids)) },
    { weight: 2, arbitrary: json('wrong type', hostileArb(schema, ids)) },
    { weight: 4, arbitrary: json('valid-looking', validArb(schema, ids, '', 0, true)) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(validArb(schema, ids), fc.constantFrom(...Object.keys(POISONS)))
        .map(([value, poison]): Body => ({
          payload: serialise(poisonStrings(value, POISONS[poison]!)),
          contentType: JSON_TYPE,
          bodyKind: poison,
        })),
    },
    { weight: 1, arbitrary: json('array of objects', fc.array(validArb(schema, ids), { minLength: 1, maxLength: 3 })) },
    ...common,
  )
}

const extraHeadersArb: Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('idempotency-key', 'x-request-id', 'accept', 'accept-language', 'if-none-match', 'origin'),
        fc.oneof(
          fc.constantFrom('', ' ', '*', '../../', 'x'.repeat(300), 'null', 'text/html;q=abc', 'http://evil.example'),
          fc.string({ unit: 'binary-ascii', maxLength: 60 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
        ),
      )
      .map(([name, value]) => ({ [name]: value })),
  },
)

/** Hostile requests for one operation: odd ids in the path, odd query values, defective bodies and headers. */
export function hostileRequestArb(op: Operation, ids: IdPool): Arbitrary<HostileRequest> {
  return fc
    .tuple(pathValuesArb(op, ids), queryArb(op, ids), bodyArb(op, ids), extraHeadersArb)
    .map(([pathValues, query, body, extra]) => ({
      url: urlOf(op, pathValues, query),
      headers: { ...extra, ...(body.contentType !== undefined ? { 'content-type': body.contentType } : {}) },
      ...(body.payload !== undefined ? { payload: body.payload } : {}),
      bodyKind: body.bodyKind,
    }))
}
