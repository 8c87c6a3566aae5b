/**
 * Builders for tools/approval/prompt tests: a root Cordis context with the real ToolRegistry and
 * ApprovalService, a Session checked by the §2.11 log invariant with one open turn and step, a
 * minimal Agent, and helpers to run calls through the real batch scheduler.
 * @module test/harness/tool-harness
 */
import { Context } from '@deepseek-ai/cordis'
import ToolRegistry, { executeToolBatch, defineTool, type Config as ToolsConfig, type ToolBatchOutcome } from '../../src/tools/index.ts'
import ApprovalService, { type Config as ApprovalConfig } from '../../src/approval/index.ts'
import type { Agent, Inbox } from '../../src/agent-loop/types.ts'
import type { UserMessage } from '../../src/llm/types.ts'
import type { ToolDefinition } from '../../src/tools/types.ts'
import { Session } from '../../src/session/session.ts'
import { LogInvariant } from '../../src/session/invariant.ts'
import { SESSION_FORMAT_VERSION, type SessionEvent } from '../../src/session/types.ts'
import { createUserMessage } from '../../src/llm/messages.ts'
import { usageReport } from '../../src/llm/usage-report.ts'
import { newId, type CallId, type SessionId } from '../../src/util/brand.ts'

/** A session whose every append must satisfy the §2.11 log invariant. */
export function createCheckedSession(): Session {
  const id = newId<SessionId>()
  const invariant = new LogInvariant()
  let time = 1_700_000_000_000
  const header = { type: 'session' as const, version: SESSION_FORMAT_VERSION, id, createdAt: time, delegationDepth: 0 }
  return new Session({ id, header, now: () => time++, verify: (event) => invariant.accept(event) })
}

const unsupportedInbox: Inbox = new Proxy({} as Inbox, {
  get: (_target, prop) => {
    throw new Error(`test agent inbox.${String(prop)} is not available`)
  },
})

/** A minimal Agent: real session and ctx; `inject`ed messages are recorded in `injected`. */
export function createTestAgent(ctx: Context, session: Session): Agent & { injected: UserMessage[] } {
  const injected: UserMessage[] = []
  const toMessage = (m: UserMessage | string): UserMessage => (typeof m === 'string' ? createUserMessage(m) : m)
  return {
    id: session.id,
    options: {},
    session,
    inbox: unsupportedInbox,
    status: 'running',
    ctx,
    injected,
    cancel: () => {},
    whenIdle: async () => {},
    runMaintenance: (task) => task(new AbortController().signal),
    send: (m) => void injected.push(toMessage(m)),
    followup: (m) => void injected.push(toMessage(m)),
    steer: (m) => void injected.push(toMessage(m)),
    inject: (m) => void injected.push(toMessage(m)),
    usage: () => usageReport({ events: session.events, messages: session.sharedMessages() }),
  }
}

export interface ToolHarnessOptions {
  tools?: ToolsConfig
  /** `false` mounts no approval service. */
  approval?: ApprovalConfig | false
}

export async function createToolHarness(options: ToolHarnessOptions = {}) {
  const root = new Context()
  await root.plugin(ToolRegistry, options.tools ?? {})
  if (options.approval !== false) await root.plugin(ApprovalService, options.approval ?? {})
  const session = createCheckedSession()
  const agent = createTestAgent(root, session)
  session.append('turn/start', { turn: 1 })
  session.append('step/start', { turn: 1, step: 1 })
  let counter = 0
  const harness = {
    root,
    session,
    agent,
    /** Runs `calls` as one step's batch (default signal: never aborted). */
    batch(calls: { name: string; arguments: string; callId?: string }[], signal = new AbortController().signal, maxParallel?: number): Promise<ToolBatchOutcome> {
      const withIds = calls.map((call) => ({ ...call, callId: (call.callId ?? `call-${++counter}`) as CallId }))
      return executeToolBatch({ ctx: root, agent, session, turn: 1, step: 1, calls: withIds, signal, ...(maxParallel ? { maxParallel } : {}) })
    },
    /** The events appended after the opening `step/start`. */
    logged(): SessionEvent[] {
      return session.events.slice(2)
    },
    /** The `tool/result` events, in log order. */
    results() {
      return session.events.filter((e): e is SessionEvent<'tool/result'> => e.type === 'tool/result')
    },
  }
  return harness
}

/** The text of a tool-result event's single block. */
export function resultText(event: SessionEvent<'tool/result'>): string {
  const block = event.data.message.content[0]
  return block.content.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join('')
}

/** An `echo` tool whose body records every argument object it receives. */
export function echoTool(overrides: Partial<ToolDefinition> = {}, seen: unknown[] = []): ToolDefinition {
  return defineTool({
    name: 'echo',
    description: 'Echoes its text.',
    parameters: { type: 'object', required: ['text'], additionalProperties: false, properties: { text: { type: 'string' } } },
    output: { schema: { type: 'object', required: ['echoed'], properties: { echoed: { type: 'string' } } }, render: (_args, value: { echoed: string }) => [{ type: 'text', text: value.echoed }] },
    execute: async (args: { text: string }) => {
      seen.push(args)
      return { echoed: args.text }
    },
    ...overrides,
  })
}
