/** "(3) " or "(99+) " at the start of a title: the count this module put there. */
const COUNT_PREFIX = /^\(\d+\+?\) /

/** What the badge shows: the count, or 99+ above that. */
export const unreadBadge = (count: number): string => (count > 99 ? '99+' : String(count))

/**
 * The tab title with the unread count in front ("(3) Proxima"), whatever the page called itself: an earlier count
 * is replaced, and no count is shown when nothing is unread.
 */
export const titleWithUnread = (title: string, count: number): string => {
  const base = title.replace(COUNT_PREFIX, '')
  const whole = Math.max(0, Math.floor(count))
  return whole > 0 ? `(${unreadBadge(whole)}) ${base}` : base
}
