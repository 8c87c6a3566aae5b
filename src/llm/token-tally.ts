/**
 * Incremental request estimates: a tally keeps prefix sums of the last message list, so a history
 * that grows by appends costs O(new messages) — O(1) to find the shared prefix when the lists
 * share a lineage (a session's derivations do), else a pointer walk. Plane: shared; pure.
 * Contract: equals `estimateRequestTokens` always; reuses only messages it found frozen (frozen
 * is permanent, so a reused figure cannot go stale); system and tools are memoized by identity.
 * @module llm/token-tally
 */
import { BLOCK_OVERHEAD, estimateMessageTokens, estimateTextTokens } from './token-estimate.ts'
import type { ContentBlock, Message, ToolSchema } from './types.ts'
import { isDeepFrozen } from '../util/frozen.ts'
import { extendsList } from '../util/list-lineage.ts'

type Countable = Pick<Message, 'content'>

/** Whether every field the estimate reads is frozen (content arrays and blocks, nested results). */
function frozenBlocks(blocks: readonly ContentBlock[]): boolean {
  if (!Object.isFrozen(blocks)) return false
  for (const block of blocks) {
    if (!Object.isFrozen(block)) return false
    if (block.type === 'tool-result' && !frozenBlocks(block.content)) return false
  }
  return true
}

/** Estimates of deep-frozen tool lists (the logged header's schemas are). */
const toolsMemo = new WeakMap<readonly ToolSchema[], number>()

/** Tokens of a tool list: its JSON, plus one block overhead; 0 for none. */
export function estimateToolsTokens(tools: readonly ToolSchema[] | undefined): number {
  if (!tools?.length) return 0
  const memo = toolsMemo.get(tools)
  if (memo !== undefined) return memo
  const tokens = estimateTextTokens(JSON.stringify(tools)) + BLOCK_OVERHEAD
  if (isDeepFrozen(tools)) toolsMemo.set(tools, tokens)
  return tokens
}

/**
 * A running `estimateRequestTokens` for one stream of requests (one session's history).
 * Each call walks the common prefix with the previous list by identity and counts the rest.
 */
export class RequestTokenTally {
  private messages: readonly Countable[] = []
  /** `sums[i]` = tokens of `messages[0, i)`. */
  private readonly sums: number[] = [0]
  /** Leading messages of `messages` found frozen when counted: only these are reused. */
  private trusted = 0
  private system: string | undefined
  private systemTokens = 0

  /** The same figure as `estimateRequestTokens(request)`. */
  estimate(request: { messages: readonly Countable[]; system?: string; tools?: readonly ToolSchema[] }): number {
    return this.messageTokens(request.messages) + this.systemTokensOf(request.system) + estimateToolsTokens(request.tools)
  }

  /** Tokens of a message list (the messages part of a request). */
  messageTokens(messages: readonly Countable[]): number {
    const previous = this.messages
    let shared = 0
    if (extendsList(messages, previous)) shared = this.trusted
    else {
      const limit = Math.min(this.trusted, messages.length)
      while (shared < limit && messages[shared] === previous[shared]) shared++
    }
    const sums = this.sums
    sums.length = shared + 1
    let trusted = shared
    for (let i = shared; i < messages.length; i++) {
      const message = messages[i]!
      sums.push(sums[i]! + estimateMessageTokens(message))
      if (trusted === i && Object.isFrozen(message) && frozenBlocks(message.content)) trusted = i + 1
    }
    // Keep the list only when it cannot change under us; else keep the trusted part as a copy.
    this.messages = Object.isFrozen(messages) ? messages : messages.slice(0, trusted)
    this.trusted = trusted
    return sums[messages.length]!
  }

  private systemTokensOf(system: string | undefined): number {
    if (!system) return 0
    if (system !== this.system) {
      this.system = system
      this.systemTokens = estimateTextTokens(system) + BLOCK_OVERHEAD
    }
    return this.systemTokens
  }
}
