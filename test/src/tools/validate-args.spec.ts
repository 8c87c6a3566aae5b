// A tool with its own argument validator (`validateArgs`): its schema may go beyond the enforced subset, the model
// sees it verbatim, and the validator — not the subset check — decides INVALID_ARGS (and the parallel classification).
import { describe, expect, it } from 'vitest'
import { createToolHarness, resultText } from '../../harness/tool-harness.ts'
import { defineTool } from '../../../src/tools/index.ts'

const FULL_SCHEMA = { type: 'object', $schema: 'https://json-schema.org/draft/2020-12/schema', properties: { q: { type: 'string', pattern: '^[a-z]+$' } }, required: ['q'] }

function foreignTool(seen: unknown[] = []) {
  return defineTool({
    name: 'foreign',
    description: 'A tool whose schema came from outside.',
    parameters: FULL_SCHEMA as never,
    validateArgs: (args) => (typeof (args as { q?: unknown })?.q === 'string' && /^[a-z]+$/.test((args as { q: string }).q) ? [] : ['$.q: must match ^[a-z]+$']),
    isConcurrencySafe: () => true,
    output: { schema: { type: 'string' }, render: (_a, v: string) => [{ type: 'text', text: v }] },
    execute: async (args: { q: string }) => {
      seen.push(args)
      return args.q.toUpperCase()
    },
  })
}

describe('validateArgs', () => {
  it('accepts a schema beyond the subset and shows it to the model verbatim', async () => {
    const h = await createToolHarness()
    h.root.tools.register(foreignTool())
    expect(h.root.tools.schemas().find((s) => s.name === 'foreign')?.parameters).toEqual(FULL_SCHEMA)
  })

  it('without validateArgs the same schema is refused at define time', () => {
    const { validateArgs: _, ...plain } = foreignTool()
    expect(() => defineTool(plain)).toThrow(/unsupported keyword "\$schema"/)
  })

  it('still needs lossless JSON with an object root', () => {
    expect(() => defineTool({ ...foreignTool(), parameters: { type: 'string' } as never })).toThrow(/root must be \{ type: 'object' \}/)
    expect(() => defineTool({ ...foreignTool(), parameters: { type: 'object' }, validateArgs: 'no' as never })).toThrow(/validateArgs must be a function/)
  })

  it('its problems are INVALID_ARGS and the body never runs; valid args run', async () => {
    const h = await createToolHarness()
    const seen: unknown[] = []
    h.root.tools.register(foreignTool(seen))
    await h.batch([{ name: 'foreign', arguments: '{"q":"ABC"}' }, { name: 'foreign', arguments: '{"q":"abc"}' }])
    const [bad, good] = h.results()
    expect(bad!.data.error).toEqual({ name: 'InvalidToolArgumentsError', code: 'INVALID_ARGS' })
    expect(resultText(bad!)).toBe('Error: invalid arguments for tool "foreign": $.q: must match ^[a-z]+$')
    expect(resultText(good!)).toBe('ABC')
    expect(seen).toEqual([{ q: 'abc' }])
  })

  it('decides the execution mode: invalid args run exclusive', async () => {
    const h = await createToolHarness()
    h.root.tools.register(foreignTool())
    expect(h.root.tools.executionMode({ name: 'foreign', args: { q: 'ok' } })).toBe('parallel')
    expect(h.root.tools.executionMode({ name: 'foreign', args: { q: 'NO' } })).toBe('exclusive')
  })
})
