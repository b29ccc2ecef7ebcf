import type { Tone } from '@proxima/contracts'
import { applyRules, contract, expand, type PhraseRule } from './rewrite.js'

/**
 * What each tone changes. Phrase swaps run before the synonym pass; contractions after it. Openers are agent
 * voice, since the paraphraser is used to polish replies.
 */

// Swaps that keep the register: used by every tone and alternated between variants.
const NEUTRAL_SWAPS: PhraseRule[][] = [
  [
    [/\bI want to\b/g, 'I would like to'],
    [/\bcan you\b/gi, 'could you'],
    [/\bas soon as possible\b/gi, 'as quickly as possible'],
    [/\bright now\b/gi, 'at the moment'],
    [/\bmake sure\b/gi, 'ensure'],
    [/\bbecause of\b/gi, 'due to'],
    [/\blook into\b/gi, 'investigate'],
    [/\bget back to you\b/gi, 'follow up with you'],
    [/\bright away\b/gi, 'immediately'],
    [/\ba few\b/gi, 'several'],
    [/\bbusiness days\b/gi, 'working days'],
    [/\bget in touch with\b/gi, 'contact'],
    [/\ba (?:large|great|big) number of\b/gi, 'many'],
    [/\bI(?: am|['’]m) (?:so |very |really )?sorry for the\b/g, 'I apologise for the'],
    [/\b(We|we)(?: are|['’]re) (?:so |very |really )?sorry for the\b/g, '$1 apologise for the'],
  ],
  [
    [/\bI would like to\b/g, 'I want to'],
    [/\bcould you\b/gi, 'can you'],
    [/\bat the moment\b/gi, 'right now'],
    [/\bensure\b/gi, 'make sure'],
    [/\bdue to\b/gi, 'because of'],
    [/\blet me know\b/gi, 'tell me'],
    [/\bcurrently\b/gi, 'at the moment'],
    [/\bimmediately\b/gi, 'right away'],
    [/\bseveral\b/gi, 'a few'],
    [/\bworking days\b/gi, 'business days'],
    [/\ba (?:large|great|big) number of\b/gi, 'many'],
  ],
]

const FORMAL: PhraseRule[] = [
  [/^(?:hi|hey)(?: there)?\b/i, 'Hello'],
  [/\bthanks\b/gi, 'thank you'],
  [/\bI want to\b/g, 'I would like to'],
  [/\bcan you\b/gi, 'could you'],
  [/\blet (me|us) know\b/gi, 'please inform $1'],
  [/\bplease please\b/gi, 'please'],
  [/\bget back to you\b/gi, 'follow up with you'],
  [/\blook into\b/gi, 'investigate'],
  [/\bmake sure\b/gi, 'ensure'],
  [/\bright away\b/gi, 'immediately'],
  [/\bbusiness days\b/gi, 'working days'],
  [/\bget in touch with\b/gi, 'contact'],
  [/\bfind out\b/gi, 'determine'],
  [/\ba (?:large|great|big) number of\b/gi, 'many'],
  [/\bI(?: am|['’]m) (?:so |very |really )?sorry for the\b/g, 'I apologise for the'],
  [/\b(We|we)(?: are|['’]re) (?:so |very |really )?sorry for the\b/g, '$1 apologise for the'],
  [/\b(?:so |very |really )?sorry about (?:that|this)\b/gi, 'please accept our apologies for this'],
  [/\bno problem\b/gi, 'certainly'],
  [/\bASAP\b/g, 'as soon as possible'],
  [/\byou can\b/g, 'you may'],
  [/\bget\b(?= (?:a|an|the|your|our) )/g, 'receive'],
  [/\bbuy\b/g, 'purchase'],
  [/\bhelp\b(?= you\b)/g, 'assist'],
  [/!+/g, '.'],
]

const FRIENDLY: PhraseRule[] = [
  [/^hello\b/i, 'Hi'],
  [/\bthank you very much\b/gi, 'thanks so much'],
  [/\bthank you\b/gi, 'thanks'],
  [/\bI would like to\b/g, "I'd like to"],
  [/\bat your earliest convenience\b/gi, 'when you get a chance'],
  [/\bplease inform (me|us)\b/gi, 'let $1 know'],
  [/\bregrettably\b/gi, 'unfortunately'],
  [/\ba (?:large|great|big) number of\b/gi, 'lots of'],
]

// Fillers and hedges that add length but no meaning.
const CONCISE: PhraseRule[] = [
  [/\b(?:I was wondering if you could|would you be able to)\b/gi, 'could you'],
  [
    /\b(?:please note that|I wanted to let you know that|I would like to inform you that|just to let you know,?) /gi,
    '',
  ],
  [/\b(?:I think|I believe|I guess|I feel like|in fact|as you can see|of course),? /gi, ''],
  [
    /(?<!\bnot |n['’]t )\b(?:just|really|actually|basically|simply|quite|totally|literally|honestly|definitely|certainly|very|kindly) /gi,
    '',
  ],
  [/\bin order to\b/gi, 'to'],
  [/\blog in to\b/gi, 'log into'],
  [/\ba (?:large|great|big) number of\b/gi, 'many'],
  [/\ba number of\b/gi, 'several'],
  [/\bat this time\b/gi, 'now'],
  [/\bdue to the fact that\b/gi, 'because'],
  [/\bat (?:this|the) (?:point in time|moment)\b/gi, 'now'],
  [/\bat your earliest convenience\b/gi, 'soon'],
  [/\bas quickly as possible\b/gi, 'as soon as possible'],
  [/\bthank you (?:so|very) much\b/gi, 'thanks'],
  [/\bthank you\b/gi, 'thanks'],
  [/\bplease /gi, ''],
  [/\bI would like to\b/g, 'I want to'],
  [/\bare able to\b/gi, 'can'],
  [/\bis able to\b/gi, 'can'],
]

export const FRIENDLY_OPENERS = ['Hi there!', 'Thanks for reaching out!', 'Happy to help!']
export const FRIENDLY_CLOSERS = ['Have a great day!', 'Hope this helps!', 'Cheers!']
export const EMPATHETIC_OPENERS = {
  negative: [
    "I'm sorry about the trouble, and I understand how frustrating this must be.",
    "I completely understand your frustration, and I'm sorry for the inconvenience.",
    "I can see why this is upsetting, and I'm sorry you've had to deal with it.",
  ],
  other: [
    "I understand, and I'm here to help.",
    'I completely understand, and I appreciate you letting us know.',
    'I can see why this matters to you, and I want to get it right.',
  ],
}

/** Rules before the synonym pass; `variant` alternates the neutral swaps so variants differ. */
export function toneBefore(sentence: string, tone: Tone, variant: number): string {
  const swaps = NEUTRAL_SWAPS[variant % NEUTRAL_SWAPS.length]!
  switch (tone) {
    case 'formal':
      return applyRules(expand(sentence), FORMAL)
    case 'friendly':
      return applyRules(sentence, FRIENDLY)
    case 'concise':
      return applyRules(sentence, CONCISE).replace(/^[a-z]/, (c) => c.toUpperCase())
    default:
      return applyRules(sentence, swaps)
  }
}

/** Rules after the synonym pass. */
export function toneAfter(sentence: string, tone: Tone, variant: number, apostrophe: string): string {
  if (tone === 'formal') return expand(sentence)
  if (tone === 'friendly' || tone === 'concise') return contract(sentence, apostrophe)
  // Neutral and empathetic: alternate expanding and contracting so variants differ in one more way.
  return variant % 2 === 0 ? expand(sentence) : contract(sentence, apostrophe)
}
