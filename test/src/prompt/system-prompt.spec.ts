// ctx.systemPrompt: sections in order lanes, scoped shadowing, variables, tool schemas from ctx.tools, complete, suppression, the assemble waterfall and strict rendering.
import { describe, expect, it } from 'vitest'
import { Context } from '@deepseek-ai/cordis'
import SystemPromptRegistry, { joinContextSections, renderPrompt, renderTemplate, RUNTIME_CONTEXT_PREAMBLE } from '../../../src/prompt/index.ts'
import ToolRegistry, { defineTool } from '../../../src/tools/index.ts'
import { echoTool } from '../../harness/tool-harness.ts'

async function promptRoot(config = {}, toolsConfig = {}) {
  const root = new Context()
  await root.plugin(ToolRegistry, toolsConfig)
  await root.plugin(SystemPromptRegistry, config)
  return root
}

describe('ctx.systemPrompt', () => {
  it('starts with the harness identity, then persona, then sections by order', async () => {
    const root = await promptRoot({ persona: 'You help with the docs of {{product}}.' })
    root.systemPrompt.section({ name: 'tool:web', order: 111, text: 'Fetch carefully.' })
    root.systemPrompt.section({ name: 'tool:a', order: 100, text: () => 'Guidance A.' })
    root.systemPrompt.variable('product', () => 'Widget')
    const assembly = await root.systemPrompt.assemble()
    expect(assembly.sections.map((s) => s.name)).toEqual(['harness:identity', 'deployment:persona', 'tool:a', 'tool:web'])
    expect(assembly.sections[0]!.text).toMatch(/^You are dsh-agent, a coding agent that runs entirely inside a web page\./)
    expect(renderPrompt(assembly).split('\n\n').slice(1)).toEqual(['You help with the docs of Widget.', 'Guidance A.', 'Fetch carefully.'])
  })

  it('scoped sections and variables shadow global ones for that scope only', async () => {
    const root = await promptRoot()
    const agent = {}
    root.systemPrompt.section({ name: 'persona', order: 0, text: 'Global {{who}}.' })
    root.systemPrompt.section({ name: 'persona', order: 0, text: 'Scoped {{who}}.' }, { scope: agent })
    root.systemPrompt.variable('who', () => 'everyone')
    root.systemPrompt.variable('who', () => 'agent', { scope: agent })
    expect(renderPrompt(await root.systemPrompt.assemble({ scope: agent }))).toMatch(/\n\nScoped agent\.$/)
    expect(renderPrompt(await root.systemPrompt.assemble())).toMatch(/\n\nGlobal everyone\.$/)
    expect(() => root.systemPrompt.section({ name: 'persona', order: 0, text: 'again' })).toThrow('prompt section "persona" is already registered in this layer')
    expect(() => root.systemPrompt.section({ name: 'x', order: Number.NaN, text: '' })).toThrow('needs a finite order')
  })

  it('tools come from ctx.tools, sorted, and a disposed tool leaves the assembly', async () => {
    const root = await promptRoot()
    const disposeB = root.tools.register(defineTool({ ...echoTool(), name: 'b' }))
    root.tools.register(defineTool({ ...echoTool(), name: 'a' }))
    expect((await root.systemPrompt.assemble()).tools.map((t) => t.name)).toEqual(['a', 'b'])
    disposeB()
    expect((await root.systemPrompt.assemble()).tools.map((t) => t.name)).toEqual(['a'])
  })

  it('the tool order from ctx.tools config applies to the assembly', async () => {
    const root = await promptRoot({}, { toolOrder: ['b', '<unlisted-tools>'] })
    for (const name of ['a', 'b', 'c']) root.tools.register(defineTool({ ...echoTool(), name }))
    expect((await root.systemPrompt.assemble()).tools.map((t) => t.name)).toEqual(['b', 'a', 'c'])
  })

  it('a complete section is the only section, survives the waterfall; two complete sections throw', async () => {
    const root = await promptRoot()
    root.systemPrompt.section({ name: 'other', order: 5, text: 'other' })
    root.systemPrompt.section({ name: 'whole', order: 1, text: 'The whole prompt.', complete: true })
    root.on('system-prompt/assemble', async (assembly, _ctx, next) => ({ ...(await next()), sections: [...assembly.sections, { name: 'late', text: 'late' }] }))
    expect(renderPrompt(await root.systemPrompt.assemble())).toBe('The whole prompt.')
    expect(() => root.systemPrompt.section({ name: 'whole2', order: 2, text: 'x', complete: true })).toThrow('more than one complete prompt section: "whole", "whole2"')
  })

  it('contexts render as a snapshot and vanish while suppressed, even if the waterfall adds some', async () => {
    const root = await promptRoot()
    root.systemPrompt.context({ name: 'approval:policy', order: 115, text: 'Approval policy: ask.' })
    root.systemPrompt.context({ name: 'cwd', order: 10, text: 'cwd: {{cwd}}' })
    root.systemPrompt.variable('cwd', () => '/work')
    const assembly = await root.systemPrompt.assemble()
    expect(joinContextSections(assembly.contexts, assembly.variables)).toBe(`${RUNTIME_CONTEXT_PREAMBLE}\n\ncwd: /work\n\nApproval policy: ask.`)
    root.on('system-prompt/assemble', async (_a, _c, next) => ({ ...(await next()), contexts: [{ name: 'sneaky', text: 'x' }] }))
    const lift = root.systemPrompt.suppressRuntimeContext()
    expect((await root.systemPrompt.assemble()).contexts).toEqual([])
    lift()
    expect((await root.systemPrompt.assemble()).contexts.map((c) => c.name)).toEqual(['sneaky'])
  })

  it('disposing the plugin that added a section removes it and emits system-prompt/change', async () => {
    const root = await promptRoot()
    let changes = 0
    root.on('system-prompt/change', () => void changes++)
    const fiber = await root.plugin({ name: 'p', inject: ['systemPrompt'], apply: (ctx: Context) => void ctx.systemPrompt.section({ name: 's', order: 0, text: 'S' }) })
    expect((await root.systemPrompt.assemble()).sections.map((s) => s.name)).toContain('s')
    await fiber.dispose()
    expect((await root.systemPrompt.assemble()).sections.map((s) => s.name)).toEqual(['harness:identity'])
    expect(changes).toBe(2)
  })

  it('two assemblies with unchanged inputs render byte-identical prompts and tools', async () => {
    const root = await promptRoot()
    for (const name of ['z', 'm', 'a']) root.tools.register(defineTool({ ...echoTool(), name }))
    const [one, two] = [await root.systemPrompt.assemble(), await root.systemPrompt.assemble()]
    expect(renderPrompt(two)).toBe(renderPrompt(one))
    expect(JSON.stringify(two.tools)).toBe(JSON.stringify(one.tools))
  })
})

describe('renderTemplate', () => {
  it('interpolates strictly and does not rescan values', () => {
    expect(renderTemplate('a {{x}} b', { x: '{{y}}' })).toBe('a {{y}} b')
    expect(renderTemplate('lone {{ brace', {})).toBe('lone {{ brace')
    expect(() => renderTemplate('{{missing}}', {}, 's')).toThrow('s: unknown variable {{missing}}')
    expect(() => renderTemplate('{{x}}', { x: undefined }, 's')).toThrow('s: variable {{x}} has no value')
    expect(() => renderTemplate('{{ x }}', { x: '1' }, 's')).toThrow('s: malformed placeholder {{ x }}')
  })

  it('drops empty sections when joining', () => {
    expect(renderPrompt({ sections: [{ name: 'a', text: 'A' }, { name: 'b', text: '  ' }, { name: 'c', text: 'C' }], contexts: [], tools: [], variables: {} })).toBe('A\n\nC')
    expect(joinContextSections([{ name: 'a', text: '' }])).toBe('')
  })
})
