// validateJson enforces the schema subset and names each violation by its JSON path.
import { describe, expect, it } from 'vitest'
import { validateJson } from '../../../src/tools/json-schema.ts'
import type { JsonSchemaNode } from '../../../src/tools/types.ts'

const todo: JsonSchemaNode = {
  type: 'object',
  required: ['todos'],
  additionalProperties: false,
  properties: {
    todos: {
      type: 'array',
      maxItems: 2,
      items: {
        type: 'object',
        required: ['content', 'status'],
        additionalProperties: false,
        properties: {
          content: { type: 'string', minLength: 1 },
          status: { enum: ['pending', 'in_progress', 'completed'] },
        },
      },
    },
  },
}

describe('validateJson', () => {
  it('accepts a valid value', () => {
    expect(validateJson(todo, { todos: [{ content: 'a', status: 'pending' }] })).toEqual([])
  })

  it('reports type, required, extra, enum and length errors with paths', () => {
    expect(validateJson(todo, { todos: [{ content: '', status: 'done', x: 1 }], y: 2 })).toEqual([
      '$.todos[0].content: must have at least 1 characters',
      '$.todos[0].status: must be one of "pending", "in_progress", "completed"',
      '$.todos[0].x: is not an allowed property',
      '$.y: is not an allowed property',
    ])
    expect(validateJson(todo, [])).toEqual(['$: expected object, got array'])
    expect(validateJson(todo, {})).toEqual(['$.todos: is required'])
  })

  it('distinguishes integer, number and non-finite values', () => {
    expect(validateJson({ type: 'integer', minimum: 1, maximum: 3 }, 2)).toEqual([])
    expect(validateJson({ type: 'integer' }, 1.5)).toEqual(['$: expected integer, got number'])
    expect(validateJson({ type: 'number' }, Number.NaN)).toEqual(['$: expected number, got non-finite number'])
    expect(validateJson({ type: 'number', maximum: 3 }, 4)).toEqual(['$: must be <= 3'])
  })

  it('requires exactly one oneOf match and deep-equal const', () => {
    const schema: JsonSchemaNode = { oneOf: [{ type: 'string' }, { const: { a: [1] } }] }
    expect(validateJson(schema, 'x')).toEqual([])
    expect(validateJson(schema, { a: [1] })).toEqual([])
    expect(validateJson(schema, 3)).toEqual(['$: must match exactly one schema in oneOf (matched 0 of 2)'])
    expect(validateJson({ oneOf: [{ type: 'number' }, { type: 'integer' }] }, 1)).toEqual([
      '$: must match exactly one schema in oneOf (matched 2 of 2)',
    ])
  })

  it('quotes property names that are not identifiers and rejects non-plain objects', () => {
    const schema: JsonSchemaNode = { type: 'object', properties: { 'a b': { type: 'string' } } }
    expect(validateJson(schema, { 'a b': 1 })).toEqual(['$["a b"]: expected string, got number'])
    expect(validateJson({ type: 'object' }, new Date(0))).toEqual(['$: expected object, got non-plain object'])
    expect(validateJson({ type: 'object', additionalProperties: { type: 'number' } }, { k: 'v' })).toEqual([
      '$.k: expected number, got string',
    ])
  })
})
