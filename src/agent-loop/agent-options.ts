/**
 * Validation of `AgentOptions` (runtime defaults and per-agent options) before anything is
 * created. Plane: worker/shared; pure. Contract: dsh's messages for the fields dsh validates.
 * @module agent-loop/agent-options
 */
import type { AgentOptions } from './types.ts'

/** An `AgentOptions` field that cannot be honoured; nothing was created. */
export class AgentOptionsError extends TypeError {
  override readonly name = 'AgentOptionsError'
}

/** @throws AgentOptionsError for a `maxTokens` that is not a positive safe integer, or a `maxParallelToolCalls` that is not a positive integer. */
export function assertAgentOptions(options: AgentOptions | undefined): void {
  if (options?.maxTokens !== undefined && (!Number.isSafeInteger(options.maxTokens) || options.maxTokens <= 0)) {
    throw new AgentOptionsError('agent maxTokens must be a positive safe integer')
  }
  if (options?.maxParallelToolCalls !== undefined && (!Number.isSafeInteger(options.maxParallelToolCalls) || options.maxParallelToolCalls < 1)) {
    throw new AgentOptionsError('maxParallelToolCalls must be a positive integer')
  }
}
