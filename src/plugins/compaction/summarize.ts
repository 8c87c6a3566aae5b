/**
 * The summary request: one `ctx.llm.stream` call over the shadowed messages with the logged
 * header's system prompt and tools, plus a final instruction; text only.
 * Plane: worker; network only through ctx.llm. Contract: resolves with non-empty text or
 * throws a CompactionError('summary').
 * @module plugins/compaction/summarize
 */
import type { Context } from '@deepseek-ai/cordis'
import { BlockAssembler } from '../../llm/block-assembler.ts'
import { createUserMessage } from '../../llm/messages.ts'
import type { Message, TokenUsage } from '../../llm/types.ts'
import type { EpochHeader } from '../../session/types.ts'
import { CompactionError } from './errors.ts'

export const SUMMARY_INSTRUCTION = [
  'Summarize the conversation above so that work can continue from the summary alone.',
  'Keep: the user\'s goals and constraints, decisions made, files read or changed (with paths),',
  'commands run and their outcomes, open questions, and the next concrete steps.',
  'Write plain text. Do not call tools.',
].join(' ')

export interface SummaryResult {
  summary: string
  usage?: TokenUsage
}

export async function summarize(ctx: Context, header: EpochHeader, messages: readonly Message[], maxTokens: number, signal: AbortSignal): Promise<SummaryResult> {
  const assembler = new BlockAssembler()
  const instruction = createUserMessage(SUMMARY_INSTRUCTION, { kind: 'plugin', plugin: 'compact', form: 'instructions' })
  const stream = ctx.llm.stream({
    ...header.config,
    maxTokens,
    messages: [...messages, instruction],
    ...(header.system === undefined ? {} : { system: header.system }),
    ...(header.tools === undefined ? {} : { tools: header.tools }),
    purpose: 'compaction',
    signal,
  })
  for await (const chunk of stream) assembler.push(chunk)
  const result = assembler.result()
  if (result.finish.kind === 'aborted') throw new CompactionError('cancelled', 'compaction was cancelled while summarizing')
  if (result.finish.kind === 'error') throw new CompactionError('summary', `summary request failed: ${result.finish.failure.message}`)
  const summary = result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('').trim()
  if (!summary) throw new CompactionError('summary', 'summary request returned no text')
  return { summary, ...(result.usage ? { usage: result.usage } : {}) }
}
