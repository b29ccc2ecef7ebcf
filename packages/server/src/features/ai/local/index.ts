import type { AiProvider } from '../provider.js'
import { generate } from './generate.js'
import { paraphrase } from './paraphrase.js'
import { summarize } from './summarize.js'
import { surveyQuestions } from './survey.js'
import { checkAborted } from './text.js'
import { loadLexicon } from './wordnet.js'

/**
 * The offline engine (`local-v1`): a summariser that reports the chat in its own words (third person, staff actions
 * in the past tense, what is still open), a paraphraser of phrase-level tone rules, a reply composer that turns the
 * prompt's requests and the facts of the prompt, context and chat into sentences, and survey questions drawn from
 * the author's brief. Deterministic: equal inputs give equal outputs. The lexicon (WordNet and word frequencies,
 * about 0.3 s) loads on first use and stays for the process; `warmUp` loads it ahead of time. docs/AI.md describes
 * each algorithm, its limits and how `npm run ai:eval` measures it.
 */
export function createLocalProvider(): AiProvider {
  const run = async <T>(signal: AbortSignal | undefined, work: () => T): Promise<T> => {
    checkAborted(signal)
    const result = work()
    checkAborted(signal)
    return result
  }
  return {
    name: 'local',
    model: 'local-v1',
    summarize: (input, signal) => run(signal, () => summarize(input)),
    paraphrase: (input, signal) => run(signal, () => paraphrase(input)),
    generate: (input, signal) => run(signal, () => generate(input)),
    surveyQuestions: (input, signal) => run(signal, () => surveyQuestions(input)),
  }
}

/** Loads the lexicon now rather than on the first request. */
export function warmUp(): void {
  loadLexicon()
}
