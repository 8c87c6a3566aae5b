// ctx.tools: reversible registrations, scoped shadowing, restrictions, schema projection and order.
import { describe, expect, it } from 'vitest'
import { Context } from '@deepseek-ai/cordis'
import ToolRegistry, { defineTool } from '../../../src/tools/index.ts'
import { createToolHarness, echoTool, resultText } from '../../harness/tool-harness.ts'

const named = (name: string, extra = {}) => defineTool({ ...echoTool(), name, description: `The ${name} tool.`, ...extra })

describe('ToolRegistry', () => {
  it('disposing the plugin that registered a tool removes it from schemas and emits tools/change', async () => {
    const root = new Context()
    await root.plugin(ToolRegistry, {})
    let changes = 0
    root.on('tools/change', () => void changes++)
    const fiber = await root.plugin({ name: 'reg', inject: ['tools'], apply: (ctx: Context) => void ctx.tools.register(named('alpha')) })
    expect(root.tools.schemas().map((s) => s.name)).toEqual(['alpha'])
    await fiber.dispose()
    expect(root.tools.schemas()).toEqual([])
    expect(root.tools.get('alpha')).toBeUndefined()
    expect(changes).toBe(2)
  })

  it('the returned disposer removes the tool; a duplicate in one layer throws', async () => {
    const root = new Context()
    await root.plugin(ToolRegistry, {})
    const dispose = root.tools.register(named('alpha'))
    expect(() => root.tools.register(named('alpha'))).toThrow('tool "alpha" is already registered globally')
    dispose()
    expect(root.tools.schemas()).toEqual([])
  })

  it('registerAll registers all or none, with one disposer and one tools/change each way', async () => {
    const root = new Context()
    await root.plugin(ToolRegistry, {})
    let changes = 0
    root.on('tools/change', () => void changes++)
    root.tools.register(named('gamma'))
    changes = 0
    expect(() => root.tools.registerAll([named('alpha'), named('gamma')])).toThrow('tool "gamma" is already registered globally')
    expect(root.tools.schemas().map((s) => s.name)).toEqual(['gamma'])
    expect(changes).toBe(0)
    expect(() => root.tools.registerAll([named('alpha'), { ...named('beta'), description: '' }])).toThrow('description must be a non-empty string')
    const fiber = await root.plugin({ name: 'reg', inject: ['tools'], apply: (ctx: Context) => void ctx.tools.registerAll([named('alpha'), named('beta')]) })
    expect(root.tools.schemas().map((s) => s.name)).toEqual(['alpha', 'beta', 'gamma'])
    expect(changes).toBe(1)
    await fiber.dispose()
    expect(root.tools.schemas().map((s) => s.name)).toEqual(['gamma'])
    expect(changes).toBe(2)
    const dispose = root.tools.registerAll([named('delta')], { scope: root })
    expect(root.tools.get('delta', root)).toBeDefined()
    expect(root.tools.get('delta')).toBeUndefined()
    dispose()
    expect(root.tools.get('delta', root)).toBeUndefined()
  })

  it('schemas expose only name, description and a copy of parameters', async () => {
    const root = new Context()
    await root.plugin(ToolRegistry, {})
    const tool = named('alpha', { timeoutMs: 5, isConcurrencySafe: () => true })
    root.tools.register(tool)
    const [schema] = root.tools.schemas()
    expect(Object.keys(schema!)).toEqual(['name', 'description', 'parameters'])
    expect(schema!.parameters).toEqual(tool.parameters)
    expect(schema!.parameters).not.toBe(tool.parameters)
  })

  it('orders by code unit, or by toolOrder with the unlisted slot; unknown names in toolOrder throw', async () => {
    const root = new Context()
    await root.plugin(ToolRegistry, {})
    for (const name of ['b', 'a', 'B', '_z']) root.tools.register(named(name))
    expect(root.tools.schemas().map((s) => s.name)).toEqual(['B', '_z', 'a', 'b'])
    const ordered = new Context()
    await ordered.plugin(ToolRegistry, { toolOrder: ['b', '<unlisted-tools>', 'B'] })
    for (const name of ['b', 'a', 'B', '_z']) ordered.tools.register(named(name))
    expect(ordered.tools.schemas().map((s) => s.name)).toEqual(['b', '_z', 'a', 'B'])
    const typo = new Context()
    await typo.plugin(ToolRegistry, { toolOrder: ['bb', '<unlisted-tools>'] })
    typo.tools.register(named('b'))
    expect(() => typo.tools.schemas()).toThrow('toolOrder names unknown tool "bb"')
  })

  it('a scoped tool shadows the global one for that agent only', async () => {
    const h = await createToolHarness()
    h.root.tools.register(named('alpha'))
    const scoped = named('alpha', { description: 'Scoped alpha.', execute: async () => ({ echoed: 'scoped' }) })
    h.root.tools.register(scoped, { scope: h.agent })
    expect(() => h.root.tools.register(scoped, { scope: h.agent })).toThrow('tool "alpha" is already registered in this scope')
    expect(h.root.tools.schemas(h.agent)[0]!.description).toBe('Scoped alpha.')
    expect(h.root.tools.schemas()[0]!.description).toBe('The alpha tool.')
    await h.batch([{ name: 'alpha', arguments: '{"text":"global"}' }])
    expect(resultText(h.results()[0]!)).toBe('scoped')
  })

  it('restrictions intersect, leave scope-local tools alone, and a restricted tool is UNKNOWN_TOOL and absent from schemas', async () => {
    const h = await createToolHarness()
    for (const name of ['read', 'write', 'bash']) h.root.tools.register(named(name))
    h.root.tools.register(named('local'), { scope: h.agent })
    h.root.tools.restrict({ allow: ['read', 'write'] }, h.agent)
    const lift = h.root.tools.restrict({ deny: ['write'] }, h.agent)
    expect(h.root.tools.schemas(h.agent).map((s) => s.name)).toEqual(['local', 'read'])
    expect(h.root.tools.schemas().map((s) => s.name)).toEqual(['bash', 'read', 'write'])
    await h.batch([{ name: 'write', arguments: '{"text":"a"}' }, { name: 'bash', arguments: '{"text":"a"}' }])
    expect(h.results().map((r) => r.data.error?.code)).toEqual(['UNKNOWN_TOOL', 'UNKNOWN_TOOL'])
    lift()
    expect(h.root.tools.schemas(h.agent).map((s) => s.name)).toEqual(['local', 'read', 'write'])
  })

  it('restrict fails loudly on unknown names, empty filters and a missing scope', async () => {
    const h = await createToolHarness()
    h.root.tools.register(named('read'))
    expect(() => h.root.tools.restrict({ allow: ['raed'] }, h.agent)).toThrow('tools.restrict() names unknown global tool "raed"; known global tools: read')
    expect(() => h.root.tools.restrict({}, h.agent)).toThrow('needs allow and/or deny')
    expect(() => h.root.tools.restrict({ deny: ['read'] }, undefined as never)).toThrow('needs a scope')
  })

  it('guards are reversible', async () => {
    const h = await createToolHarness()
    h.root.tools.register(named('alpha'))
    const lift = h.root.tools.guard(() => 'no')
    lift()
    await h.batch([{ name: 'alpha', arguments: '{"text":"ok"}' }])
    expect(resultText(h.results()[0]!)).toBe('ok')
  })

  it('defineTool validates the definition itself', () => {
    expect(() => named('bad name')).toThrow(/name must match/)
    expect(() => named('x', { parameters: { type: 'object', requried: ['a'] } })).toThrow('schema x.parameters.requried: unsupported keyword "requried"')
    expect(() => named('x', { parameters: { type: 'string' } })).toThrow("root must be { type: 'object' }")
    expect(() => named('x', { timeoutMs: 0 })).toThrow('timeoutMs must be a positive finite number')
    expect(() => named('x', { output: { schema: { type: 'date' }, render: () => [] } })).toThrow('schema x.output.schema.type: unsupported type "date"')
    expect(() => named('x', { effect: 'delete' })).toThrow("effect must be 'read', 'write' or 'execute'")
  })

  it('executionMode is parallel only for an exact true', async () => {
    const root = new Context()
    await root.plugin(ToolRegistry, {})
    root.tools.register(named('yes', { isConcurrencySafe: () => true }))
    root.tools.register(named('truthy', { isConcurrencySafe: () => 1 as unknown as boolean }))
    root.tools.register(named('throws', { isConcurrencySafe: () => { throw new Error('x') } }))
    root.tools.register(named('plain'))
    const modes = ['yes', 'truthy', 'throws', 'plain', 'missing'].map((name) => root.tools.executionMode({ name, args: { text: 'a' } }))
    expect(modes).toEqual(['parallel', 'exclusive', 'exclusive', 'exclusive', 'exclusive'])
    expect(root.tools.executionMode({ name: 'yes', args: { text: 1 } })).toBe('exclusive')
  })
})
