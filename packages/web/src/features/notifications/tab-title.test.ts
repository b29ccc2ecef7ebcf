import { describe, expect, it } from 'vitest'
import { titleWithUnread, unreadBadge } from './tab-title'

describe('titleWithUnread', () => {
  it('puts the unread count in front of the page title', () => {
    expect(titleWithUnread('Proxima', 3)).toBe('(3) Proxima')
  })

  it('leaves the title alone when nothing is unread', () => {
    expect(titleWithUnread('Proxima', 0)).toBe('Proxima')
  })

  it('replaces an earlier count instead of adding a second one', () => {
    expect(titleWithUnread('(3) Chats · Proxima', 4)).toBe('(4) Chats · Proxima')
    expect(titleWithUnread('(99+) Proxima', 2)).toBe('(2) Proxima')
  })

  it('removes the count once everything is read', () => {
    expect(titleWithUnread('(12) Proxima', 0)).toBe('Proxima')
  })

  it('keeps a page title that merely starts with a number in brackets', () => {
    expect(titleWithUnread('(Draft) Proxima', 1)).toBe('(1) (Draft) Proxima')
  })

  it('shortens counts above 99 to 99+', () => {
    expect(titleWithUnread('Proxima', 100)).toBe('(99+) Proxima')
  })

  it('treats a negative or fractional count as what it rounds down to, never below nothing', () => {
    expect(titleWithUnread('(5) Proxima', -1)).toBe('Proxima')
    expect(titleWithUnread('Proxima', 2.7)).toBe('(2) Proxima')
  })
})

describe('unreadBadge', () => {
  it('shows the exact count up to 99', () => {
    expect(unreadBadge(1)).toBe('1')
    expect(unreadBadge(99)).toBe('99')
  })

  it('shows 99+ above that', () => {
    expect(unreadBadge(100)).toBe('99+')
    expect(unreadBadge(5000)).toBe('99+')
  })
})
