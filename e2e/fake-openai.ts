// The protocol-speaking stand-in for an OpenAI-compatible model in the browser journeys: the server tests' fake
// (node:http, POST /v1/chat/completions) with a model whose answers come from what it is sent, so a journey can
// tell that the chat's transcript reached the provider and that the dashboard shows the provider's words.
import { goodModel, startFakeOpenAi, type FakeRequest, type Responder } from '../packages/server/test/ai/fake-openai.js'

export const FAKE_MODEL = 'proxima-e2e-model'

const system = (req: FakeRequest) => req.body.messages.find((m) => m.role === 'system')?.content ?? ''
const user = (req: FakeRequest) => req.body.messages.find((m) => m.role === 'user')?.content ?? ''

/** Summaries name the order number found in the transcript; rewrites say which tone they were asked for. */
export const supportModel: Responder = (req) => {
  const task = system(req)
  if (task.startsWith('You summarise')) {
    const order = /#(\d{3,})/.exec(user(req))?.[1] ?? 'unknown'
    return {
      content: JSON.stringify({
        summary: `The fake model read the chat: the parcel of order #${order} arrived damaged.`,
        intent: 'A replacement for the damaged parcel.',
        key_points: [`Order #${order} arrived damaged`, 'The customer asked for a replacement'],
        open_questions: ['When will the replacement ship?'],
        sentiment: 'negative',
        sentiment_score: -0.7,
        language: 'en',
      }),
    }
  }
  if (task.startsWith('You rewrite')) {
    const tone = /, each (.+?)\.$/.exec(task.split('\n')[0] ?? '')?.[1] ?? 'neutral'
    return {
      content: JSON.stringify({
        variants: [`Fake model (${tone}), first wording.`, `Fake model (${tone}), second wording.`],
      }),
    }
  }
  return goodModel(req)
}

export async function startFakeModel() {
  const fake = await startFakeOpenAi()
  fake.respond(supportModel)
  return fake
}
