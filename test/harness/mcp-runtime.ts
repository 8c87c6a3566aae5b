/**
 * A headless runtime wired to MCP servers for tests: scripted model, `ask` preset, an approval
 * answerer that records questions, and helpers to read tool results and MCP log events.
 * @module test/harness/mcp-runtime
 */
import { createRuntime, type Runtime } from '../../src/index.ts'
import type { ApprovalOutcome } from '../../src/approval/types.ts'
import type { ScriptedReply } from '../../src/llm-scripted/types.ts'
import type { McpServerConfig } from '../../src/mcp-client/types.ts'
import type { SessionEvent } from '../../src/session/types.ts'

export interface McpRuntime {
  runtime: Runtime
  asked: string[]
  /** Opens an agent, sends one prompt, waits for the turn; returns its log. */
  turn(replies?: ScriptedReply[]): Promise<readonly SessionEvent[]>
}

export async function mcpRuntime(servers: McpServerConfig[], options: { replies?: ScriptedReply[]; answer?: ApprovalOutcome; permissions?: 'ask' | 'workspace-write' } = {}): Promise<McpRuntime> {
  const asked: string[] = []
  const runtime = await createRuntime({
    llm: { provider: 'scripted', replies: options.replies ?? [] },
    permissions: options.permissions ?? 'ask',
    approval: { policy: 'ask', answer: async (request) => (asked.push(request.toolName), options.answer ?? 'allowed-once') },
    mcp: { servers },
  })
  return {
    runtime,
    asked,
    async turn() {
      const agent = await runtime.open()
      agent.followup('go')
      await agent.whenIdle()
      return agent.session.events
    },
  }
}

export const toolResults = (events: readonly SessionEvent[]) => events.filter((e) => e.type === 'tool/result') as SessionEvent<'tool/result'>[]
export const resultText = (event: SessionEvent<'tool/result'>): string => {
  const block = event.data.message.content[0] as { content: { text: string }[] }
  return block.content.map((c) => c.text).join('')
}
export const mcpEvents = (events: readonly SessionEvent[]) => events.filter((e) => e.type.startsWith('mcp/')).map((e) => ({ type: e.type, ignorable: e.ignorable, data: e.data }))

/** Polls `check` until it is truthy (a hang guard, not a timing assertion). */
export async function until<T>(check: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const start = Date.now()
  for (;;) {
    const value = check()
    if (value) return value
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
