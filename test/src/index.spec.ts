// The package entry exports the coded error classes, so a host can raise and match the codes the
// runtime uses (an LlmError thrown by a host listener ends the turn with its code; store refusals
// are instances of the exported classes).
import { afterEach, describe, expect, it } from 'vitest'
import {
  AgentOptionsError, createRuntime, LlmError, SessionForkError, SessionImportError, SessionStoreError, ToolError, defineTool, type Runtime,
} from '../../src/index.ts'
import type { SessionId } from '../../src/util/brand.ts'

let runtime: Runtime | undefined
afterEach(async () => {
  await runtime?.dispose()
  runtime = undefined
})

describe('exported coded errors', () => {
  it('store refusals are instances of the exported classes with their codes', async () => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [] } })
    await expect(runtime.sessions.fork('missing' as SessionId)).rejects.toSatisfy((e) => e instanceof SessionForkError && e.code === 'SESSION_NOT_FOUND')
    await expect(runtime.sessions.export('missing' as SessionId)).rejects.toSatisfy((e) => e instanceof SessionStoreError && e.code === 'SESSION_NOT_FOUND')
    await expect(runtime.sessions.import('not json')).rejects.toSatisfy((e) => e instanceof SessionImportError && e.line === 1)
    await expect(runtime.open(undefined, { maxTokens: 0 })).rejects.toBeInstanceOf(AgentOptionsError)
  })

  it('a host raises LlmError and ToolError with codes; the log keeps them', async () => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [{ toolCalls: [{ name: 'quota', arguments: {} }] }, { text: 'unused' }] } })
    runtime.ctx.tools.register(defineTool({
      name: 'quota', description: 'Fails with a coded tool error.', parameters: {},
      output: { schema: { type: 'string' }, render: () => [] },
      execute: async () => { throw new ToolError('ToolTimeoutError', 'TOOL_TIMEOUT', 'took too long') },
    }))
    let calls = 0
    runtime.ctx.on('agent/request', async (_payload, next) => {
      if (++calls === 2) throw new LlmError({ code: 'QUOTA', message: 'host budget spent' })
      return next()
    })
    const agent = await runtime.open()
    agent.followup('go')
    await agent.whenIdle()
    const result = agent.session.events.find((e) => e.type === 'tool/result')!
    expect(result.data).toMatchObject({ error: { name: 'ToolTimeoutError', code: 'TOOL_TIMEOUT' } })
    const end = agent.session.events.find((e) => e.type === 'turn/end')!
    expect(end.data).toMatchObject({ reason: { kind: 'error', error: { code: 'QUOTA', message: 'host budget spent' } } })
  })
})
