/**
 * Gate 4 of the tool pipeline: turns a pre-execute `ask` into an approval request, failing
 * closed with a distinct model-facing reason per non-grant. Plane: worker.
 * Contract: only `allowed-once` allows; no service, no agent, rejected, cancelled, unavailable deny.
 * @module tools/ask-gate
 */
import type { Context } from '@deepseek-ai/cordis'
import type { ToolExecution } from './types.ts'
import type {} from '../approval/events.ts'

export type AskResolution =
  | { kind: 'allow' }
  | { kind: 'deny'; reason: string; cancelled: boolean }

/** Resolves an `ask` decision for `exec` through `ctx.approval` (if any). */
export async function resolveAsk(ctx: Context, exec: ToolExecution, reason: string | undefined): Promise<AskResolution> {
  const tool = JSON.stringify(exec.name)
  const approval = ctx.get('approval')
  if (!approval) return { kind: 'deny', reason: reason ?? `tool ${tool} requires approval (not yet supported)`, cancelled: false }
  if (!exec.agent) return { kind: 'deny', reason: `tool ${tool} requires approval, but the call has no agent to route it through`, cancelled: false }
  const outcome = await approval.request({
    agent: exec.agent,
    toolName: exec.name,
    callId: exec.callId,
    ...(reason !== undefined ? { reason } : {}),
    signal: exec.signal,
  })
  switch (outcome) {
    case 'allowed-once':
      return { kind: 'allow' }
    case 'rejected':
      return { kind: 'deny', reason: `the user rejected tool ${tool}`, cancelled: false }
    case 'cancelled':
      return { kind: 'deny', reason: `approval for tool ${tool} was cancelled`, cancelled: true }
    default:
      return { kind: 'deny', reason: `tool ${tool} requires approval, but no approval channel is available`, cancelled: false }
  }
}
