import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { auth } from '../factories.js'
import { chatWorld, send, startChat } from '../chat/helpers.js'

let app: TestApp
let adminToken: string
let chatId: number
/** A cursor of the message list, as the server wrote it. */
let messageCursor: string
beforeAll(async () => {
  app = await buildTestApp()
  const w = await chatWorld(app)
  adminToken = w.adminToken
  chatId = (await startChat(app, w.clientToken, { tenant_id: w.tenantId })).chat_id
  for (const text of ['One', 'Two', 'Three']) await send(app, w.clientToken, chatId, text)
  const page = await app.inject({
    method: 'GET',
    url: `/api/chat/message/?chat_id=${chatId}&limit=1`,
    headers: auth(adminToken),
  })
  messageCursor = page.json<{ pagination: { before_cursor: string } }>().pagination.before_cursor
})
afterAll(async () => {
  await app.shutdown()
})

const INVALID = 'The cursor is not valid for this list.'
const b64 = (text: string) => Buffer.from(text).toString('base64url')
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** The same bytes spelled with the unused low bits of the last character set: base64url decoders accept it. */
function nonCanonical(cursor: string): string {
  const last = ALPHABET.indexOf(cursor.at(-1)!)
  const spelled = `${cursor.slice(0, -1)}${ALPHABET[last | 1]}`
  expect(Buffer.from(spelled, 'base64url')).toEqual(Buffer.from(cursor, 'base64url'))
  expect(spelled).not.toBe(cursor)
  return spelled
}

const get = (url: string) => app.inject({ method: 'GET', url, headers: auth(adminToken) })

describe('list-bound cursors', () => {
  it('answer a page when they are exactly what the server wrote', async () => {
    expect(messageCursor).toBe(b64(`messages:${Buffer.from(messageCursor, 'base64url').toString().split(':')[1]}`))
    const older = await get(`/api/chat/message/?chat_id=${chatId}&limit=1&before=${messageCursor}`)
    expect(older.statusCode).toBe(200)
    expect(older.json().data).toHaveLength(1)
    // `messages:12` has two unused bits in its last character: its canonical spelling is accepted.
    expect((await get(`/api/chat/message/?chat_id=${chatId}&before=${b64('messages:12')}`)).statusCode).toBe(200)
  })

  it('refuse a cursor of another list with 400 on the field', async () => {
    const cases: [string, string][] = [
      [`/api/notifications/?before=${messageCursor}`, 'before'],
      [`/api/notifications/?after=${messageCursor}`, 'after'],
      [`/api/community/events/?before=${messageCursor}`, 'before'],
      [`/api/chat/message/?chat_id=${chatId}&before=${b64('notifications:1')}`, 'before'],
      [`/api/chat/message/?chat_id=${chatId}&after=${b64('community_events:1')}`, 'after'],
    ]
    for (const [url, field] of cases) {
      const res = await get(url)
      expect([url, res.statusCode, res.json()]).toEqual([
        url,
        400,
        { message: INVALID, code: 'validation.failed', errors: { [field]: [INVALID] } },
      ])
    }
  })

  it('refuse any other spelling of a cursor with 400', async () => {
    const spellings = [
      // Built from fixed ids: on a cursor of some lengths an added or removed character spells another id's
      // canonical cursor (`messages:74` + `x` is `messages:741`), which is rightly accepted.
      `${b64('messages:123')}x`, // a trailing character (the `bTQ5x` form)
      `${b64('messages:123')}=`, // padded
      `${b64('messages:123')}==`,
      b64('messages:12').slice(0, -1), // truncated
      nonCanonical(b64('messages:12')), // the same bytes, another base64url spelling
      Buffer.from(`messages:${12}`).toString('base64'), // base64 with padding, not base64url
      `${messageCursor.slice(0, 4)}%20${messageCursor.slice(4)}`,
      b64('messages:0'),
      b64('messages:-1'),
      b64('messages:012'),
      b64('messages:1.5'),
      b64('messages:12:1'),
      b64('messages: 12'),
      b64('Messages:12'),
      b64('messages:99999999999999999999'),
      b64('12'),
      '',
    ]
    for (const cursor of spellings) {
      const res = await get(`/api/chat/message/?chat_id=${chatId}&before=${encodeURIComponent(cursor)}`)
      expect([cursor, res.statusCode, res.json().errors]).toEqual([cursor, 400, { before: [INVALID] }])
    }
  })
})
