// Background bash jobs through the whole runtime with the scripted model: bash run_in_background,
// job_output, job_kill, unknown ids, and jobs dying with their runtime.
import { afterEach, describe, expect, it } from 'vitest'
import type { ScriptedReply, ScriptedReplyData } from '../../../src/llm-scripted/types.ts'
import type { JsonValue } from '../../../src/util/json.ts'
import { createLoopRuntime } from '../../harness/loop-runtime.ts'

type Loop = Awaited<ReturnType<typeof createLoopRuntime>>
let current: Loop | undefined
async function start(replies: ScriptedReply[], options: Parameters<typeof createLoopRuntime>[1] = {}): Promise<Loop> {
  current = await createLoopRuntime(replies, options)
  return current
}
afterEach(async () => {
  await current?.runtime.dispose()
  current = undefined
})

const call = (name: string, args: { [key: string]: JsonValue }): ScriptedReplyData => ({ toolCalls: [{ name, arguments: args }] })
const background = (command: string) => call('bash', { command, description: 'background test', run_in_background: true })
/** The text of every tool result, in order. */
const results = (loop: Loop) => loop.ofType('tool/result').map((event) => {
  const block = event.data.message.content[0]!
  return { text: block.content.map((part) => (part.type === 'text' ? part.text : '')).join(''), isError: block.isError === true }
})
/** A reply that waits for job-1 to end before the model asks for its output. */
const afterJobEnds = (reply: ScriptedReplyData): ScriptedReply => async () => {
  await current!.runtime.ctx.jobs.get('job-1')!.done
  return reply
}

describe('background bash jobs', () => {
  it('bash run_in_background returns a job id at once and the turn goes on', async () => {
    const loop = await start([background('sleep 0.2; echo late'), { text: 'started it' }])
    loop.agent.followup('run it in the background')
    await loop.agent.whenIdle()
    expect(results(loop)).toEqual([{ text: 'Started background job job-1. It keeps running while you continue; call job_output with job_id "job-1" to read its new output and exit status, or job_kill to stop it.', isError: false }])
    expect(loop.ofType('tool/result')[0]!.data.meta).toEqual({ jobId: 'job-1' })
    const job = loop.runtime.ctx.jobs.get('job-1')!
    expect(job).toMatchObject({ kind: 'bash', label: 'sleep 0.2; echo late', owner: loop.agent.id, status: 'running' })
    expect(loop.runtime.ctx.jobs.list(loop.agent.id).map((info) => info.id)).toEqual(['job-1'])
    expect(loop.ofType('turn/end')[0]!.data.reason).toEqual({ kind: 'completed' })
  })

  it('job_output returns the output and exit status once the job is done, and each output once', async () => {
    const loop = await start([
      background('echo one; echo two >&2; exit 3'),
      afterJobEnds(call('job_output', { job_id: 'job-1' })),
      call('job_output', { job_id: 'job-1' }),
      { text: 'done' },
    ])
    loop.agent.followup('go')
    await loop.agent.whenIdle()
    const [, first, second] = results(loop)
    expect(first).toEqual({ text: 'Job job-1 completed with exit code 3.\none\ntwo', isError: false })
    expect(second).toEqual({ text: 'Job job-1 completed with exit code 3.\n(no new output)', isError: false })
    expect(loop.ofType('tool/result')[1]!.data.meta).toEqual({ exitCode: 3, signal: null })
  })

  it('job_kill stops a long-running job; killing it again does nothing', async () => {
    const loop = await start([
      background('while true; do sleep 0.01; done'),
      call('job_output', { job_id: 'job-1' }),
      call('job_kill', { job_id: 'job-1' }),
      call('job_kill', { job_id: 'job-1' }),
      { text: 'stopped' },
    ])
    loop.agent.followup('go')
    await loop.agent.whenIdle()
    const [, running, killed, again] = results(loop)
    expect(running).toEqual({ text: 'Job job-1 is still running.\n(no new output)', isError: false })
    expect(killed).toEqual({ text: 'Killed job job-1. Its remaining output can still be read with job_output.', isError: false })
    expect(again).toEqual({ text: 'Nothing to kill: Job job-1 was killed (signal SIGTERM).', isError: false })
    expect(loop.runtime.ctx.jobs.get('job-1')).toMatchObject({ status: 'killed', exitCode: null, signal: 'SIGTERM' })
  })

  it('an unknown job id is a clear error result', async () => {
    const loop = await start([call('job_output', { job_id: 'job-9' }), call('job_kill', { job_id: 'nope' }), { text: 'ok' }])
    loop.agent.followup('go')
    await loop.agent.whenIdle()
    expect(results(loop)).toEqual([
      { text: 'Error: No background job with id "job-9". Use the job id that bash returned for a run_in_background command.', isError: true },
      { text: 'Error: No background job with id "nope". Use the job id that bash returned for a run_in_background command.', isError: true },
    ])
    expect(loop.ofType('tool/result')[0]!.data.error).toEqual({ name: 'JobNotFoundError', code: 'JOB_NOT_FOUND' })
  })

  it('jobs of a disposed runtime are killed', async () => {
    const loop = await start([background('while true; do sleep 0.01; done'), { text: 'left running' }])
    loop.agent.followup('go')
    await loop.agent.whenIdle()
    const job = loop.runtime.ctx.jobs.get('job-1')!
    expect(job.status).toBe('running')
    const jobs = loop.runtime.ctx.jobs
    await loop.runtime.dispose()
    current = undefined
    await job.done
    expect(jobs.get('job-1')).toMatchObject({ status: 'killed', signal: 'SIGTERM' })
  })

  it('a disposed agent takes its jobs with it', async () => {
    const loop = await start([background('while true; do sleep 0.01; done'), { text: 'left running' }])
    loop.agent.followup('go')
    await loop.agent.whenIdle()
    await loop.runtime.ctx.agents.dispose(loop.agent.id)
    await loop.runtime.ctx.jobs.get('job-1')!.done
    expect(loop.runtime.ctx.jobs.get('job-1')!.status).toBe('killed')
  })

  it('enableRunInBackground: false offers bash without run_in_background and no job tools', async () => {
    const loop = await start([{ text: 'ok' }], { patches: [{ id: 'tool-shell', config: { enableRunInBackground: false } }] })
    loop.agent.followup('go')
    await loop.agent.whenIdle()
    const offered = loop.model.requests[0]!.tools ?? []
    expect(offered.map((tool) => tool.name)).not.toContain('job_output')
    expect(offered.map((tool) => tool.name)).not.toContain('job_kill')
    const bash = offered.find((tool) => tool.name === 'bash')!
    expect(Object.keys((bash.parameters as { properties: object }).properties)).toEqual(['command', 'description', 'timeoutMs', 'workdir'])
  })
})
