/**
 * The agent's `agent/*` notifications (emit mode), contained as dsh does: a listener that throws
 * or rejects is logged as a warning and the loop goes on. Plane: worker.
 * Contract: no notification can stall a turn, `whenIdle()`, `dispose()` or `open()`.
 * @module agent-loop/notify
 */
import type { Context, Events } from '@deepseek-ai/cordis'
import { errorChain } from '../llm/errors.ts'
import { emitContained } from '../util/contained-emit.ts'
import { eventBus } from '../kernel/cordis/service.ts'
import './events.ts'

export type AgentNotification =
  | 'agent/status' | 'agent/created' | 'agent/session-start' | 'agent/disposed'
  | 'agent/inbox/inserted' | 'agent/inbox/claimed' | 'agent/inbox/discarded' | 'agent/error'

export type AgentNotify = <K extends AgentNotification>(name: K, payload: Parameters<Events[K]>[0]) => void

/** A notifier over `root`'s bus (resolved once: it is called on the hot path). */
export function agentNotifier(root: Context): AgentNotify {
  const events = eventBus(root)
  return (name, payload) => emitContained(events, (error) => {
    root.logger('agent-loop').warn(`agent event "${name}" listener failed: ${errorChain(error)}`)
  }, name, payload)
}
