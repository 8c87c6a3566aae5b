// dsh's parameter DSL ports unchanged: `defineTool` compiles an open property map with
// `required: true`, value types incl. `json` and `oneOf`, `enum`/`const`, and a DSL output schema,
// to the JSON-Schema subset the pipeline enforces; the JSON-Schema root form stays as it was.
import { describe, expect, it } from 'vitest'
import { defineTool } from '../../../src/index.ts'
import { compileParameters } from '../../../src/tools/schema-dsl.ts'
import { createToolHarness, resultText } from '../../harness/tool-harness.ts'

/** A tool as dsh's docs write it (only `defineTool` is ours). */
const dshTool = () => defineTool({
  name: 'lookup',
  description: 'Looks a record up.',
  parameters: {
    id: { type: 'string', required: true, description: 'Record id.' },
    mode: { type: 'string', enum: ['fast', 'full'] },
    limit: { type: 'integer' },
    version: { type: 'integer', const: 2 },
    payload: { type: 'json' },
    flags: { type: 'array', items: { type: 'boolean' } },
    when: { oneOf: [{ type: 'string' }, { type: 'null' }] },
    filter: {
      type: 'object', additionalProperties: false,
      properties: { field: { type: 'string', required: true }, value: { type: 'json' } },
    },
  },
  output: {
    schema: { type: 'object', additionalProperties: false, properties: { found: { type: 'boolean', required: true }, data: { type: 'json' } } },
    render: (_args, value: { found: boolean }) => [{ type: 'text', text: value.found ? 'found' : 'missing' }],
  },
  execute: async (args: { id: string; payload?: unknown }) => ({ found: args.id === 'a', data: (args.payload ?? null) as never }),
})

describe('dsh parameter DSL', () => {
  it('compiles to an open object root with a required list; json nodes accept any JSON', () => {
    const tool = dshTool()
    expect(tool.parameters).toEqual({
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'string', description: 'Record id.' },
        mode: { type: 'string', enum: ['fast', 'full'] },
        limit: { type: 'integer' },
        version: { type: 'integer', const: 2 },
        payload: {},
        flags: { type: 'array', items: { type: 'boolean' } },
        when: { oneOf: [{ type: 'string' }, { type: 'null' }] },
        filter: { type: 'object', additionalProperties: false, required: ['field'], properties: { field: { type: 'string' }, value: {} } },
      },
    })
    expect(tool.output.schema).toEqual({ type: 'object', additionalProperties: false, required: ['found'], properties: { found: { type: 'boolean' }, data: {} } })
  })

  it('enforces the compiled schema in the pipeline (required, enum, const, oneOf, nested required, open root)', async () => {
    const h = await createToolHarness()
    h.root.tools.register(dshTool())
    const cases = [
      { id: 'a', payload: { deep: [1, 'x', null] }, extra: 'the root is open' },
      {},
      { id: 'a', mode: 'slow' },
      { id: 'a', version: 3 },
      { id: 'a', when: 5 },
      { id: 'a', filter: { value: 1 } },
      { id: 'b', when: null, flags: [true], filter: { field: 'f', value: [1] } },
    ]
    await h.batch(cases.map((args) => ({ name: 'lookup', arguments: JSON.stringify(args) })))
    const results = h.results()
    expect(results.map((r) => r.data.error?.code ?? resultText(r))).toEqual([
      'found', 'INVALID_ARGS', 'INVALID_ARGS', 'INVALID_ARGS', 'INVALID_ARGS', 'INVALID_ARGS', 'missing',
    ])
  })

  it('keeps the JSON-Schema root form unchanged and refuses malformed DSL by path', () => {
    const root = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } as const
    expect(compileParameters(root, 't.parameters')).toBe(root)
    const base = { name: 't', description: 'd', output: { schema: { type: 'string' as const }, render: () => [] }, execute: async () => '' }
    expect(defineTool({ ...base, parameters: {} }).parameters).toEqual({ type: 'object', properties: {} })
    expect(() => defineTool({ ...base, parameters: { a: { type: 'string', required: false as never } } })).toThrow('schema t.parameters.a.required: must be true when present')
    expect(() => defineTool({ ...base, parameters: { a: 'string' as never } })).toThrow('schema t.parameters.a: must be a value schema object')
    expect(() => defineTool({ ...base, parameters: { a: { type: 'date' as never } } })).toThrow(/unsupported type "date"/)
  })
})
