import type { ChatStatus } from '@proxima/contracts'
import { paraphrase, summarize, type ParaphraseArgs, type ParaphraseReply, type SummarizeReply } from '../ai/api'
import { useAiRequest } from '../ai/use-ai-request'

/**
 * The key the AI results of a chat window belong to: the chat, and whether it is open. Switching to another chat
 * or the chat being resolved changes it, which clears the summary and the paraphrases (seed §4).
 */
export const chatAiKey = (chatId: number, status: ChatStatus | undefined) =>
  `${chatId}:${status === 'resolved' ? 'closed' : 'open'}`

const summarizeChat = (args: { chat_id: number }, signal: AbortSignal) => summarize(args, signal)
const paraphraseText = (args: ParaphraseArgs, signal: AbortSignal) => paraphrase(args, signal)

/** The summary and paraphrase state of the open chat window (client state, never cached across chats). */
export const useChatAi = (chatId: number, status: ChatStatus | undefined) => {
  const key = chatAiKey(chatId, status)
  const summary = useAiRequest<{ chat_id: number }, SummarizeReply>(summarizeChat, key)
  const rewrites = useAiRequest<ParaphraseArgs, ParaphraseReply>(paraphraseText, key)
  return { summary, paraphrase: rewrites }
}

export type ChatSummaryRequest = ReturnType<typeof useChatAi>['summary']
