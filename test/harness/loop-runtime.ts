/**
 * Builders for agent-loop runtime tests: a `createRuntime` with the scripted model, the log as
 * a compact type sequence (runs of `assistant/chunk` collapse to `assistant/chunk*`), waiting
 * for an event outside its publication, and tools that block until aborted.
 * @module test/harness/loop-runtime
 */
import { createRuntime, defineTool, type RuntimeOptions } from '../../src/index.ts'
import { scriptedAdapter } from '../../src/llm-scripted/index.ts'
import type { ScriptedReply } from '../../src/llm-scripted/types.ts'
import type { Session } from '../../src/session/session.ts'
import type { SessionEvent, SessionEventType } from '../../src/session/types.ts'
import type { ToolDefinition } from '../../src/tools/types.ts'
import { eventTypes } from './loop-session.ts'

export async function createLoopRuntime(replies: ScriptedReply[], options: RuntimeOptions = {}) {
  const runtime = await createRuntime({ llm: { provider: 'scripted', replies }, ...options })
  const agent = await runtime.open()
  return {
    runtime,
    agent,
    model: scriptedAdapter(runtime.ctx),
    /** Event types after the end-seed, chunk runs collapsed. */
    types: () => compactTypes(agent.session.events),
    ofType: <K extends SessionEventType>(type: K) => agent.session.events.filter((e): e is SessionEvent<K> => e.type === type),
  }
}

export function compactTypes(events: readonly SessionEvent[]): string[] {
  const out: string[] = []
  for (const type of eventTypes(events)) {
    const label = type === 'assistant/chunk' ? 'assistant/chunk*' : type
    if (label !== 'assistant/chunk*' || out.at(-1) !== label) out.push(label)
  }
  return out
}

/** Resolves (after its publication has finished) with the next event of `type` in `session`. */
export function nextEvent(session: Session, type: SessionEventType, from = session.events.length): Promise<SessionEvent> {
  return new Promise((resolve) => {
    const poll = () => {
      const found = session.events.slice(from).find((event) => event.type === type)
      if (found) resolve(found)
      else setTimeout(poll, 1)
    }
    poll()
  })
}

/** A tool whose body waits for its abort signal; `started` resolves when it runs. */
export function blockingTool(name = 'block'): { tool: ToolDefinition; started: Promise<void>; aborted: Promise<unknown> } {
  let markStarted!: () => void
  let markAborted!: (reason: unknown) => void
  const started = new Promise<void>((resolve) => { markStarted = resolve })
  const aborted = new Promise<unknown>((resolve) => { markAborted = resolve })
  const tool = defineTool({
    name,
    description: 'Blocks until aborted.',
    parameters: { type: 'object', properties: {} },
    output: { schema: { type: 'object' }, render: () => [{ type: 'text', text: 'done' }] },
    execute: (_args, exec) => new Promise<string>((_resolve, reject) => {
      markStarted()
      exec.signal.addEventListener('abort', () => {
        markAborted(exec.signal.reason)
        reject(new Error('blocked tool aborted'))
      })
    }),
  })
  return { tool, started, aborted }
}
