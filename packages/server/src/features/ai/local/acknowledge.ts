import type { Kind } from './structure.js'

/**
 * The acknowledgement an empathetic paraphrase opens with: the customer's situation as the text describes it
 * (a delay, a problem, billing, a refusal, something resolved, a request) and the wordings for each, in the agent's
 * voice, or in the customer's own when the writer is the customer.
 */

type Situation = 'delay' | 'problem' | 'billing' | 'refusal' | 'resolved' | 'request' | 'general'

/** The customer's situation as a reply describes it, for the acknowledgement an empathetic reply opens with. */
export function situationOf(text: string, kinds: Kind[]): Situation {
  // "If this date does not work for you…" is a condition, not the customer's situation.
  const body = text.replace(/\b(?:if|unless)\b[^,.!?]*/gi, '')
  if (
    /\b(?:we|I) (?:do not|don['’]t|can(?:no|['’])t|are unable to) (?:offer|accept|refund|replace|provide|support|extend|change|cancel|reverse|exchange)\b|\bnot eligible\b|\bour policy\b/i.test(
      body,
    )
  )
    return 'refusal'
  if (
    /\b(?:broken|broke|damaged|faulty|defective|not working|doesn['’]t work|does not work|stopped working|error|crash(?:es|ed)?|can(?:no|['’])t (?:log|sign|access|open|find)|problem|issue|wrong|missing|logging you out)\b/i.test(
      body,
    )
  )
    return 'problem'
  if (kinds.includes('good') && !kinds.includes('bad')) return 'resolved'
  if (
    /\b(?:delay(?:ed|s)?|late|patience|until|stuck|waiting|wait|longer than|back ?order(?:ed)?|out of stock|not (?:yet )?arrived|hasn['’]t arrived|still not)\b/i.test(
      body,
    )
  )
    return 'delay'
  if (/\b(?:charged?|refund|payment|invoice|billing|bill)\b/i.test(body)) return 'billing'
  if (kinds.includes('request') || kinds.includes('letKnow')) return 'request'
  return 'general'
}

// For a reply that already apologises: the acknowledgement without a second "sorry".
export const ACKNOWLEDGE_PLAIN: Record<Situation, string[]> = {
  delay: ['I know how frustrating waiting can be.', 'I understand how annoying a delay like this is.'],
  problem: ['I can see how frustrating this must be.', 'I understand how annoying this is.'],
  billing: ['I understand how worrying this is.', 'I understand your concern.'],
  refusal: ["I understand this isn't the answer you were hoping for.", "I know this isn't the news you wanted."],
  resolved: ["I'm so glad this is sorted now.", 'Thank you for your patience while we sorted this out.'],
  request: ['I understand this is an extra step.', 'I know this means a little more work for you.'],
  general: ['I understand how important this is to you.', 'I completely understand.'],
}

// Agent voice: the paraphraser polishes replies to customers.
export const ACKNOWLEDGE: Record<Situation, string[]> = {
  delay: [
    "I'm sorry for the wait, and I understand how frustrating a delay like this is.",
    "I know waiting is frustrating, and I'm sorry this is taking longer than you hoped.",
    "I'm sorry this is taking longer than expected, and I understand how annoying that is.",
  ],
  problem: [
    "I'm sorry you've run into this, and I understand how frustrating it is.",
    "I'm sorry for the trouble this has caused you.",
    "I can see how frustrating this must be, and I'm sorry.",
  ],
  billing: [
    "I understand how worrying a billing problem can be, and I'm sorry for the trouble.",
    "I'm sorry for the confusion with your payment, and I understand your concern.",
  ],
  refusal: [
    "I understand this isn't the answer you were hoping for, and I'm sorry.",
    "I'm sorry, I know this isn't the news you wanted.",
  ],
  resolved: ["I'm so glad this is sorted now.", 'Thank you for your patience while we sorted this out.'],
  request: [
    'I understand this is an extra step, and I appreciate your help.',
    "I know this means a little more work for you, and I'm grateful for your help.",
  ],
  general: ['I understand how important this is to you.', "I completely understand, and I'm here to help."],
}

// The writer is the customer: "I can't log in", "my order", and no agent's "we" or "your order".
const CUSTOMER_VOICE =
  /\b(?:my|I['’]ve been|I have been|I was (?:charged|promised)|I can(?:no|['’])t|I didn['’]t|I haven['’]t|I need|I ordered|I bought|I paid|I want|I have bought|they sent me|I received|you guys)\b/i
const AGENT_VOICE = /\b(?:we|our|us)\b|\byour (?:order|refund|parcel|package|account|ticket|subscription)\b/i
export const COMPLAINT = /\b(?:third time|fix it|broke|wrong|promised|nobody|still|not accepted|waiting|money back)\b/i
export const isCustomer = (body: string) => CUSTOMER_VOICE.test(body) && !AGENT_VOICE.test(body)
export const CUSTOMER_ACKNOWLEDGE: Record<'negative' | 'positive' | 'other', string[]> = {
  negative: [
    'I understand these things happen, and I hope you can help me sort this out.',
    "I know you must be busy, and I'd really appreciate your help with this.",
  ],
  positive: ['I really appreciate all your help.', "I'm so grateful for your help."],
  other: [
    'I know you must be busy, and I appreciate your help with this.',
    'Thank you for taking the time to look into this for me.',
  ],
}
