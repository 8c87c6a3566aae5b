/**
 * Test-only worker: the headless runtime (`createRuntime`) on real IndexedDB, driven by the
 * durability specs — run a scripted turn, dispose the runtime or flush, and read a stored session
 * back from a fresh runtime.
 * @module demo/test-pages/runtime/worker
 */
import * as Comlink from 'comlink'
import { createRuntime, type Runtime, type SessionId } from '../../../src/index.ts'

const reply = { text: 'Here is a reply long enough to stream as several chunks of text.' }
let runtime: Runtime | undefined

function current(): Runtime {
  if (!runtime) throw new Error('no runtime: call start() first')
  return runtime
}

/** `ok`, or the failed call's error as `Name CODE: message`. */
async function outcome(work: Promise<unknown>): Promise<string> {
  try {
    await work
    return 'ok'
  } catch (error) {
    const e = error as { name?: string; code?: string; message?: string }
    return `${e.name ?? 'Error'} ${e.code ?? ''}: ${e.message ?? String(error)}`
  }
}

const api = {
  async start(): Promise<void> {
    runtime = await createRuntime({ storage: 'indexeddb', llm: { provider: 'scripted', replies: [reply, reply, reply] } })
  },
  /**
   * One scripted turn awaited with `whenIdle()`, then at once (same task) `then`: nothing, a
   * runtime dispose or a flush. Returns the session id, its event count and the
   * outcome of `then`.
   */
  async turn(then: 'none' | 'dispose' | 'flush' = 'none'): Promise<{ id: string; events: number; outcome: string }> {
    const rt = current()
    const agent = await rt.open()
    agent.followup('hello')
    await agent.whenIdle()
    const events = agent.session.events.length
    const next = then === 'dispose' ? outcome(rt.dispose())
      : then === 'flush' ? rt.sessions.flush().then(({ durable }) => `durable ${durable}`)
        : Promise.resolve('none')
    return { id: agent.id, events, outcome: await next }
  },
  async flush(): Promise<boolean> {
    return (await current().sessions.flush()).durable
  },
  dispose(): Promise<string> {
    return outcome(current().dispose())
  },
  /** The stored event types of `id`, read by a fresh runtime without opening the session. */
  async stored(id: string): Promise<string[] | undefined> {
    const reader = await createRuntime({ storage: 'indexeddb', llm: { provider: 'scripted', replies: [] } })
    try {
      return (await reader.sessions.read(id as SessionId))?.events.map((event) => event.type)
    } finally {
      await reader.dispose()
    }
  },
}

export type RuntimeTestApi = typeof api
Comlink.expose(api)
