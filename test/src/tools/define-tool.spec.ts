// defineTool returns a checked definition that nothing can change afterwards (frozen, its output and
// schemas deep-frozen copies), so ctx.tools.register takes it without checking it again; any other
// object — including one spread from a defined tool — is still checked at registration. Schemas
// made once by toolParameters / toolOutputSchema (a tool module's constants) are taken as they are.
import { describe, expect, it } from 'vitest'
import { Context } from '@deepseek-ai/cordis'
import ToolRegistry, { defineTool } from '../../../src/tools/index.ts'
import { toolOutputSchema, toolParameters } from '../../../src/tools/define-tool.ts'
import { echoTool } from '../../harness/tool-harness.ts'
import type { ToolDefinition } from '../../../src/tools/types.ts'

function deeplyFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true
  return Object.isFrozen(value) && Object.values(value).every(deeplyFrozen)
}

describe('defineTool', () => {
  it('returns a frozen copy whose schemas the caller can no longer change', () => {
    const input = { ...echoTool(), name: 'alpha', parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }, output: { schema: { type: 'string' }, render: () => [] } } as unknown as ToolDefinition
    const tool = defineTool(input)
    expect(Object.isFrozen(tool)).toBe(true)
    expect(Object.isFrozen(tool.output)).toBe(true)
    expect(deeplyFrozen(tool.parameters)).toBe(true)
    expect(deeplyFrozen(tool.output.schema)).toBe(true)
    expect(tool.parameters).toEqual(input.parameters)
    ;(input.parameters as { type: string }).type = 'string'
    ;(input.output as { schema: unknown }).schema = { type: 'date' }
    expect((tool.parameters as { type: string }).type).toBe('object')
    expect(tool.output.schema).toEqual({ type: 'string' })
    expect(tool.execute).toBe(input.execute)
  })

  it('register takes a defined tool as it is and still checks any other object', async () => {
    const root = new Context()
    await root.plugin(ToolRegistry, {})
    const tool = defineTool({ ...echoTool(), name: 'alpha' })
    root.tools.register(tool)
    expect(root.tools.get('alpha')).toBe(tool)
    const spread = { ...tool, name: 'beta', parameters: { type: 'string' } } as unknown as ToolDefinition
    expect(() => root.tools.register(spread)).toThrow("schema beta.parameters: root must be { type: 'object' }")
    expect(() => root.tools.register({ ...tool, name: 'gamma', output: { ...tool.output, render: 'no' } } as unknown as ToolDefinition)).toThrow('output.render must be a function')
    expect(root.tools.get('beta')).toBeUndefined()
  })

  it('takes schemas made by toolParameters / toolOutputSchema as they are: compiled from the DSL and checked once', () => {
    const parameters = toolParameters('alpha', { text: { type: 'string', required: true } })
    const schema = toolOutputSchema('alpha', { type: 'json' })
    expect(deeplyFrozen(parameters)).toBe(true)
    expect(deeplyFrozen(schema)).toBe(true)
    expect(parameters).toEqual(defineTool({ ...echoTool(), name: 'beta', parameters: { text: { type: 'string', required: true } } } as never).parameters)
    const first = defineTool({ ...echoTool(), name: 'alpha', parameters, output: { schema, render: () => [] } })
    const second = defineTool({ ...echoTool(), name: 'alpha', parameters, output: { schema, render: () => [] } })
    expect(first.parameters).toBe(parameters)
    expect(second.parameters).toBe(parameters)
    expect(second.output.schema).toBe(schema)
    expect(() => toolParameters('gamma', { type: 'object', properties: { when: { type: 'date' } } })).toThrow('schema gamma.parameters.properties.when.type: unsupported type "date"')
    expect(() => toolOutputSchema('gamma', { type: 'object', requried: ['x'] })).toThrow('schema gamma.output.schema.requried: unsupported keyword "requried"')
    expect(() => toolParameters('gamma', { type: 'string' } as never)).toThrow("schema gamma.parameters: root must be { type: 'object' }")
  })
})
