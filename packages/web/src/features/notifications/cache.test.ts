import type { Notification } from '@proxima/contracts'
import { describe, expect, it } from 'vitest'
import type { NotificationPage } from './api'
import { holdsNotification, markedRead, patchInfinite, patchPage } from './cache'

const note = (id: number, read = false): Notification => ({
  notification_id: id,
  type: 'chat.created',
  title: 'New chat',
  body: `Customer ${id} started a chat on the website`,
  data: { chat_id: id },
  read,
  read_at: read ? '2026-03-01T10:00:00.000Z' : null,
  created_at: '2026-03-01T09:00:00.000Z',
})

const page = (...items: Notification[]): NotificationPage => ({ data: items, pagination: null })
const AT = '2026-03-02T08:30:00.000Z'

describe('markedRead', () => {
  it('marks a matching unread notification read at the given time', () => {
    expect(markedRead((n) => n.notification_id === 2, AT)(note(2))).toMatchObject({ read: true, read_at: AT })
  })

  it('leaves other notifications and ones already read as they are', () => {
    const mark = markedRead((n) => n.notification_id === 2, AT)
    const other = note(3)
    const earlier = note(2, true)
    expect(mark(other)).toBe(other)
    expect(mark(earlier)).toBe(earlier)
  })
})

describe('patchPage and patchInfinite', () => {
  it('apply a change to every notification of a page', () => {
    const patched = patchPage(
      page(note(1), note(2)),
      markedRead(() => true, AT),
    )
    expect(patched.data.map((n) => n.read)).toEqual([true, true])
  })

  it('apply a change across every loaded page and keep the page cursors', () => {
    const data = { pages: [page(note(4)), page(note(3), note(2))], pageParams: [null, 'cursor-3'] }
    const patched = patchInfinite(
      data,
      markedRead((n) => n.notification_id === 3, AT),
    )
    expect(patched.pageParams).toEqual([null, 'cursor-3'])
    expect(patched.pages.flatMap((p) => p.data.map((n) => [n.notification_id, n.read]))).toEqual([
      [4, false],
      [3, true],
      [2, false],
    ])
  })
})

describe('holdsNotification', () => {
  it('finds a notification in a page or in loaded pages', () => {
    expect(holdsNotification(page(note(1), note(2)), 2)).toBe(true)
    expect(holdsNotification({ pages: [page(note(5)), page(note(4))], pageParams: [null, 'c'] }, 4)).toBe(true)
  })

  it('does not find one that is absent or when nothing is loaded', () => {
    expect(holdsNotification(page(note(1)), 2)).toBe(false)
    expect(holdsNotification(undefined, 2)).toBe(false)
  })
})
