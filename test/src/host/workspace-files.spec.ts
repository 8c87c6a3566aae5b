// The paged workspace API behind <dsh-workspace>: directory pages with a stated cap (5,000 files
// reach the page in full, page by page), one file at a time (text with its version, binary and
// too-large as notices), the person's guarded saves, live change and shell notices while watched,
// and the person's commands with Ctrl-C.
import { afterEach, describe, expect, it } from 'vitest'
import { AgentHost } from '../../../src/host/index.ts'
import { WORKSPACE_LIST_CAP, WORKSPACE_READ_CAP } from '../../../src/host/workspace-files.ts'
import { createRuntime } from '../../../src/kernel/runtime.ts'
import type { CommandResultMap, HostNotice, RuntimeSettings, WorkspaceEntry } from '../../../src/protocol/index.ts'
import { hostCall } from './host-call.ts'

const hosts: AgentHost[] = []
afterEach(async () => { await Promise.all(hosts.splice(0).map((host) => host.reset())) })

const call = hostCall

async function failure(host: AgentHost, command: Parameters<AgentHost['call']>[0]): Promise<string> {
  const reply = await host.call(command)
  if (reply.ok) throw new Error(`${command.kind} succeeded`)
  return reply.code
}

let workspaces = 0
/** Each test its own workspace id: seed files apply only to a new workspace. */
async function started(settings: Partial<RuntimeSettings> = {}): Promise<{ host: AgentHost; notices: HostNotice[] }> {
  const host = new AgentHost(createRuntime)
  hosts.push(host)
  const notices: HostNotice[] = []
  await host.attach((batch) => { notices.push(...batch) })
  await call(host, { kind: 'host.configure', settings: { provider: 'scripted', permissions: 'workspace-write', storage: 'memory', workspaceId: `files-${++workspaces}`, ...settings } })
  return { host, notices }
}

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5))
  expect(check()).toBe(true)
}

describe('workspace.list', () => {
  it('pages through 5,000 files with the cap stated, where the snapshot stops at 200', async () => {
    const files = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`big/f${String(i).padStart(4, '0')}.txt`, `${i}\n`]))
    const { host } = await started({ workspace: { ...files, 'README.md': '# hi\n' } })

    const root = await call(host, { kind: 'workspace.list', path: '' })
    expect(root.entries.map((e) => [e.name, e.path, e.type])).toEqual([['README.md', 'README.md', 'file'], ['big', 'big', 'directory']])

    const seen: WorkspaceEntry[] = []
    let offset: number | undefined = 0
    while (offset !== undefined) {
      const page: CommandResultMap['workspace.list'] = await call(host, { kind: 'workspace.list', path: 'big', offset })
      expect(page.cap).toBe(WORKSPACE_LIST_CAP)
      expect(page.total).toBe(5000)
      expect(page.entries.length).toBeLessThanOrEqual(WORKSPACE_LIST_CAP)
      seen.push(...page.entries)
      offset = page.next
    }
    expect(seen).toHaveLength(5000)
    expect(seen[4999]).toMatchObject({ name: 'f4999.txt', path: 'big/f4999.txt', type: 'file', size: 5 })
    expect((await call(host, { kind: 'workspace.snapshot' })).truncated).toBe(true)
  })

  it('keeps paths outside the workspace unreachable (sandbox) and names a missing directory', async () => {
    const { host } = await started({ workspace: { 'a.txt': 'a' } })
    expect(await failure(host, { kind: 'workspace.list', path: '/etc' })).toBe('FS_SANDBOX_DENIED')
    expect(await failure(host, { kind: 'workspace.read', path: '../secret' })).toBe('FS_SANDBOX_DENIED')
    expect(await failure(host, { kind: 'workspace.list', path: 'nope' })).toBe('FS_NOT_FOUND')
  })
})

describe('workspace.read / write', () => {
  it('reads text with its version; binary and too-large files come back as notices with the cap', async () => {
    const { host } = await started({ workspace: { 'src/a.ts': 'export const a = 1\n' } })
    const file = await call(host, { kind: 'workspace.read', path: 'src/a.ts' })
    expect(file).toMatchObject({ path: 'src/a.ts', kind: 'text', text: 'export const a = 1\n', size: 19 })

    const { ctx } = await host.runtime()
    await ctx.fs.writeBytes(ctx.fs.resolve('logo.png'), new Uint8Array([0x89, 0x50, 0xff, 0xfe, 0x00]))
    await ctx.fs.writeText(ctx.fs.resolve('huge.txt'), 'x'.repeat(WORKSPACE_READ_CAP + 1))
    await ctx.fs.writeText(ctx.fs.resolve('nul.bin'), 'PNG\0\u0001')
    expect(await call(host, { kind: 'workspace.read', path: 'nul.bin' })).toMatchObject({ kind: 'binary', size: 5 })
    expect(await call(host, { kind: 'workspace.read', path: 'logo.png' })).toEqual({ path: 'logo.png', kind: 'binary', size: 5, cap: WORKSPACE_READ_CAP })
    expect(await call(host, { kind: 'workspace.read', path: 'huge.txt' })).toEqual({ path: 'huge.txt', kind: 'too-large', size: WORKSPACE_READ_CAP + 1, cap: WORKSPACE_READ_CAP })
  })

  it('saves only over the version the text was edited from: a stale save fails and loses nothing', async () => {
    const { host } = await started({ workspace: { 'a.txt': 'one\n' } })
    const opened = await call(host, { kind: 'workspace.read', path: 'a.txt' })
    if (opened.kind !== 'text') throw new Error('not text')
    const { ctx } = await host.runtime()
    await ctx.fs.writeText(ctx.fs.resolve('a.txt'), 'agent wrote this\n') // the agent, meanwhile

    expect(await failure(host, { kind: 'workspace.write', path: 'a.txt', text: 'person\n', baseVersion: opened.version })).toBe('FS_STALE_VERSION')
    const now = await call(host, { kind: 'workspace.read', path: 'a.txt' })
    expect(now).toMatchObject({ text: 'agent wrote this\n' })
    if (now.kind !== 'text') throw new Error('not text')
    await call(host, { kind: 'workspace.write', path: 'a.txt', text: 'merged\n', baseVersion: now.version })
    expect(await call(host, { kind: 'workspace.read', path: 'a.txt' })).toMatchObject({ text: 'merged\n' })

    expect(await failure(host, { kind: 'workspace.write', path: 'a.txt', text: 'x', baseVersion: null })).toBe('FS_NOT_OBSERVED')
    await call(host, { kind: 'workspace.write', path: 'new/b.txt', text: 'b\n', baseVersion: null })
    expect(await call(host, { kind: 'workspace.read', path: 'new/b.txt' })).toMatchObject({ text: 'b\n' })
  })

  it("the person's save reaches the agent: an edit from its earlier read is refused until it reads again", async () => {
    const read = { name: 'read', arguments: { file_path: 'a.txt' } }
    const edit = { name: 'edit', arguments: { file_path: 'a.txt', old_string: 'one', new_string: 'ONE' } }
    const { host } = await started({ workspace: { 'a.txt': 'one two\n' }, replies: [{ toolCalls: [read] }, { text: 'read it' }, { toolCalls: [edit] }, { text: 'tried' }] })
    const { sessionId } = await call(host, { kind: 'session.open' })
    await call(host, { kind: 'agent.prompt', sessionId, text: 'read a.txt' })
    await host.agent(sessionId).whenIdle()

    const opened = await call(host, { kind: 'workspace.read', path: 'a.txt' })
    if (opened.kind !== 'text') throw new Error('not text')
    await call(host, { kind: 'workspace.write', path: 'a.txt', text: 'one two three\n', baseVersion: opened.version })
    await call(host, { kind: 'agent.prompt', sessionId, text: 'edit it' })
    await host.agent(sessionId).whenIdle()

    const results = host.agent(sessionId).session.events.filter((e) => e.type === 'tool/result')
    // refused before the version guard is even reached: the person's save outdated the agent's read (plugins/person-saves)
    expect(JSON.stringify(results.at(-1))).toContain('FS_NOT_OBSERVED')
    expect(JSON.stringify(results.at(-1))).toContain('a.txt was changed and saved by the person since you last read it; read it again before changing it')
    expect(await call(host, { kind: 'workspace.read', path: 'a.txt' })).toMatchObject({ text: 'one two three\n' })
  })

  it('creates folders, renames (never over an existing file) and deletes, but never the root', async () => {
    const { host } = await started({ workspace: { 'a.txt': 'a', 'b.txt': 'b' } })
    await call(host, { kind: 'workspace.mkdir', path: 'docs/notes' })
    await call(host, { kind: 'workspace.rename', from: 'a.txt', to: 'docs/a.txt' })
    expect(await failure(host, { kind: 'workspace.rename', from: 'b.txt', to: 'docs/a.txt' })).toBe('WORKSPACE_TARGET_EXISTS')
    await call(host, { kind: 'workspace.delete', path: 'b.txt' })
    expect((await call(host, { kind: 'workspace.list', path: '' })).entries.map((e) => e.name)).toEqual(['docs'])
    expect((await call(host, { kind: 'workspace.list', path: 'docs' })).entries.map((e) => e.name)).toEqual(['a.txt', 'notes'])
    expect(await failure(host, { kind: 'workspace.delete', path: '' })).toBe('FS_PERMISSION_DENIED')
  })
})

describe('workspace.watch / exec', () => {
  it('sends no workspace notices until a page watches, then every change with root-relative paths', async () => {
    const { host, notices } = await started({ workspace: { 'a.txt': 'a' } })
    const changes = () => notices.flatMap((n) => (n.kind === 'workspace.changed' ? n.changes : []))
    await call(host, { kind: 'workspace.write', path: 'quiet.txt', text: 'q', baseVersion: null })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(changes()).toEqual([])

    expect(await call(host, { kind: 'workspace.watch', on: true })).toEqual({ root: '/workspace', streams: false })
    await call(host, { kind: 'workspace.write', path: 'd/new.txt', text: 'n', baseVersion: null })
    await call(host, { kind: 'workspace.rename', from: 'a.txt', to: 'b.txt' })
    await call(host, { kind: 'workspace.delete', path: 'b.txt' })
    await until(() => changes().length >= 4)
    expect(changes().map((c) => ({ ...c, ...('version' in c ? { version: 'v' } : {}) }))).toEqual([
      { kind: 'mkdir', path: 'd' }, { kind: 'write', path: 'd/new.txt', version: 'v', created: true },
      { kind: 'rename', path: 'a.txt', to: 'b.txt' }, { kind: 'rm', path: 'b.txt' },
    ])
  })

  it("runs the person's command on the workspace shell and reports its output and exit", async () => {
    const { host, notices } = await started({ workspace: { 'a.txt': 'hello from the workspace\n' } })
    await call(host, { kind: 'workspace.watch', on: true })
    const { runId } = await call(host, { kind: 'workspace.exec', command: 'cat a.txt; echo oops >&2; exit 3' })
    await until(() => notices.some((n) => n.kind === 'shell.ended' && n.runId === runId))
    expect(notices.find((n) => n.kind === 'shell.started')).toMatchObject({ run: { runId, command: 'cat a.txt; echo oops >&2; exit 3', origin: 'person', streams: false, workdir: '' } })
    const output = notices.filter((n) => n.kind === 'shell.output' && n.runId === runId)
    expect(output).toEqual([
      { kind: 'shell.output', runId, stream: 'stdout', chunk: 'hello from the workspace\n' },
      { kind: 'shell.output', runId, stream: 'stderr', chunk: 'oops\n' },
    ])
    expect(notices.find((n) => n.kind === 'shell.ended')).toEqual({ kind: 'shell.ended', runId, exitCode: 3, signal: null })
  })

  it("shows the agent's bash calls as they run, marked as the agent's (just-bash: output at the end, said by streams: false)", async () => {
    const bash = { name: 'bash', arguments: { command: 'echo built; echo warn >&2', description: 'build' } }
    const { host, notices } = await started({ permissions: 'danger-full-access', replies: [{ toolCalls: [bash] }, { text: 'done' }] })
    await call(host, { kind: 'workspace.watch', on: true })
    const { sessionId } = await call(host, { kind: 'session.open' })
    await call(host, { kind: 'agent.prompt', sessionId, text: 'build' })
    await host.agent(sessionId).whenIdle()
    await until(() => notices.some((n) => n.kind === 'shell.ended'))
    const shell = notices.filter((n) => n.kind.startsWith('shell.'))
    expect(shell.map((n) => n.kind)).toEqual(['shell.started', 'shell.output', 'shell.output', 'shell.ended'])
    expect(shell[0]).toMatchObject({ run: { command: 'echo built; echo warn >&2', origin: 'agent', streams: false } })
    expect(shell.slice(1, 3).map((n) => n.kind === 'shell.output' && [n.stream, n.chunk])).toEqual([['stdout', 'built\n'], ['stderr', 'warn\n']])
  })

  it('Ctrl-C stops a running command of the person', async () => {
    const { host, notices } = await started()
    await call(host, { kind: 'workspace.watch', on: true })
    const { runId } = await call(host, { kind: 'workspace.exec', command: 'sleep 30' })
    expect(await call(host, { kind: 'workspace.kill', runId })).toEqual({ killed: true })
    await until(() => notices.some((n) => n.kind === 'shell.ended' && n.runId === runId))
    expect(notices.find((n) => n.kind === 'shell.ended')).toMatchObject({ exitCode: null, signal: 'SIGTERM' })
    expect(await call(host, { kind: 'workspace.kill', runId })).toEqual({ killed: false })
  })
})
