// ctx.jobs over the real just-bash shell: ids count up, read returns only the output since the
// previous read, kill stops a running job (false once ended), unknown ids are JOB_NOT_FOUND, and
// jobs die with their owning agent and with the plugin.
import { afterEach, describe, expect, it } from 'vitest'
import { createRuntime, type Runtime } from '../../../src/index.ts'
import { JobNotFoundError } from '../../../src/jobs/errors.ts'
import type { ShellProcess } from '../../../src/shell/types.ts'

let runtime: Runtime | undefined
afterEach(async () => {
  await runtime?.dispose()
  runtime = undefined
})

async function jobs(): Promise<Runtime> {
  runtime = await createRuntime({ llm: { provider: 'scripted', replies: [] } })
  return runtime
}

function startBash(rt: Runtime, command: string, owner = 'agent-a'): string {
  const spec = rt.ctx.shell.resolve({ command })
  return rt.ctx.jobs.start({ kind: 'bash', label: command, owner, run: () => rt.ctx.shell.start({ ...spec, timeoutMs: Number.POSITIVE_INFINITY }) })
}

describe('ctx.jobs', () => {
  it('numbers jobs, lists them per owner oldest first, and reads output as deltas', async () => {
    const rt = await jobs()
    const first = startBash(rt, 'echo one')
    const second = startBash(rt, 'echo two', 'agent-b')
    expect([first, second]).toEqual(['job-1', 'job-2'])
    await rt.ctx.jobs.get(first)!.done
    expect(rt.ctx.jobs.list('agent-a').map((job) => [job.id, job.label, job.status])).toEqual([['job-1', 'echo one', 'completed']])
    expect(rt.ctx.jobs.read(first)).toEqual({ status: 'completed', exitCode: 0, signal: null, output: 'one\n', lossy: false })
    expect(rt.ctx.jobs.read(first).output).toBe('') // the delta since the previous read
  })

  it('kills a running job once; an ended job reports false', async () => {
    const rt = await jobs()
    const id = startBash(rt, 'while true; do sleep 0.01; done')
    expect(rt.ctx.jobs.get(id)!.status).toBe('running')
    expect(rt.ctx.jobs.kill(id)).toBe(true)
    await rt.ctx.jobs.get(id)!.done
    expect(rt.ctx.jobs.get(id)!.status).toBe('killed')
    expect(rt.ctx.jobs.kill(id)).toBe(false)
  })

  it('names an unknown id with JOB_NOT_FOUND on read and kill; get is undefined', async () => {
    const rt = await jobs()
    expect(() => rt.ctx.jobs.read('job-9')).toThrow(JobNotFoundError)
    expect(() => rt.ctx.jobs.kill('job-9')).toThrow(expect.objectContaining({ code: 'JOB_NOT_FOUND', message: expect.stringContaining('"job-9"') }))
    expect(rt.ctx.jobs.get('job-9')).toBeUndefined()
  })

  it('kills only the jobs of an agent that is disposed', async () => {
    const rt = await jobs()
    const agent = await rt.open()
    const owned = startBash(rt, 'while true; do sleep 0.01; done', agent.id)
    const other = startBash(rt, 'while true; do sleep 0.01; done', 'someone-else')
    await rt.ctx.agents.dispose(agent.id)
    await rt.ctx.jobs.get(owned)!.done
    expect(rt.ctx.jobs.get(owned)!.status).toBe('killed')
    expect(rt.ctx.jobs.get(other)!.status).toBe('running')
    rt.ctx.jobs.kill(other)
  })

  it('kills every job when the runtime (and so the plugin) is disposed, and waits for them', async () => {
    const rt = await jobs()
    const processes: ShellProcess[] = []
    const spec = rt.ctx.shell.resolve({ command: 'while true; do sleep 0.01; done' })
    for (const owner of ['agent-a', 'agent-b']) {
      rt.ctx.jobs.start({ kind: 'bash', label: 'loop', owner, run: () => processes[processes.push(rt.ctx.shell.start({ ...spec, timeoutMs: Number.POSITIVE_INFINITY })) - 1]! })
    }
    expect(processes.map((p) => p.status)).toEqual(['running', 'running'])
    await rt.dispose()
    runtime = undefined
    expect(processes.map((p) => p.status)).toEqual(['killed', 'killed'])
  })
})
