/** A topic as automatic detection sees it. */
export type DetectableTopic = { id: number; name: string; keywords: string[] }

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The first topic, in name order, one of whose keywords occurs in the text as a whole word or phrase,
 * ignoring case. "Whole word" means not preceded or followed by a letter, digit or underscore.
 */
export function detectTopic<T extends DetectableTopic>(text: string, topics: T[]): T | undefined {
  const sorted = [...topics].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id)
  for (const topic of sorted) {
    for (const keyword of topic.keywords) {
      const k = keyword.trim()
      if (!k) continue
      const re = new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(k)}(?![\\p{L}\\p{N}_])`, 'iu')
      if (re.test(text)) return topic
    }
  }
  return undefined
}
