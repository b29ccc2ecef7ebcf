import { finish } from './message.js'
import { applyRules, lowerFirst, reorderClauses, splitCoordination, switchVoice, type PhraseRule } from './rewrite.js'

/** What a sentence does (`classify` in tone.ts): asks for something, tells bad or good news, asks, apologises. */
export type Kind = 'request' | 'letKnow' | 'bad' | 'good' | 'question' | 'sorry' | 'other'
/** A sentence with its kind and, for a request, the verb phrase asked for ("send your address again"). */
export type Sentence = { text: string; kind: Kind; vp: string }

/**
 * The neutral tone: the same register, a different build. Each variant takes its own mix of the structure rules
 * (a subordinate clause moved to the other side, active ↔ passive voice, "X, and we…" split in two, a request
 * asked another way) and a set of phrase swaps that keep the sense ("send … again" ↔ "resend …", "right now" ↔
 * "at the moment"). Single-word synonyms are not swapped: in support text they change the sense too often
 * ("ship" → "transport", "order" → "command").
 */
export function restructure(s: Sentence, k: number, swaps: PhraseRule[]): string {
  if (s.kind === 'letKnow') {
    // An offer ("Please let me know if you need help"), not a request: the clause moves, the form stays.
    const rest = s.vp.replace(/^let (?:me|us) know\s*/i, '')
    const who = /^let us/i.test(s.vp) ? 'us' : 'me'
    const forms = [
      reorderClauses(`Please let ${who} know ${rest}.`),
      /^please\b/i.test(s.text) ? `Just let ${who} know ${rest}.` : `Please let ${who} know ${rest}.`,
    ].filter((f): f is string => !!f && f.toLowerCase() !== s.text.toLowerCase())
    return forms.length ? applyRules(forms[k % forms.length]!, swaps) : s.text
  }
  if (s.kind === 'request') {
    const forms = [`Please ${s.vp}.`, `Could you ${s.vp}?`, `Can you please ${s.vp}?`].filter(
      (f) => f.toLowerCase() !== s.text.toLowerCase(),
    )
    return applyRules(forms[k % forms.length]!, swaps)
  }
  let out = s.text
  const plan = k % 3
  if (plan !== 1) out = reorderClauses(out) ?? out
  if (plan !== 2) out = switchVoice(out) ?? out
  if (plan !== 1) out = splitCoordination(out) ?? splitSharedSubject(out) ?? out
  const pieces = out.split(/(?<=[.!?])\s+/).map((piece) => (plan !== 2 ? (frontTime(piece) ?? piece) : piece))
  out = pieces.join(' ')
  if (plan !== 2 || out === s.text) out = applyRules(out, swaps)
  return out
    .split(/(?<=[.!?])\s+/)
    .map(finish)
    .join(' ')
}

/** "We will send you a new phone tomorrow." → "Tomorrow, we will send you a new phone." */
function frontTime(sentence: string): string | undefined {
  const m =
    /^((?:We|I|You|Your \w+|The \w+|An? \w+|Our \w+) (?:[^,;:]|(?<=\d):(?=\d)){6,}?) (tomorrow|today|tonight|this (?:morning|afternoon|evening|week)|next week)\b((?:[^,;:]|(?<=\d):(?=\d))*?)([.!])$/.exec(
      sentence,
    )
  if (!m) return undefined
  const [, main, when, rest, end] = m as unknown as [string, string, string, string, string]
  if (/\b(?:and|but|or|until|before|after|by|from|of)$/.test(main)) return undefined
  return `${when.charAt(0).toUpperCase()}${when.slice(1)}, ${lowerFirst(main)}${rest}${end}`
}

/** "Your parcel is stuck in Leeds and will arrive on Wednesday." → "… in Leeds. It will arrive on Wednesday." */
function splitSharedSubject(sentence: string): string | undefined {
  const m =
    /^((?:Your|The|This|Our) ([a-z]+) (?:is|was|has) [^,;:]{6,}?) and (will|should|can|may|is|has) ([^,;:]{6,})$/.exec(
      sentence,
    )
  if (!m) return undefined
  const [, left, noun, verb, right] = m as unknown as [string, string, string, string, string]
  if (/s$/.test(noun) && !/ss$/.test(noun)) return undefined // a plural subject would need "They"
  return `${left}. It ${verb} ${right}`
}
