// Header equality: tool parameters compare by JSON; a pair of deep-frozen parameters found equal
// is remembered, an unfrozen one is compared afresh every time (edits in place are seen).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { canonicalHeader, headerEquals, pairLoggedTools } from '../../../src/agent-loop/request-header.ts'
import { snapshotJson } from '../../../src/tools/json-snapshot.ts'
import { deepFreeze } from '../../../src/llm/deep-freeze.ts'
import type { ToolSchema } from '../../../src/llm/types.ts'
import type { JsonValue } from '../../../src/util/json.ts'

const config = { provider: 'p', model: 'm' }
const tool = (parameters: ToolSchema['parameters']): ToolSchema => ({ name: 'read', description: 'Reads.', parameters })
const header = (parameters: ToolSchema['parameters']) => canonicalHeader(config, 'system', [tool(parameters)])

afterEach(() => {
  vi.restoreAllMocks()
})

describe('headerEquals', () => {
  it('treats JSON-equal frozen parameters as equal, repeatedly, and different ones as different', () => {
    const logged = deepFreeze(header({ type: 'object', properties: { path: { type: 'string' } } }))
    const fresh = deepFreeze({ type: 'object', properties: { path: { type: 'string' } } })
    expect(headerEquals(logged, header(fresh))).toBe(true)
    expect(headerEquals(logged, header(fresh))).toBe(true)
    expect(headerEquals(logged, header(deepFreeze({ type: 'object', properties: { path: { type: 'number' } } })))).toBe(false)
  })

  it('sees an in-place edit of parameters that were not frozen', () => {
    const logged = deepFreeze(header({ type: 'object', properties: {} }))
    const mutable: { type: string; properties: Record<string, JsonValue> } = { type: 'object', properties: {} }
    expect(headerEquals(logged, header(mutable))).toBe(true)
    mutable.properties.path = { type: 'string' }
    expect(headerEquals(logged, header(mutable))).toBe(false)
  })

  it('compares config, system text and tool order', () => {
    const a = canonicalHeader(config, 'system', [tool({}), { name: 'write', description: 'Writes.', parameters: {} }])
    expect(headerEquals(a, canonicalHeader(config, 'system', [...a.tools!].reverse()))).toBe(false)
    expect(headerEquals(a, canonicalHeader({ ...config, model: 'n' }, 'system', a.tools!))).toBe(false)
    expect(headerEquals(a, canonicalHeader(config, 'other', a.tools!))).toBe(false)
    expect(headerEquals(a, canonicalHeader(config, 'system', a.tools!))).toBe(true)
  })

  it('a logged copy paired with its snapshot source compares by pointer at the next step; another source still by JSON', () => {
    const source = header(snapshotJson({ type: 'object', properties: { path: { type: 'string' } } }) as ToolSchema['parameters'])
    const logged = deepFreeze(structuredClone(source))
    pairLoggedTools(logged, source)
    const stringify = vi.spyOn(JSON, 'stringify')
    expect(headerEquals(logged, header(source.tools![0]!.parameters))).toBe(true)
    expect(stringify).not.toHaveBeenCalled()
    expect(headerEquals(logged, header(snapshotJson({ type: 'object', properties: { path: { type: 'number' } } }) as ToolSchema['parameters']))).toBe(false)
    expect(stringify).toHaveBeenCalled()
  })

  it('does not pair parameters that are not a snapshot (they may still change)', () => {
    const mutable: { type: string; properties: Record<string, JsonValue> } = { type: 'object', properties: {} }
    const source = header(mutable)
    const logged = deepFreeze(structuredClone(source))
    pairLoggedTools(logged, source)
    mutable.properties.path = { type: 'string' }
    expect(headerEquals(logged, header(mutable))).toBe(false)
  })
})
