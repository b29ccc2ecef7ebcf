import type { Channel, Chat, ChatStatus } from '@proxima/contracts'

export const CHANNEL_LABEL: Record<Channel, string> = {
  mobile: 'Mobile app',
  website: 'Website',
  facebook: 'Facebook',
  instagram: 'Instagram',
  whatsapp: 'WhatsApp',
  email: 'Email',
}

export const STATUS_LABEL: Record<ChatStatus, string> = { open: 'Open', pending: 'Pending', resolved: 'Resolved' }

type Named = { first_name?: string | null; last_name?: string | null; username?: string | null }

export const personName = (person: Named | null | undefined): string =>
  person ? [person.first_name, person.last_name].filter(Boolean).join(' ') || person.username || '' : ''

/** The customer: the owner's name, else the visitor's, else what the server calls them. */
export const customerName = (chat: Chat): string =>
  personName(chat.chat_owner) || chat.visitor?.name || chat.display_name || `Chat #${chat.chat_id}`

export const initials = (name: string): string => {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts
  return (
    letters
      .map((part) => part?.[0] ?? '')
      .join('')
      .toUpperCase() || '?'
  )
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate()

/** Time today, else the date (list rows). */
export const shortTime = (iso: string | null | undefined, now: Date): string => {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  if (sameDay(date, now)) return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
  const sameYear = date.getFullYear() === now.getFullYear()
  return date.toLocaleDateString(undefined, sameYear ? { month: 'short', day: 'numeric' } : { dateStyle: 'medium' })
}

export const fullTime = (iso: string | null | undefined): string => {
  if (!iso) return ''
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'medium' })
}

export const clockTime = (iso: string): string =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })

export const dayKey = (iso: string): string => {
  const date = new Date(iso)
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`
}

/** "Today", "Yesterday" or the date, for the separators between days. */
export const dayLabel = (iso: string, now: Date): string => {
  const date = new Date(iso)
  if (sameDay(date, now)) return 'Today'
  const yesterday = new Date(now)
  yesterday.setDate(now.getDate() - 1)
  if (sameDay(date, yesterday)) return 'Yesterday'
  return date.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
}

/** 75000 → "1:15". */
export const formatDuration = (ms: number | null | undefined): string => {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return ''
  const total = Math.max(0, Math.round(ms / 1000))
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`
}
