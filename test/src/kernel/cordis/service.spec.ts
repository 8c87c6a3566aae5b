// kernel/cordis/service's one rule for Cordis' tracing proxy, on the real runtime: each hot-path service is
// a façade whose `core` is a plain object (no tracker, handed out as it is, the same on every read);
// registrations go through the façade as effects of the calling plugin and are seen by the core;
// eventBus(ctx) is the bus ctx.on listens on.
import { symbols, type Context } from '@deepseek-ai/cordis'
import { afterEach, describe, expect, it } from 'vitest'
import { createRuntime, defineTool, type Runtime } from '../../../../src/index.ts'
import { eventBus } from '../../../../src/kernel/cordis/service.ts'

let runtime: Runtime | undefined
afterEach(async () => {
  await runtime?.dispose()
  runtime = undefined
})

const echo = defineTool({
  name: 'echo_core',
  description: 'Echoes.',
  parameters: { type: 'object', properties: {}, additionalProperties: false },
  output: { schema: { type: 'string' }, render: () => [{ type: 'text', text: 'ok' }] },
  execute: async () => 'ok',
})

describe('kernel/cordis/service: façade over a plain core', () => {
  it.each(['tools', 'llm', 'systemPrompt', 'fs', 'skills', 'sessions'] as const)('ctx.%s.core is a plain object, identical on every read', async (name) => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [] } })
    const core = runtime.ctx[name].core as object
    expect((core as Record<symbol, unknown>)[symbols.tracker]).toBeUndefined()
    expect((core as Record<symbol, unknown>)[symbols.original]).toBeUndefined() // not a tracing proxy
    expect(runtime.ctx[name].core).toBe(core)
  })

  it('a tool registered through the façade by a plugin is in the core until that plugin is disposed', async () => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [] } })
    const core = runtime.ctx.tools.core
    const fiber = runtime.ctx.plugin({ name: 'registers-echo', inject: ['tools'], apply: (ctx: Context) => { ctx.tools.register(echo) } })
    await fiber
    expect(core.get('echo_core')).toBe(echo)
    expect(core.schemas().map((s) => s.name)).toContain('echo_core')
    await fiber.dispose()
    expect(core.get('echo_core')).toBeUndefined()
  })

  it('an adapter registered through ctx.llm serves the core’s route preparation', async () => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [] } })
    expect(runtime.ctx.llm.core.listProviders()).toEqual(runtime.ctx.llm.listProviders())
    await expect(runtime.ctx.llm.core.prepareCall({ provider: 'nobody', model: 'm' })).rejects.toMatchObject({ failure: { code: 'NO_ADAPTER' } })
  })

  it('the file system façade forwards every operation to its core', async () => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [] }, workspace: { provider: 'memory', files: { 'a.txt': 'alpha\n' } } })
    const { fs } = runtime.ctx
    const target = fs.resolve('a.txt')
    expect(await fs.readText(target)).toBe('alpha\n')
    expect(await fs.core.readText(fs.core.resolve('a.txt'))).toBe('alpha\n')
    expect(fs.root).toBe(fs.core.root)
  })

  it('the session store façade forwards to its core: a session created through it is the core’s live one', async () => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [] } })
    const { sessions } = runtime.ctx
    const session = await sessions.create()
    expect(sessions.core.get(session.id)).toBe(session)
    const seen: string[] = []
    const remove = sessions.addVerifier(() => (event) => void seen.push(event.type))
    session.append('turn/start', { turn: 1 })
    remove()
    expect(seen).toEqual(['turn/start'])
    expect(await sessions.core.list()).toEqual(await sessions.list())
  })

  it('eventBus(ctx) is the bus ctx.on listens on', async () => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [] } })
    const seen: string[] = []
    runtime.ctx.on('tools/change', () => void seen.push('change'))
    eventBus(runtime.ctx).emit('tools/change')
    expect(seen).toEqual(['change'])
  })
})
