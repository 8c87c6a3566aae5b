/**
 * The model-facing skill plugin: registers the `skill` tool and, at every entering
 * `agent/pre-step`, appends dsh's durable `<available_skills>` catalog (first publication) or a
 * complete replacement when the catalog's entries changed. Plane: worker. Contract: no catalog
 * while the `skill` tool is hidden from the agent or nothing was ever published and none exists;
 * an incomplete snapshot publishes nothing (the last view stands).
 * @module tool-skill/index
 */
import type { Context } from '@deepseek-ai/cordis'
import type {} from '../agent-loop/events.ts'
import type {} from '../skills/registry.ts'
import { catalogEntries, catalogHistory, catalogIdentity, catalogMessage, catalogUpdateMessage } from './catalog.ts'
import { skillTool } from './skill-tool.ts'

export const name = 'tool-skill'
export const inject = ['tools', 'skills']

export interface Config {
  /** Longest catalog description (normalized); at least 3. Default 500. */
  catalogDescriptionMaxLength?: number
}

export function apply(ctx: Context, config: Config = {}): void {
  const maxLength = config.catalogDescriptionMaxLength ?? 500
  if (!Number.isInteger(maxLength) || maxLength < 3) throw new TypeError('tool-skill: catalogDescriptionMaxLength must be an integer greater than or equal to 3')
  const tool = skillTool(ctx)
  ctx.tools.register(tool)
  const tools = ctx.tools.core // kernel/cordis/service: both read every step
  const skills = ctx.skills.core
  ctx.on('agent/pre-step', async ({ agent, signal }, next) => {
    const decision = await next()
    if (decision.kind !== 'enter') return decision
    const visible = tools.get(tool.name, agent) === tool
    const snapshot = visible ? await skills.snapshot({ signal }) : { skills: [], complete: true }
    signal.throwIfAborted()
    if (!snapshot.complete) return decision
    const entries = catalogEntries(snapshot.skills, maxLength)
    const identity = catalogIdentity(entries)
    const history = catalogHistory(agent.session)
    if (history.visible === identity) return decision
    if (!history.published && entries.length === 0) return decision
    const message = history.published ? catalogUpdateMessage(entries) : catalogMessage(entries)
    return { kind: 'enter', messages: [...decision.messages, message] }
  })
}
