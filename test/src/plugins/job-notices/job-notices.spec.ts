// Background-job notices through the whole runtime (scripted model, real just-bash): an unreported
// end is injected into a busy agent's next step or wakes an idle one (dsh's wording), wakes are
// capped at maxConsecutiveWakes until a user message, a kill or a waiting read owes no notice, the
// log keeps job/started and job/ended (ignorable), and a reload reports still-running jobs lost.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { createRuntime, type Runtime } from '../../../../src/index.ts'
import { scriptedAdapter } from '../../../../src/llm-scripted/index.ts'
import type { ScriptedReply, ScriptedReplyData } from '../../../../src/llm-scripted/types.ts'
import type { Session } from '../../../../src/session/session.ts'
import type { SessionEvent } from '../../../../src/session/types.ts'
import type { JsonValue } from '../../../../src/util/json.ts'
import { nextEvent } from '../../../harness/loop-runtime.ts'

const runtimes: Runtime[] = []
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.dispose().catch(() => undefined)))
})

async function start(replies: ScriptedReply[], options: Parameters<typeof createRuntime>[0] = {}): Promise<Runtime> {
  const runtime = await createRuntime({ llm: { provider: 'scripted', replies }, ...options })
  runtimes.push(runtime)
  return runtime
}

const call = (name: string, args: { [key: string]: JsonValue }): ScriptedReplyData => ({ toolCalls: [{ name, arguments: args }] })
const background = (command: string) => call('bash', { command, description: 'background test', run_in_background: true })
const text = (content: readonly { type: string; text?: string }[]) => content.map((block) => block.text ?? '').join('')
/** The texts of the job-notices messages the model was given, in log order. */
const notices = (session: Session) => session.events
  .filter((event): event is SessionEvent<'user/message'> => event.type === 'user/message')
  .filter((event) => event.data.source.kind === 'plugin' && event.data.source.plugin === 'job-notices')
  .map((event) => text(event.data.content))
const toolTexts = (session: Session) => session.events
  .filter((event): event is SessionEvent<'tool/result'> => event.type === 'tool/result')
  .map((event) => text(event.data.message.content[0].content))

/** A command that waits until `open(runtime, name)` runs: a job that ends exactly when the test says. */
const gated = (name: string, then: string) => `until [ -f ${name} ]; do sleep 0.01; done; ${then}`
const open = (runtime: Runtime, name: string) => runtime.ctx.shell.run(runtime.ctx.shell.resolve({ command: `touch ${name}` }))

/** Resolves when the session holds `count` events of `type`. */
async function eventCount(session: Session, type: string, count: number): Promise<void> {
  while (session.events.filter((event) => event.type === type).length < count) await new Promise((resolve) => setTimeout(resolve, 5))
}

describe('job-notices', () => {
  it('wakes an idle owner with dsh\'s completion notice, and logs the job ledger as ignorable events', async () => {
    const runtime = await start([background(gated('go', 'echo hi; exit 2')), { text: 'started' }, { text: 'collected' }])
    const agent = await runtime.open()
    agent.followup('run it')
    await agent.whenIdle()
    await open(runtime, 'go')
    await eventCount(agent.session, 'turn/end', 2)
    await agent.whenIdle()
    expect(notices(agent.session)).toEqual([`background job job-1 (bash: ${gated('go', 'echo hi; exit 2')}) finished [status: completed, exit code 2]. Read its output with job_output.`])
    const started = agent.session.events.find((event) => event.type === 'job/started')!
    const ended = agent.session.events.find((event) => event.type === 'job/ended')!
    expect(started).toMatchObject({ ignorable: true, data: { jobId: 'job-1', label: gated('go', 'echo hi; exit 2') } })
    expect(ended).toMatchObject({ ignorable: true, data: { jobId: 'job-1', status: 'completed', exitCode: 2, signal: null } })
    // The notice opened a second turn, and the model's second request saw it.
    expect(scriptedAdapter(runtime.ctx).requests.length).toBe(3)
    expect(JSON.stringify(scriptedAdapter(runtime.ctx).requests[2]!.messages.at(-1))).toContain('background job job-1')
  })

  it('injects into a busy owner: the notice joins the running turn\'s next step, no new turn', async () => {
    const runtime = await start([
      background('echo quick'),
      async () => {
        await runtime.ctx.jobs.get('job-1')!.done
        return { text: 'still working' , toolCalls: [{ name: 'job_list', arguments: {} }] }
      },
      { text: 'done' },
    ])
    const agent = await runtime.open()
    agent.followup('go')
    await agent.whenIdle()
    expect(agent.session.events.filter((event) => event.type === 'turn/start').length).toBe(1)
    expect(notices(agent.session)).toEqual(['background job job-1 (bash: echo quick) finished [status: completed, exit code 0]. Read its output with job_output.'])
    expect(toolTexts(agent.session)[1]).toBe('job-1 [bash] completed — echo quick')
  })

  it('caps wakes at 3 turns between user messages; later notices wait in the inbox; a user message restores the budget', async () => {
    // Every woken turn starts another job, whose end would wake it again: the self-exciting chain.
    const chain: ScriptedReply[] = []
    for (let i = 0; i < 4; i++) chain.push(background(gated(`go-${i}`, `echo round ${i}`)), { text: `round ${i}` })
    const runtime = await start([...chain, { text: 'user turn' }, { text: 'woken again' }])
    const agent = await runtime.open()
    agent.followup('start the chain')
    for (let i = 0; i < 4; i++) {
      await eventCount(agent.session, 'job/started', i + 1)
      await agent.whenIdle()
      await open(runtime, `go-${i}`)
      await eventCount(agent.session, 'job/ended', i + 1)
    }
    await agent.whenIdle()
    // 1 user turn + 3 woken turns; the 4th end is injected and waits for the next turn.
    expect(agent.session.events.filter((event) => event.type === 'turn/start').length).toBe(4)
    expect(agent.inbox.nextStep.length).toBe(1)
    agent.followup('next')
    await agent.whenIdle()
    expect(notices(agent.session)).toHaveLength(4)
    expect(agent.session.events.filter((event) => event.type === 'turn/start').length).toBe(5)
  })

  it('owes no notice after a kill or a waiting read; job_output wait returns the end, a timeout reports running', async () => {
    const runtime = await start([
      background('sleep 0.3; echo slow'),
      call('job_output', { job_id: 'job-1', wait: true, timeout_ms: 20 }),
      call('job_output', { job_id: 'job-1', wait: true, timeout_ms: 10_000 }),
      background('while true; do sleep 0.01; done'),
      call('job_kill', { job_id: 'job-2' }),
      { text: 'done' },
    ])
    const agent = await runtime.open()
    agent.followup('go')
    await agent.whenIdle()
    const [, timedOut, waited, , killed] = toolTexts(agent.session)
    expect(timedOut).toBe('Job job-1 is still running.\n(no new output)')
    expect(waited).toBe('Job job-1 completed with exit code 0.\nslow')
    expect(killed).toBe('Killed job job-2. Its remaining output can still be read with job_output.')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(notices(agent.session)).toEqual([])
    expect(agent.session.events.filter((event) => event.type === 'job/ended').map((event) => (event.data as { status: string }).status)).toEqual(['completed', 'killed'])
  })

  it('refuses an 11th running job with JOB_LIMIT; an ended job frees its place', async () => {
    const runtime = await start([])
    const spec = runtime.ctx.shell.resolve({ command: 'while true; do sleep 0.01; done' })
    const startLoop = () => runtime.ctx.jobs.start({ kind: 'bash', label: 'loop', owner: 'agent-a', run: () => runtime.ctx.shell.start({ ...spec, timeoutMs: Number.POSITIVE_INFINITY }) })
    const ids = Array.from({ length: 10 }, startLoop)
    expect(() => startLoop()).toThrow(expect.objectContaining({ name: 'JobLimitError', code: 'JOB_LIMIT', message: expect.stringContaining('limit: 10') }))
    expect(runtime.ctx.jobs.start({ kind: 'bash', label: 'other', owner: 'agent-b', run: () => runtime.ctx.shell.start({ ...spec, timeoutMs: Number.POSITIVE_INFINITY }) })).toBe('job-11')
    runtime.ctx.jobs.kill(ids[0]!)
    await runtime.ctx.jobs.get(ids[0]!)!.done
    expect(startLoop()).toBe('job-12')
  })

  it('the bash tool reports the limit as a named error result', async () => {
    const replies: ScriptedReply[] = Array.from({ length: 11 }, () => background('while true; do sleep 0.01; done'))
    const runtime = await start([...replies, { text: 'enough' }])
    const agent = await runtime.open()
    agent.followup('go')
    await agent.whenIdle()
    expect(toolTexts(agent.session).at(-1)).toContain('background job limit reached for this agent (limit: 10)')
  })

  it('after a reload, jobs the log had running are reported lost: a job/lost event and a notice for the model', async () => {
    const first = await start([background('while true; do sleep 0.01; done'), { text: 'started' }], { storage: 'indexeddb' })
    const agent = await first.open()
    agent.followup('start a server')
    await agent.whenIdle()
    const id = agent.id
    // A reload: the worker and its processes are gone; nothing logs the job's end.
    await first.dispose()
    const second = await start([{ text: 'noted' }], { storage: 'indexeddb' })
    const reopened = await second.open(id)
    const lost = await nextEvent(reopened.session, 'job/lost', 0)
    expect(lost).toMatchObject({ ignorable: true, data: { jobId: 'job-1', label: 'while true; do sleep 0.01; done' } })
    reopened.followup('what happened?')
    await reopened.whenIdle()
    expect(notices(reopened.session)).toEqual(['background job job-1 (bash: while true; do sleep 0.01; done) was lost: the session was closed (a reload or a closed page) while it ran, so its process and unread output are gone. Run it again if you still need it.'])
    // Reported once: opening it again finds nothing more to report.
    await second.ctx.agents.dispose(reopened.id)
    const again = await second.open(id)
    expect(again.session.events.filter((event) => event.type === 'job/lost')).toHaveLength(1)
  })
})
