/**
 * The person's saves reach the agent (issue 21.2): on `fs/person-saved` (the workspace editor's
 * save, host `workspace.write`) every live agent's session logs `workspace/saved-by-person`
 * (`ignorable`) and the agent is told in its next request — a notice injected into its next step
 * (one per step: later saves before it is read join the same notice). The read-before-edit guard
 * itself is fs-observation's (it refuses an edit until the file is read again).
 * Plane: worker. Contract: the loop is not touched; an idle agent is not woken.
 * @module plugins/person-saves/index
 */
import type { Context } from '@deepseek-ai/cordis'
import type { Agent } from '../../agent-loop/types.ts'
import type {} from '../../fs/file-system.ts'
import { createUserMessage } from '../../llm/messages.ts'
import type { UserMessage } from '../../llm/types.ts'
import { personSavedNotice } from './notice.ts'
import './types.ts'

export const name = 'person-saves'
export const inject = ['agents', 'sessions']

export const EVENT_TYPES = ['workspace/saved-by-person'] as const

export type Config = Record<string, never>

const PLUGIN = 'person-saves'

/** The paths a still-unclaimed notice of ours names. */
const noticePaths = (message: UserMessage): string[] | undefined => {
  const source = message.source
  return source.kind === 'plugin' && source.plugin === PLUGIN && Array.isArray(source.paths) ? source.paths.map(String) : undefined
}

/** Injects the notice for `path`, or widens the one already waiting for the agent's next step. */
function tell(agent: Agent, path: string): void {
  const waiting = agent.inbox.nextStep.find((message) => noticePaths(message) !== undefined)
  const paths = [...new Set([...(waiting ? noticePaths(waiting)! : []), path])]
  const message = createUserMessage(personSavedNotice(paths), { kind: 'plugin', plugin: PLUGIN, form: 'notice', paths })
  if (waiting) agent.inbox.replace(waiting.id, message)
  else agent.inject(message)
}

export function apply(ctx: Context): void {
  ctx.effect(() => ctx.sessions.declareEventTypes(EVENT_TYPES))
  ctx.on('fs/person-saved', (target, version) => {
    for (const agent of ctx.agents.list()) {
      if (agent.session.isClosed) continue
      agent.session.append('workspace/saved-by-person', { path: target.displayPath, version }, { ignorable: true })
      tell(agent, target.displayPath)
    }
  })
}
