import type { ChatLine } from '../provider.js'
import { cosine, type Vector } from './rank.js'
import { squash } from './text.js'

/** The summariser's building blocks, shared by the ranking (`summarize.ts`) and the write-up (`write.ts`). */

/** One sentence of the chat, with who said it and how it ranks. */
export type Unit = {
  text: string
  speaker: ChatLine['speaker']
  name: string
  message: number
  stems: string[]
  facts: number
  vector: Vector
  /** Similarity rank with the speaker's weight, before the adjustments. */
  rank: number
  score: number
}

export const REQUEST =
  /\b(?:i want|i['’]d like|i would like|i need|i['’]m trying|i am trying|i can['’]?t|i cannot|i couldn['’]t|can you|could you|would you|please|help me|how (?:do|can|long|much)|where is|when will|why (?:was|did|is|am|does|do)|i haven['’]t|i have not|i never|not (?:received|arrived|working)|doesn['’]t work|isn['’]t working|keeps? (?:crashing|failing)|(?:nothing|never|not|hasn['’]t|haven['’]t) (?:has )?(?:arrived|came|come|received|shown up)|wrong|refund|cancel|return|replace|change|charged)\b/i
export const SMALL_TALK =
  /^(?:hi|hello|hey|good (?:morning|afternoon|evening)|thanks?|thank you|ok(?:ay)?|great|perfect|cool|bye|goodbye|cheers|you['’]re welcome|no problem|sure|yes|no|np)\b[^.!?]{0,30}[.!?]*$/i

/** The best sentences, skipping near-repeats, back in chat order. */
export function pickKeyPoints(units: Unit[], max: number): Unit[] {
  const picked: Unit[] = []
  const ranked = [...units].sort((a, b) => b.score - a.score || units.indexOf(a) - units.indexOf(b))
  for (const u of ranked) {
    if (picked.length >= max) break
    if (u.stems.length < 2 && units.length > max) continue
    if (picked.some((p) => cosine(p.vector, u.vector) > 0.6 || squash(p.text) === squash(u.text))) continue
    picked.push(u)
  }
  return picked.sort((a, b) => units.indexOf(a) - units.indexOf(b))
}
