// Page tools end to end over a real MessageChannel: the page half (components/dsh-agent/page-tools.ts) declares tools, the
// worker half (tool-page bridge + plugin) registers them and runs every call through the pipeline — approval by effect,
// argument checks, timeout, the abort reaching the page's signal — and an unregister or a refused name takes effect.
import { afterEach, describe, expect, it } from 'vitest'
import { PageTools, type PageToolDefinition } from '../../../components/dsh-agent/page-tools.ts'
import { PageToolBridge } from '../../../src/tool-page/bridge.ts'
import * as ToolPage from '../../../src/tool-page/index.ts'
import { createRuntime, type Runtime } from '../../../src/index.ts'
import type { ScriptedReply } from '../../../src/llm-scripted/types.ts'
import { resultText, toolResults, until } from '../../harness/mcp-runtime.ts'

let runtime: Runtime | undefined
let page: PageTools | undefined
afterEach(async () => {
  await runtime?.dispose()
  page?.close()
  runtime = undefined
})

const scroll = (log: unknown[], extra: Partial<PageToolDefinition> = {}): PageToolDefinition => ({
  name: 'scroll_to', description: 'Scrolls the page to a heading.', effect: 'read',
  parameters: { type: 'object', properties: { heading: { type: 'string', minLength: 1 } }, required: ['heading'], additionalProperties: false },
  execute: (args) => (log.push(args), `scrolled to ${String(args.heading)}`),
  ...extra,
})

async function boot(replies: ScriptedReply[], answer: 'allowed-once' | 'rejected' = 'allowed-once', rejected: string[] = []) {
  page = new PageTools((name, message) => rejected.push(`${name}: ${message}`))
  const asked: string[] = []
  const bridge = new PageToolBridge(page.connect())
  runtime = await createRuntime({
    llm: { provider: 'scripted', replies }, permissions: 'ask',
    approval: { policy: 'ask', answer: async (request) => (asked.push(request.toolName), answer) },
    plugins: [[ToolPage, { source: bridge }]],
  })
  return { page, asked, bridge }
}

async function turn(rt: Runtime) {
  const agent = await rt.open()
  agent.followup('go')
  await agent.whenIdle()
  return agent.session.events
}

describe('page tools', () => {
  it('a read tool registered on the page runs on the page without asking; the model sees its schema', async () => {
    const log: unknown[] = []
    const { page, asked } = await boot([{ toolCalls: [{ name: 'scroll_to', arguments: { heading: 'Install' } }] }, { text: 'there' }])
    page.register(scroll(log))
    await until(() => runtime!.ctx.tools.get('scroll_to'))
    expect(runtime!.ctx.tools.schemas().find((s) => s.name === 'scroll_to')?.parameters).toMatchObject({ required: ['heading'] })
    expect(resultText(toolResults(await turn(runtime!))[0]!)).toBe('scrolled to Install')
    expect(log).toEqual([{ heading: 'Install' }])
    expect(asked).toEqual([])
  })

  it('an execute tool asks first: rejected never reaches the page', async () => {
    const log: unknown[] = []
    const { page, asked } = await boot([{ toolCalls: [{ name: 'fill_form', arguments: { heading: 'x' } }] }, { text: 'ok' }], 'rejected')
    page.register(scroll(log, { name: 'fill_form', effect: 'execute' }))
    await until(() => runtime!.ctx.tools.get('fill_form'))
    expect(resultText(toolResults(await turn(runtime!))[0]!)).toBe('Error: the user rejected tool "fill_form"')
    expect(asked).toEqual(['fill_form'])
    expect(log).toEqual([])
  })

  it('arguments the schema refuses never reach the page; a throw on the page is a tool error', async () => {
    const log: unknown[] = []
    const { page } = await boot([{ toolCalls: [{ name: 'scroll_to', arguments: { heading: '' } }, { name: 'boom', arguments: { heading: 'x' } }] }, { text: 'ok' }])
    page.register(scroll(log))
    page.register(scroll(log, { name: 'boom', execute: () => { throw new Error('no such heading') } }))
    await until(() => runtime!.ctx.tools.get('boom'))
    const [invalid, boom] = toolResults(await turn(runtime!))
    expect(invalid!.data.error?.code).toBe('INVALID_ARGS')
    expect(boom!.data.error).toEqual({ name: 'PageToolError', code: 'PAGE_TOOL_FAILED' })
    expect(resultText(boom!)).toBe('Error: no such heading')
    expect(log).toEqual([])
  })

  it('cancelling the turn aborts the page\'s signal; a slow tool hits its timeout', async () => {
    let pageSignal: AbortSignal | undefined
    const { page } = await boot([{ toolCalls: [{ name: 'wait', arguments: {} }] }, { toolCalls: [{ name: 'slow', arguments: {} }] }, { text: 'ok' }])
    page.register({ name: 'wait', description: 'Waits.', effect: 'read', parameters: { type: 'object' }, execute: (_a, { signal }) => new Promise((resolve) => { pageSignal = signal; signal.addEventListener('abort', () => resolve('stopped')) }) })
    page.register({ name: 'slow', description: 'Too slow.', effect: 'read', timeoutMs: 200, parameters: { type: 'object' }, execute: () => new Promise(() => undefined) })
    await until(() => runtime!.ctx.tools.get('slow'))
    const agent = await runtime!.open()
    agent.followup('go')
    await until(() => pageSignal)
    agent.cancel({ kind: 'user' })
    await agent.whenIdle()
    await until(() => pageSignal!.aborted)
    expect(toolResults(agent.session.events)[0]!.data.error?.code).toBe('ABORTED')
    agent.followup('again')
    await agent.whenIdle()
    expect(toolResults(agent.session.events)[1]!.data.error).toEqual({ name: 'ToolTimeoutError', code: 'TOOL_TIMEOUT' })
  })

  it('the returned function unregisters; a name another tool holds is refused back to the page', async () => {
    const rejected: string[] = []
    const { page } = await boot([], 'allowed-once', rejected)
    const off = page.register(scroll([]))
    await until(() => runtime!.ctx.tools.get('scroll_to'))
    off()
    await until(() => !runtime!.ctx.tools.get('scroll_to'))
    page.register(scroll([], { name: 'bash' }))
    await until(() => rejected.length > 0)
    expect(rejected[0]).toMatch(/^bash: /)
    expect(() => page.register(scroll([], { name: 'bad name' }))).toThrow(/name must match/)
    expect(() => page.register(scroll([], { parameters: { type: 'array' } }))).toThrow(/type: 'object'/)
  })
})
