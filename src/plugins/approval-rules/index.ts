/**
 * `ctx.approvalRules`: session-scoped allow rules ("Allow for this session"). A rule names a tool
 * and a call subject (`subject.ts`); a later call of that tool with that subject that would ask
 * for approval runs without asking. Plane: worker. Contract: rules live in the session log
 * (`approval/rule`, `approval/rule-revoked`), so they survive a reload and die with the session;
 * each use is logged (`approval/rule-applied`). A rule only turns an `ask` into `allow` at
 * `tools/pre-execute`: a `deny` stays a deny, guards (read-only preset, sandbox) still run after
 * it, and the approval outcomes are untouched (the grant that made the rule is `allowed-once`).
 * Only the host API (a trusted click on the page) adds or revokes rules; nothing model-visible can.
 * @module plugins/approval-rules
 */
import { Context, Service } from '@deepseek-ai/cordis'
import type { Agent } from '../../agent-loop/types.ts'
import type {} from '../../tools/events.ts'
import type { ToolRegistryCore } from '../../tools/registry-core.ts'
import type { ToolExecution } from '../../tools/types.ts'
import type {} from '../../session/index.ts'
import { newId } from '../../util/brand.ts'
import { callSubject } from './subject.ts'

declare module '../../session/types.ts' {
  interface SessionEventMap {
    /** The user allowed `toolName` calls with this `subject` for the rest of the session (`callId`: the asking call whose grant made it). */
    'approval/rule': { ruleId: string; toolName: string; subject: string; callId?: string }
    'approval/rule-revoked': { ruleId: string }
    /** A call ran under the rule instead of asking. */
    'approval/rule-applied': { ruleId: string; callId: string }
  }
}

declare module '@deepseek-ai/cordis' {
  interface Context {
    approvalRules: ApprovalRules
  }
}

/** Log-only event types this plugin appends (declared so import and open accept them). */
export const EVENT_TYPES = ['approval/rule', 'approval/rule-revoked', 'approval/rule-applied'] as const
/** Written ignorable: dsh (and a runtime without this plugin) refuses a log with an unknown type not so marked. */
const LOG_ONLY = { ignorable: true } as const

export interface ApprovalRule {
  ruleId: string
  toolName: string
  subject: string
  /** When the rule was made (the event's time, epoch ms). */
  createdAt: number
}

export class ApprovalRules extends Service {
  static inject = ['tools', 'sessions']
  /** The tool registry's core (kernel/cordis/service): read per asking call. */
  private readonly hot: { readonly tools: ToolRegistryCore }

  constructor(ctx: Context) {
    super(ctx, 'approvalRules')
    this.hot = { tools: ctx.tools.core }
    ctx.effect(() => ctx.sessions.declareEventTypes(EVENT_TYPES))
    // Prepended after the permissions plugin's own prepended gate, so this listener wraps it and sees its `ask`.
    ctx.on('tools/pre-execute', async (exec, next) => {
      const decision = await next()
      if (decision.kind !== 'ask' || !exec.agent) return decision
      const rule = this.matching(exec.agent, exec)
      if (!rule) return decision
      exec.agent.session.append('approval/rule-applied', { ruleId: rule.ruleId, callId: exec.callId }, LOG_ONLY)
      return { kind: 'allow' }
    }, { prepend: true })
  }

  /** The session's live rules, oldest first: every `approval/rule` not revoked since. */
  rules(agent: Agent): ApprovalRule[] {
    const live = new Map<string, ApprovalRule>()
    for (const event of agent.session.events) {
      if (event.type === 'approval/rule') live.set(event.data.ruleId, { ruleId: event.data.ruleId, toolName: event.data.toolName, subject: event.data.subject, createdAt: event.time })
      else if (event.type === 'approval/rule-revoked') live.delete(event.data.ruleId)
    }
    return [...live.values()]
  }

  /**
   * Allows, for the rest of the session, calls of `toolName` with the subject of `args` (the
   * asking call's parsed arguments). Host API only. @returns the logged rule
   */
  allowForSession(agent: Agent, toolName: string, args: unknown, callId?: string): ApprovalRule {
    const subject = callSubject(this.hot.tools.get(toolName, agent), args)
    const ruleId = newId<string>()
    const event = agent.session.append('approval/rule', { ruleId, toolName, subject, ...(callId !== undefined ? { callId } : {}) }, LOG_ONLY)
    return { ruleId, toolName, subject, createdAt: event.time }
  }

  /** @returns whether `ruleId` was live (revoking a gone rule logs nothing). Host API only. */
  revoke(agent: Agent, ruleId: string): boolean {
    if (!this.rules(agent).some((rule) => rule.ruleId === ruleId)) return false
    agent.session.append('approval/rule-revoked', { ruleId }, LOG_ONLY)
    return true
  }

  private matching(agent: Agent, exec: ToolExecution): ApprovalRule | undefined {
    const rules = this.rules(agent).filter((rule) => rule.toolName === exec.name)
    if (rules.length === 0) return undefined
    const subject = callSubject(this.hot.tools.get(exec.name, agent), exec.args)
    return rules.find((rule) => rule.subject === subject)
  }
}

export default ApprovalRules
