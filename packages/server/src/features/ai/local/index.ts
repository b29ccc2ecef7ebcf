import type { AiProvider } from '../provider.js'
import { generate } from './generate.js'
import { paraphrase } from './paraphrase.js'
import { summarize } from './summarize.js'
import { surveyQuestions } from './survey.js'
import { checkAborted } from './text.js'
import { loadLexicon } from './wordnet.js'

/**
 * The offline engine (`local-v1`): an extractive summariser, a WordNet-backed paraphraser, template drafting and
 * survey question templates. Deterministic: equal inputs give equal outputs. The lexicon (WordNet and word
 * frequencies, about 0.3 s) loads on first use and stays for the process; `warmUp` loads it ahead of time.
 * docs/AI.md describes each algorithm and its limits.
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
