/**
 * What the loop's actors and actions share for one agent: services, the session, the inbox, the
 * current activity signal and the per-instance header state. Plane: worker; types plus the abort
 * check. Contract: nothing here is per step — a step's values travel as actor outputs and inputs
 * through the machine (machine.ts).
 * @module agent-loop/loop-deps
 */
import type { Context, EventsService } from '@deepseek-ai/cordis'
import type { LlmCore } from '../llm/llm-core.ts'
import type { LlmCallConfig } from '../llm/types.ts'
import type { PromptCore } from '../prompt/prompt-core.ts'
import type { Session } from '../session/session.ts'
import type { ToolRegistryCore } from '../tools/registry-core.ts'
import type { AgentInbox } from './inbox.ts'
import type { AgentNotify } from './notify.ts'
import type { Agent } from './types.ts'

export interface LoopInstance {
  /** Whether this loop instance has logged its `initial`/`resume` header yet. */
  headerLogged: boolean
  /** The config fields the adapter defaulted on the last prepared call. */
  adapterDefaulted: (keyof LlmCallConfig)[]
}

/** The cores a step calls and the bus, resolved once per agent (kernel/cordis/service). */
export interface LoopServices {
  events: EventsService
  prompt: PromptCore
  llm: LlmCore
  tools: ToolRegistryCore
}

export interface LoopDeps {
  ctx: Context
  services: LoopServices
  /** The contained `agent/*` notifications. */
  notify: AgentNotify
  agent: Agent
  session: Session
  inbox: AgentInbox
  /** The signal of the running activity (a fresh controller per turn or maintenance task). */
  signal(): AbortSignal
  instance: LoopInstance
}

/** Throws the signal's reason (the cancel cause wrapped in an AbortError) if it is aborted. */
export function checkAbort(signal: AbortSignal): void {
  if (signal.aborted) throw new LoopAbortError(signal.reason)
}

export class LoopAbortError extends Error {
  override readonly name = 'AbortError'
  constructor(readonly reason: unknown) {
    super('agent activity aborted')
  }
}
