import { isoRequired } from '../../lib/clock.js'
import type { ChatLine } from './provider.js'
import type { TranscriptRow } from './ai.queries.js'

/** A chat's newest messages handed to a provider (contract §10.2). */
export const TRANSCRIPT_MESSAGES = 200

const SPEAKER = { client: 'customer', tenant: 'agent', tenant_iva: 'assistant' } as const
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim()

function nameOf(row: TranscriptRow, speaker: ChatLine['speaker']): string {
  if (speaker === 'assistant') return 'Virtual assistant'
  const person = `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim()
  if (person) return person
  if (speaker === 'customer') return row.visitor_name ?? row.visitor_contact ?? 'Customer'
  return 'Agent'
}

/** A message as a transcript line: its text, a voice message's transcript, or "[voice message]". */
export function toLine(row: TranscriptRow): ChatLine | null {
  const speaker = SPEAKER[row.message_sender]
  const voice = row.voice_mime_type !== null
  const text =
    oneLine(row.text_content ?? '') || (voice ? oneLine(row.voice_transcript ?? '') || '[voice message]' : '')
  if (!text) return null
  return { speaker, name: nameOf(row, speaker), text, at: isoRequired(row.sent_at) }
}

export const formatLine = (l: ChatLine) => `${l.name}: ${l.text}`

/**
 * The newest lines whose transcript ("Name: text" per line) fits in `maxChars`, oldest first. `rows` come newest
 * first. `overflow` is true when not even the newest message fits.
 */
export function fitTranscript(rows: TranscriptRow[], maxChars: number) {
  const lines: ChatLine[] = []
  let size = 0
  for (const row of rows) {
    const line = toLine(row)
    if (!line) continue
    const add = formatLine(line).length + (lines.length > 0 ? 1 : 0)
    if (size + add > maxChars) break
    lines.push(line)
    size += add
  }
  lines.reverse()
  const overflow = lines.length === 0 && rows.some((r) => toLine(r) !== null)
  return { lines, text: lines.map(formatLine).join('\n'), overflow }
}
