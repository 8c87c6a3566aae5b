// A workspace without instruction files is scanned once, not at every step, until it changes: a file
// the shell or a tool creates mid-turn still enters the next step; a filesystem that does not publish
// every change, an unreadable candidate and a change during the scan are never remembered.
import { afterEach, describe, expect, it } from 'vitest'
import { createRuntime, defineTool, type Runtime, type ScriptedReply, type UserMessage } from '../../../../src/index.ts'
import type { FileSystem } from '../../../../src/fs/file-system.ts'
import { EmptyScans } from '../../../../src/plugins/agent-instructions/empty-scans.ts'
import type { Candidates } from '../../../../src/plugins/agent-instructions/files.ts'

const runtimes: Runtime[] = []
afterEach(async () => { for (const runtime of runtimes.splice(0)) await runtime.dispose() })

const candidates: Candidates = { base: ['AGENTS.md', 'CLAUDE.md'], local: ['AGENTS.local.md', 'CLAUDE.local.md'], maxSourceBytes: 1024 }
const wsId = () => `scans-${Math.random().toString(36).slice(2)}`
const noop = defineTool({ name: 'noop', description: 'Does nothing.', parameters: { type: 'object', properties: {} }, output: { schema: { type: 'string' }, render: () => [{ type: 'text', text: 'ok' }] }, execute: async () => 'ok' })
const call = (name: string, args: Record<string, unknown>): ScriptedReply => ({ toolCalls: [{ name, arguments: JSON.stringify(args) }] })

async function runtimeWith(replies: ScriptedReply[]) {
  const runtime = await createRuntime({ llm: { provider: 'scripted', replies }, workspace: { provider: 'memory', id: wsId(), files: { 'src/main.ts': 'export {}\n' } }, permissions: 'danger-full-access' })
  runtimes.push(runtime)
  runtime.ctx.tools.register(noop)
  /** Candidate files looked up, in order. */
  const looked: string[] = []
  const core = runtime.ctx.fs.core
  const stat = core.stat.bind(core)
  core.stat = (target, ...rest) => {
    if (/(AGENTS|CLAUDE)(\.local)?\.md$/.test(target.targetKey)) looked.push(target.displayPath)
    return stat(target, ...rest)
  }
  return { runtime, looked, agent: await runtime.open() }
}

const instructions = (events: readonly { type: string; data: unknown }[]) => events
  .filter((e) => e.type === 'user/message').map((e) => e.data as UserMessage)
  .filter((m) => m.source.kind === 'plugin' && m.source.plugin === 'agent-instructions')

/** The step each instruction message entered in. */
function stepsOfInstructions(events: readonly { type: string; data: unknown }[]): number[] {
  let step = 0
  const steps: number[] = []
  for (const event of events) {
    if (event.type === 'step/start') step = (event.data as { step: number }).step
    if (event.type === 'user/message' && instructions([event]).length > 0) steps.push(step)
  }
  return steps
}

describe('agent-instructions: a workspace without instruction files', () => {
  it('is scanned at the first step only while nothing changes', async () => {
    const { agent, looked } = await runtimeWith([call('noop', {}), call('noop', {}), { text: 'done' }])
    agent.followup('go')
    await agent.whenIdle()
    expect(agent.session.events.filter((e) => e.type === 'step/end')).toHaveLength(3)
    expect(looked).toEqual(['AGENTS.md', 'CLAUDE.md', 'AGENTS.local.md', 'CLAUDE.local.md'])
    expect(instructions(agent.session.events)).toEqual([])
  })

  it('a file the shell creates mid-turn enters the next step, as with a rescan at every step', async () => {
    const { agent } = await runtimeWith([
      call('noop', {}),
      call('bash', { command: 'printf "Use pnpm.\\n" > AGENTS.md', description: 'add instructions' }),
      { text: 'done' },
    ])
    agent.followup('go')
    await agent.whenIdle()
    const [baseline] = instructions(agent.session.events)
    expect(baseline?.source).toMatchObject({ baseline: true, changes: [{ action: 'set', scope: '.', path: 'AGENTS.md' }] })
    expect(stepsOfInstructions(agent.session.events)).toEqual([3])
  })

  it('a file a tool writes (any change through ctx.fs) is found at the next step', async () => {
    const { agent, looked } = await runtimeWith([
      call('noop', {}),
      call('write', { file_path: 'notes.txt', content: 'x' }),
      call('noop', {}),
      { text: 'done' },
    ])
    agent.followup('go')
    await agent.whenIdle()
    expect(looked).toHaveLength(8) // step 1, and step 3 after the write; not steps 2 and 4
    expect(instructions(agent.session.events)).toEqual([])
  })
})

describe('EmptyScans', () => {
  async function workspace() {
    const runtime = await createRuntime({ workspace: { provider: 'memory', id: wsId() } })
    runtimes.push(runtime)
    return runtime.ctx.fs
  }

  /** `fs` as the scan sees it, with `stat` replaced and whether every change is published. */
  function viewOf(fs: FileSystem, options: { observed: boolean; stat?: FileSystem['stat'] }): FileSystem {
    return {
      root: fs.root, core: fs.core, changesAllObserved: options.observed,
      resolve: (path: string) => fs.resolve(path), readText: fs.readText.bind(fs), stat: options.stat ?? fs.stat.bind(fs),
    } as unknown as FileSystem
  }

  function counting(fs: FileSystem, onStat: () => void = () => {}): { stats: () => number; stat: FileSystem['stat'] } {
    let count = 0
    return { stats: () => count, stat: (target, signal, policy) => { count++; onStat(); return fs.stat(target, signal, policy) } }
  }

  it('remembers an empty scan until changed(); a non-empty one is never remembered', async () => {
    const fs = await workspace()
    const scans = new EmptyScans()
    const { stats, stat } = counting(fs)
    const view = viewOf(fs, { observed: true, stat })
    expect(await scans.loadChain(view, fs.root, candidates, 'k')).toEqual([])
    expect(await scans.loadChain(view, fs.root, candidates, 'k')).toEqual([])
    expect(stats()).toBe(4)
    await fs.writeText(fs.resolve('AGENTS.md'), 'Rules.\n')
    scans.changed()
    expect((await scans.loadChain(view, fs.root, candidates, 'k')).map((f) => f.displayPath)).toEqual(['AGENTS.md'])
    await scans.loadChain(view, fs.root, candidates, 'k')
    expect(stats()).toBe(12)
  })

  it('scans every time on a filesystem that does not publish every change', async () => {
    const fs = await workspace()
    const scans = new EmptyScans()
    const { stats, stat } = counting(fs)
    const view = viewOf(fs, { observed: false, stat })
    await scans.loadChain(view, fs.root, candidates, 'k')
    await scans.loadChain(view, fs.root, candidates, 'k')
    expect(stats()).toBe(8)
  })

  it('does not remember a scan that met an unreadable candidate, or during which the workspace changed', async () => {
    const fs = await workspace()
    const scans = new EmptyScans()
    let failOnce = true
    const flaky = viewOf(fs, { observed: true, stat: (target, signal, policy) => {
      if (failOnce) {
        failOnce = false
        return Promise.reject(new Error('provider hiccup'))
      }
      return fs.stat(target, signal, policy)
    } })
    await scans.loadChain(flaky, fs.root, candidates, 'k')
    const { stats, stat } = counting(fs)
    await scans.loadChain(viewOf(fs, { observed: true, stat }), fs.root, candidates, 'k')
    expect(stats()).toBe(4)

    const racing = new EmptyScans()
    const changing = counting(fs, () => racing.changed())
    const view = viewOf(fs, { observed: true, stat: changing.stat })
    await racing.loadChain(view, fs.root, candidates, 'k')
    await racing.loadChain(view, fs.root, candidates, 'k')
    expect(changing.stats()).toBe(8)
  })
})
