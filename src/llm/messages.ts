/**
 * Message factories: mint a UUID id, copy the content and deep-freeze the result.
 * Plane: shared; reads `crypto` lazily. Contract: returned messages are immutable and
 * have the exact shapes of `llm/types` (a tool result is a user message with one block).
 * @module llm/messages
 */
import { newId, type CallId, type MessageId } from '../util/brand.ts'
import { deepFreeze } from './deep-freeze.ts'
import type { AssistantMessage, ContentBlock, MessageSource, ToolResultMessage, UserMessage } from './types.ts'

type UserSource = Exclude<MessageSource, { kind: 'model' } | { kind: 'tool' }>

function copyBlocks(blocks: readonly ContentBlock[]): ContentBlock[] {
  return structuredClone(blocks) as ContentBlock[]
}

/** A user message from plain text (one text block) or from blocks; source defaults to the user. */
export function createUserMessage(content: string | readonly ContentBlock[], source: UserSource = { kind: 'user' }): UserMessage {
  const blocks = typeof content === 'string' ? [{ type: 'text' as const, text: content }] : copyBlocks(content)
  return deepFreeze({ id: newId<MessageId>(), role: 'user', content: blocks, source: structuredClone(source) })
}

/** An assistant message produced by `provider`/`model`; `replayState` is kept only when given. */
export function createAssistantMessage(
  content: readonly ContentBlock[],
  source: { provider: string; model: string; replayState?: AssistantMessage['source']['replayState'] },
): AssistantMessage {
  const modelSource: AssistantMessage['source'] = { kind: 'model', provider: source.provider, model: source.model }
  if (source.replayState !== undefined) modelSource.replayState = structuredClone(source.replayState)
  return deepFreeze({ id: newId<MessageId>(), role: 'assistant', content: copyBlocks(content), source: modelSource })
}

/** The message answering tool call `callId`; `isError` is present only when true. */
export function createToolResultMessage(input: { callId: CallId; content: readonly ContentBlock[]; isError?: boolean }): ToolResultMessage {
  const block: ToolResultMessage['content'][0] = { type: 'tool-result', toolCallId: input.callId, content: copyBlocks(input.content) }
  if (input.isError === true) block.isError = true
  return deepFreeze({ id: newId<MessageId>(), role: 'user', content: [block], source: { kind: 'tool', callId: input.callId } })
}
