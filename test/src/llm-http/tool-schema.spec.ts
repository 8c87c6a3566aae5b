// Tool schemas per dialect: annotations removed everywhere, JSON Schema kept otherwise; Gemini's
// OpenAPI subset with $ref inlined, const/oneOf/type-list rewritten, unknown keywords dropped.
import { describe, expect, it } from 'vitest'
import { normalizeToolSchema } from '../../../src/llm-http/tool-schema.ts'
import type { JsonValue } from '../../../src/util/json.ts'

const mcpSchema: JsonValue = {
  $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', additionalProperties: false,
  properties: {
    $schema: { type: 'string', description: 'a property that happens to be named $schema' },
    tags: { type: 'array', items: { $id: 'tag', type: 'string', enum: [1, 'b'] } },
    kind: { oneOf: [{ const: 'a' }, { $ref: '#/definitions/k' }] },
  },
  definitions: { k: { type: 'string', format: 'date-time', examples: ['x'] } },
}

describe('llm-http/tool-schema', () => {
  it('json-schema: drops $schema/$id/$comment keywords, keeps properties of any name', () => {
    const frozen = structuredClone(mcpSchema)
    expect(normalizeToolSchema(mcpSchema, 'json-schema')).toEqual({
      type: 'object', additionalProperties: false,
      properties: { $schema: { type: 'string', description: 'a property that happens to be named $schema' }, tags: { type: 'array', items: { type: 'string', enum: [1, 'b'] } }, kind: { oneOf: [{ const: 'a' }, { $ref: '#/definitions/k' }] } },
      definitions: { k: { type: 'string', format: 'date-time', examples: ['x'] } },
    })
    expect(mcpSchema).toEqual(frozen)
  })

  it('gemini: the OpenAPI subset', () => {
    expect(normalizeToolSchema(mcpSchema, 'gemini')).toEqual({
      type: 'object',
      properties: {
        $schema: { type: 'string', description: 'a property that happens to be named $schema' },
        tags: { type: 'array', items: { type: 'string', enum: ['1', 'b'] } },
        kind: { anyOf: [{ enum: ['a'] }, { type: 'string', format: 'date-time' }] },
      },
    })
  })

  it('gemini: a self-referencing $ref stops at a bounded depth', () => {
    const tree = { type: 'object', properties: { child: { $ref: '#/$defs/node' } }, $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } } }
    const out = JSON.stringify(normalizeToolSchema(tree, 'gemini'))
    expect(out.length).toBeLessThan(5_000)
    expect(out).not.toContain('$ref')
  })
})
