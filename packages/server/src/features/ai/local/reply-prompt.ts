/**
 * Reading a drafting prompt: what kind of text to write and, for a reply, what it must do, in the prompt's order.
 * "Write a reply apologising that the refund is late and promising it by Friday" gives a reply with two acts:
 * apologise ("that the refund is late") and promise ("it by Friday").
 */

export type Kind = 'reply' | 'description' | 'announcement' | 'general'
export type ActName =
  | 'apologise'
  | 'thank'
  | 'explain'
  | 'steps'
  | 'tell'
  | 'confirm'
  | 'decline'
  | 'offer'
  | 'promise'
  | 'ask'
  | 'remind'
  | 'reassure'
  | 'invite'
  | 'welcome'
  | 'give'
/** An act and the words the prompt gives it: ("promise", "it by Friday"). */
export type Act = { act: ActName; text: string }
export type PromptPlan = { kind: Kind; acts: Act[]; about?: string }

const ACT_WORDS: [ActName, string][] = [
  ['apologise', String.raw`apologi[sz](?:e|es|ing)|say(?:ing)? sorry|sorry|(?:an |with an )?apology`],
  ['thank', String.raw`thank(?:s|ing)?`],
  [
    'steps',
    String.raw`(?:giv(?:e|es|ing)|list(?:s|ing)?|provid(?:e|es|ing)|includ(?:e|es|ing)|with|walk(?:s|ing)? (?:\w+ )?through)(?: \w+)? (?:the |clear |simple |some )?(?:steps|instructions)`,
  ],
  ['explain', String.raw`explain(?:s|ing)?|clarify(?:ing)?|describ(?:e|es|ing)`],
  [
    'tell',
    String.raw`tell(?:s|ing)?|inform(?:s|ing)?|let(?:s|ting)? (?:\w+ ){1,2}know|notify(?:ing)?|say(?:s|ing)?|mention(?:s|ing)?|updat(?:e|ing) (?:them|him|her|the customer)`,
  ],
  ['confirm', String.raw`confirm(?:s|ing)?`],
  ['decline', String.raw`declin(?:e|es|ing)|refus(?:e|es|ing)|reject(?:s|ing)?|deny(?:ing)?|turn(?:s|ing)? down`],
  ['offer', String.raw`offer(?:s|ing)?|propos(?:e|es|ing)|suggest(?:s|ing)?`],
  ['promise', String.raw`promis(?:e|es|ing)|guarantee(?:s|ing)?|commit(?:s|ting)? to|assur(?:e|es|ing)`],
  ['ask', String.raw`ask(?:s|ing)?|request(?:s|ing)?`],
  ['remind', String.raw`remind(?:s|ing)?`],
  ['reassure', String.raw`reassur(?:e|es|ing)`],
  ['invite', String.raw`invit(?:e|es|ing)|encourag(?:e|es|ing)`],
  ['welcome', String.raw`welcom(?:e|es|ing)`],
  ['give', String.raw`giv(?:e|es|ing)|shar(?:e|es|ing)|provid(?:e|es|ing)|send(?:s|ing)?|includ(?:e|es|ing)|with`],
]
const ACT = new RegExp(ACT_WORDS.map(([, w]) => `(\\b(?:${w})\\b)`).join('|'), 'gi')
// An act starts a clause: at the start, after punctuation or a joining word, or after the text to write.
const CLAUSE_START =
  /(?:^|[,;:.!]\s*|\b(?:and|then|also|but|while|plus|to|reply|response|message|e-?mail|answer|note|customer|client|them|him|her)\s+)(?:(?:also|then|politely|briefly|kindly|clearly|sincerely|warmly)\s+)?$/i
const AFTER_NAME = /\b\p{Lu}\p{Ll}+\s+$/u
const HEADER =
  /^(?:please\s+)?(?:(?:write|draft|compose|create|prepare|send|give me|suggest|respond|answer)\s+)?(?:(?:an?|the|our|my)\s+)?(?:(?:short|brief|quick|polite|friendly|formal|warm|kind|professional|empathetic|helpful|clear)\s+(?:and\s+)?)*(?:reply|response|answer|message|e-?mail|note|text)?(?:\s+(?:to|for)\s+(?:the\s+|our\s+|this\s+|an?\s+)?(?:(?:upset|angry|frustrated|unhappy|happy|new|loyal)\s+)?(?:customer|client|user|buyer|them|him|her)\b)?\s*[:,.-]?\s*/i
const TO_NAME = /^(?:to|for)\s+(?:(?:Mr|Mrs|Ms|Dr)\.?\s+)?\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?\s*[:,.-]?\s*/u

export function kindOf(prompt: string): Kind {
  if (
    /\b(?:product description|describe (?:the|our|a|this) (?:product|item)|product page|listing|blurb)\b/i.test(prompt)
  )
    return 'description'
  if (/\b(?:announce|announcement|newsletter|release notes?|blog post)\b/i.test(prompt)) return 'announcement'
  if (/\bdescription\b/i.test(prompt) && !/\breply|respon/i.test(prompt)) return 'description'
  return 'reply'
}

// Texting shorthand in a prompt, spelt out so the acts and their words read normally.
const SHORTHAND: Record<string, string> = {
  pls: 'please',
  plz: 'please',
  thx: 'thanks',
  u: 'you',
  ur: 'your',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tomoz: 'tomorrow',
  msg: 'message',
  asap: 'as soon as possible',
  cant: "can't",
  wont: "won't",
  dont: "don't",
  didnt: "didn't",
  doesnt: "doesn't",
  isnt: "isn't",
  im: "I'm",
  ive: "I've",
  b4: 'before',
  bc: 'because',
  coz: 'because',
  abt: 'about',
}
export const spellOut = (text: string) =>
  text.replace(/\b[a-z][a-z0-9]*\b/gi, (w) => (/^[a-z0-9]+$/.test(w) && SHORTHAND[w]) || w)

export function readPrompt(input: string): PromptPlan {
  const prompt = spellOut(input)
  const kind = kindOf(prompt)
  const found: { act: ActName; at: number; verbEnd: number }[] = []
  for (const m of prompt.matchAll(ACT)) {
    const group = m.slice(1).findIndex((g) => g !== undefined)
    const before = prompt.slice(0, m.index)
    if (!CLAUSE_START.test(before) && !AFTER_NAME.test(before)) continue
    // "ask them to confirm…": an act inside another act's infinitive is part of that act.
    if (
      found.length &&
      /\bto\s+$/i.test(before) &&
      !/\b(?:reply|respond|write|customer|them|him|her)\s+to\s+$/i.test(before)
    )
      continue
    found.push({ act: ACT_WORDS[group]![0], at: m.index, verbEnd: m.index + m[0].length })
  }
  const acts: Act[] = found.map((f, i) => {
    const end = found[i + 1]?.at ?? prompt.length
    const text = prompt
      .slice(f.verbEnd, end)
      .replace(/(?:[,;]|\s)*(?:\b(?:and|then|also|but|while|to)\b\s*)*$/i, '')
      .replace(/[.!]+\s*$/, '')
      .trim()
    return { act: f.act, text }
  })
  // "confirming the cancellation and that they will not be charged again": two things to confirm.
  for (let i = 0; i < acts.length; i++) {
    const [head, ...more] = acts[i]!.text.split(/,?\s+and\s+(?=(?:that|what|when|how|why|until when|where)\s)/i)
    if (more.length && head)
      acts.splice(i, 1, { ...acts[i]!, text: head }, ...more.map((t) => ({ act: acts[i]!.act, text: t })))
  }
  const lead = prompt.slice(0, found[0]?.at ?? prompt.length)
  const rest = lead.replace(HEADER, '').replace(TO_NAME, '').trim()
  let about: string | undefined
  const aboutMatch = /\b(?:about|regarding|on|for|concerning)\s+(.{3,})$/i.exec(lead)
  if (aboutMatch) about = aboutMatch[1]!.replace(/[\s,.;:]*(?:and|by|while)?\s*$/i, '').trim()
  // "Reply to the customer: the item is back in stock" has nothing but a message to pass on.
  if (!acts.length && rest && !aboutMatch && /\s/.test(rest) && !/^(?:a|an|the)\s+\w+$/i.test(rest))
    acts.push({ act: 'tell', text: rest.replace(/[.!]+$/, '') })
  return { kind, acts, about }
}
