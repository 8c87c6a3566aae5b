/**
 * Background-job notices (dsh tool-jobs' completion delivery, plus a durable ledger): logs
 * `job/started`/`job/ended` in the owner's session, tells the owner of an unreported end (injected
 * into a busy agent's next step, or waking an idle one, at most `maxConsecutiveWakes` turns between
 * user messages), and on resume reports jobs the log still had running as `job/lost`.
 * Plane: worker. Contract: ledger events are written `ignorable`; the loop is not touched.
 * @module plugins/job-notices/index
 */
import type { Context } from '@deepseek-ai/cordis'
import type { Agent } from '../../agent-loop/types.ts'
import type { SessionId } from '../../util/brand.ts'
import type { JobInfo } from '../../jobs/types.ts'
import { createUserMessage } from '../../llm/messages.ts'
import { openJobs } from './ledger.ts'
import { completionNotice, lostNotice } from './notices.ts'
import './types.ts'

export const name = 'job-notices'
export const inject = ['jobs', 'agents', 'sessions']

export const EVENT_TYPES = ['job/started', 'job/ended', 'job/lost'] as const

export interface Config {
  /** Turns one agent may have opened by completion wakes before notices wait for the next turn; reset by a user message (dsh's default, 3). */
  maxConsecutiveWakes?: number
}

const source = { kind: 'plugin', plugin: 'job-notices', form: 'notice' } as const

export function apply(ctx: Context, config: Config = {}): void {
  const wakeBudget = config.maxConsecutiveWakes ?? 3
  if (!Number.isSafeInteger(wakeBudget) || wakeBudget < 0) throw new TypeError(`job-notices: maxConsecutiveWakes must be a whole number of turns, got ${wakeBudget}`)
  const spentWakes = new WeakMap<Agent, number>()
  ctx.effect(() => ctx.sessions.declareEventTypes(EVENT_TYPES))

  const ownerOf = (job: JobInfo): Agent | undefined => {
    const agent = ctx.agents.get(job.owner as SessionId)
    return agent && !agent.session.isClosed ? agent : undefined
  }

  ctx.on('jobs/started', ({ job }) => {
    ownerOf(job)?.session.append('job/started', { jobId: job.id, label: job.label }, { ignorable: true })
  })

  ctx.on('jobs/settled', ({ job, reported }) => {
    const agent = ownerOf(job)
    if (!agent) return
    const end = { status: job.status, exitCode: job.exitCode, signal: job.signal }
    agent.session.append('job/ended', { jobId: job.id, label: job.label, ...end }, { ignorable: true })
    if (reported) return
    const message = createUserMessage(completionNotice(job.id, job.label, end), source)
    const spent = spentWakes.get(agent) ?? 0
    if (agent.status === 'idle' && spent < wakeBudget) {
      spentWakes.set(agent, spent + 1)
      agent.followup(message)
    } else {
      agent.inject(message)
    }
  })

  // Claiming a user-authored message is where human input enters a step: it restores the budget; our own notices never do.
  ctx.on('agent/inbox/claimed', ({ agent, message }) => {
    if (message.source.kind === 'user') spentWakes.delete(agent)
  })

  ctx.on('agent/session-start', ({ agent, source: start }) => {
    if (start !== 'resume') return
    if (agent.session.lastOfType('job/started') === undefined) return // no job ever started: no need to scan the whole log
    for (const job of openJobs(agent.session.events)) {
      if (ctx.jobs.get(job.jobId)?.owner === agent.id) continue
      agent.session.append('job/lost', job, { ignorable: true })
      agent.inject(createUserMessage(lostNotice(job.jobId, job.label), source))
    }
  })
}
