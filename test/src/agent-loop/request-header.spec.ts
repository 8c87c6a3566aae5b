// Header equality: tool parameters compare by JSON; a pair of deep-frozen parameters found equal
// is remembered, an unfrozen one is compared afresh every time (edits in place are seen).
import { describe, expect, it } from 'vitest'
import { canonicalHeader, headerEquals } from '../../../src/agent-loop/request-header.ts'
import { deepFreeze } from '../../../src/llm/deep-freeze.ts'
import type { ToolSchema } from '../../../src/llm/types.ts'
import type { JsonValue } from '../../../src/util/json.ts'

const config = { provider: 'p', model: 'm' }
const tool = (parameters: ToolSchema['parameters']): ToolSchema => ({ name: 'read', description: 'Reads.', parameters })
const header = (parameters: ToolSchema['parameters']) => canonicalHeader(config, 'system', [tool(parameters)])

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
})
