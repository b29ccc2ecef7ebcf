import nlp from 'compromise'
import type { ChatLine, GenerateInput, GenerateResult } from '../provider.js'
import { extractFacts } from './facts.js'
import { gatherFacts, transcriptLines } from './reply-facts.js'
import { readPrompt, type Kind } from './reply-prompt.js'
import { composeReply, customerSaid, greetingFor, type Part } from './reply.js'
import type { Picker } from './reply-acts.js'
import { hash, splitSentences, squash } from './text.js'
import { copyChecker, escapeRe, toSecondPerson } from './voice.js'

/**
 * Drafting. The prompt says what to write (a reply unless it asks for a product description or an announcement)
 * and, for a reply, what the reply must do, in order: apologise, explain, confirm, promise a date, ask for
 * details… (reply-prompt.ts). The facts come from the prompt, the context and the chat (reply-facts.ts): the
 * customer's first name, the order, product and amount, a reason for a delay, the customer's open questions.
 * Each act becomes a sentence in the customer's second person (reply-acts.ts); the reply is the greeting and those
 * sentences (reply.ts). Nothing is pasted: a sentence repeating more than eight words of the context or chat in a
 * row is left out. A seed from the input picks among equivalent phrasings; temperature widens the choice (0 always
 * takes the first), so equal inputs always give equal outputs.
 */
export function generate(input: GenerateInput): GenerateResult {
  const prompt = squash(input.prompt)
  const chat = input.chat?.length ? input.chat : transcriptLines(input.context ?? '')
  const context = backgroundOf(input.context ?? '', input.chat ?? [])
  const seed = hash(`${prompt}\n${context}\n${chat.map((l) => l.text).join('\n')}`)
  const temperature = Math.max(0, Math.min(1, Number.isFinite(input.temperature) ? input.temperature : 0))
  const pick: Picker = (options, salt) => {
    const span = Math.max(1, Math.ceil(temperature * options.length))
    return options[temperature === 0 ? 0 : ((seed ^ hash(salt)) >>> 0) % span]!
  }
  const copies = copyChecker(`${context}\n${chat.map((l) => l.text).join('\n')}`)
  const max = Math.max(1, Math.floor(input.maxLength))

  const plan = readPrompt(prompt)
  const kind: Kind =
    plan.kind === 'reply' &&
    !chat.length &&
    !plan.acts.length &&
    !/\b(?:reply|respon|answer|e-?mail|message|customer|client)/i.test(prompt)
      ? 'general'
      : plan.kind
  if (kind === 'reply') {
    // What the reply offers or asks for ("a refund or a replacement?") is not what it is about.
    const hint = plan.acts
      .filter((a) => !['ask', 'offer', 'decline'].includes(a.act))
      .map((a) => a.text)
      .concat(plan.about ?? [])
      .join(' ')
    const facts = gatherFacts(
      prompt,
      chat.length && !input.chat?.length ? '' : context,
      chat,
      plan.acts.length ? hint : prompt,
    )
    // Background for the reply's facts: the context, then the chat (the customer's words turned to "you").
    const said = chat.map((l) => (l.speaker === 'customer' ? customerSaid(l.text) : l.text)).join('\n')
    const parts = composeReply(plan, facts, pick, { text: `${context}\n${said}`, copies }).filter(
      (p) => !copies(p.text),
    )
    // Sentences from different acts may meet in the source's order: a run across them is left out too.
    for (let i = parts.length - 1; i > 0; i--) if (copies(`${parts[i - 1]!.text} ${parts[i]!.text}`)) parts.splice(i, 1)
    return fit(greetingFor(facts, pick), parts, max)
  }
  const parts =
    kind === 'description'
      ? describe(prompt, context, pick)
      : announce(kind, prompt, plan.acts.length ? plan.acts.map((a) => a.text) : [], pick)
  return fit(
    '',
    parts.filter((p) => !copies(p.text)),
    max,
  )
}

/** The context without the chat's transcript that the service appends to it for providers reading text. */
function backgroundOf(context: string, chat: ChatLine[]): string {
  if (!chat.length) return context
  const transcript = chat.map((l) => `${l.name}: ${l.text}`).join('\n')
  const at = context.lastIndexOf(transcript)
  if (at < 0) return context
  // Drop the heading line just before the transcript ("The conversation so far…:") as well.
  return context
    .slice(0, at)
    .replace(/[^\n]*:\s*\n?$/, '')
    .trim()
}

/** The greeting and the sentences, lowest priority dropped (last first) until the text fits in `max`. */
function fit(greeting: string, parts: Part[], max: number): GenerateResult {
  const render = (ps: Part[], withGreeting = true) => {
    const sentences = ps.map((p) => p.text)
    if (!withGreeting || !greeting || !sentences.length) return sentences.join(' ') || greeting
    return `${greeting} ${lowerFirst(sentences[0]!)}${sentences.length > 1 ? ` ${sentences.slice(1).join(' ')}` : ''}`
  }
  const kept = [...parts]
  while (kept.length > 1 && render(kept).length > max) {
    const worst = Math.max(...kept.map((p) => p.priority))
    kept.splice(kept.map((p) => p.priority).lastIndexOf(worst), 1)
  }
  const cut = kept.length < parts.length
  const text = render(kept)
  if (text.length <= max && text) return { text, finishReason: cut ? 'length' : 'stop' }
  const bare = render(kept, false)
  if (bare.length <= max && bare) return { text: bare, finishReason: 'length' }
  // Not even one sentence fits: its first clauses, made a sentence ("It will reach you by Friday."), or else the
  // words that fit, ending on a whole word.
  for (const source of [text, bare]) {
    const head = source.slice(0, max)
    const at = Math.max(...[', ', '; ', ' and ', ' but ', ' so '].map((b) => head.lastIndexOf(b)))
    if (at >= max / 2 && /\s/.test(source.slice(0, at)))
      return { text: `${source.slice(0, at)}.`, finishReason: 'length' }
  }

  const words = bare.slice(0, max)
  const space = words.lastIndexOf(' ')
  return {
    text: (space > 0 ? words.slice(0, space) : words).replace(/[\s,;:]+$/, '') || bare.slice(0, max),
    finishReason: 'length',
  }
}

/** "Thank you…" after "Hi Anna," reads "Hi Anna, thank you…"; "I'm", names and acronyms keep their capital. */
function lowerFirst(s: string): string {
  const first = s.split(/[\s,]/)[0]!
  if (/^I(?:'|’|$)/.test(first) || /^\p{Lu}.*\p{Lu}/u.test(first) || /\d/.test(first)) return s
  if (
    nlp(first).has('#ProperNoun') &&
    !/^(?:Thank|Thanks|Good|Just|Unfortunately|Please|Could|Welcome|Let|If|Once|As|To|You|Your|It|We|The|A|An)$/.test(
      first,
    )
  )
    return s
  return s.charAt(0).toLowerCase() + s.slice(1)
}

/**
 * A product blurb: an intro naming the product, its details from the context (each said with "it" for the
 * product, and left out if it would still repeat the context at length), the facts of what was left out as a
 * list, and a call to act.
 */
function describe(prompt: string, context: string, pick: Picker): Part[] {
  const named = /\b(?:for|of|about)\s+(?:the |our |a |an )?([^.,;]{2,60})/i.exec(prompt)?.[1]?.trim()
  const product = extractFacts(context).find((f) => f.kind === 'name')?.text ?? named ?? 'this product'
  const the = /^\p{Lu}/u.test(product) ? 'the ' : ''
  const parts: Part[] = [
    { text: pick([`Meet ${the}${product}.`, `Introducing ${the}${product}.`], 'intro'), priority: 1 },
  ]
  const copies = copyChecker(context)
  const leftOut: string[] = []
  for (const s of context
    .split('\n')
    .flatMap((l) => splitSentences(l))
    .slice(0, 8)) {
    const line = s.replace(/^[-*•]\s*/, '').trim()
    const retold = line.replace(new RegExp(`^(?:the |our )?${escapeRe(product)}\\b`, 'i'), 'It').replace(/[.!]*$/, '.')
    if (!copies(retold) && /\s/.test(retold))
      parts.push({ text: retold.charAt(0).toUpperCase() + retold.slice(1), priority: 2 })
    else
      leftOut.push(
        ...extractFacts(line)
          .map((f) => f.text)
          .filter((f) => f !== product),
      )
  }
  if (leftOut.length) parts.push({ text: `Key details: ${listOf(leftOut)}.`, priority: 2 })
  parts.push({
    text: pick(['Order today and see the difference.', 'Try it today.', 'Get yours today.'], 'outro'),
    priority: 3,
  })
  return parts
}

function announce(kind: Kind, prompt: string, messages: string[], pick: Picker): Part[] {
  const parts: Part[] = []
  if (kind === 'announcement')
    parts.push({
      text: pick(["We're excited to share an update.", 'Here is an update from our team.'], 'intro'),
      priority: 2,
    })
  const what = (messages.length ? messages : [prompt]).map((m) =>
    m.replace(
      /^(?:please\s+)?(?:write|draft|create|compose|announce)\s+(?:an?\s+)?(?:(?:short|brief)\s+)?(?:announcement|note|post|text)?\s*(?:(?:that|about|on)\s+)?/i,
      '',
    ),
  )
  for (const m of what) {
    const body = toSecondPerson(m)
      .replace(/^that\s+/i, '')
      .replace(/[.!]+$/, '')
      .trim()
    if (body) parts.push({ text: `${body.charAt(0).toUpperCase()}${body.slice(1)}.`, priority: 1 })
  }
  parts.push({
    text: pick(['Thank you for reading.', 'Thanks for being with us.', 'We appreciate your support.'], 'outro'),
    priority: 3,
  })
  return parts
}

const listOf = (items: string[]) => {
  const unique = [...new Set(items)].slice(0, 6)
  return unique.length > 1 ? `${unique.slice(0, -1).join(', ')} and ${unique.at(-1)}` : (unique[0] ?? '')
}
