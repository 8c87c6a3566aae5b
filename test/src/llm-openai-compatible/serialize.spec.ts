// History serialization follows DeepSeek's wire rules for each message kind.
import { describe, expect, it } from 'vitest'
import { buildRequest, serializeMessages } from '../../../src/llm-openai-compatible/serialize.ts'
import { createAssistantMessage, createToolResultMessage, createUserMessage } from '../../../src/llm/messages.ts'
import type { CallId } from '../../../src/util/brand.ts'

const callId = 'call_1' as CallId
const route = { provider: 'openai-compatible', model: 'deepseek-reasoner' }
const toolTurn = createAssistantMessage([
  { type: 'reasoning', text: 'I should read it.' },
  { type: 'tool-call', id: callId, name: 'read', arguments: '{"file_path":"a.md"}' },
], route)
const answer = createAssistantMessage([{ type: 'reasoning', text: 'done thinking' }, { type: 'text', text: 'It says hi.' }], route)
const result = createToolResultMessage({ callId, content: [{ type: 'text', text: 'hi' }] })

describe('history serialization', () => {
  it('puts the system prompt first as a system message', () => {
    expect(serializeMessages([createUserMessage('q')], 'You are helpful.', { thinking: false })).toEqual([
      { role: 'system', content: 'You are helpful.' },
      { role: 'user', content: 'q' },
    ])
  })

  it('sends a tool-call-only assistant turn with content "" (not null) and function tool_calls', () => {
    const [wire] = serializeMessages([toolTurn], undefined, { thinking: false })
    expect(wire).toEqual({ role: 'assistant', content: '', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read', arguments: '{"file_path":"a.md"}' } }] })
  })

  it('passes reasoning_content back on tool-call turns in thinking mode only', () => {
    const [thinkingWire, finalWire] = serializeMessages([toolTurn, answer], undefined, { thinking: true })
    expect(thinkingWire).toMatchObject({ role: 'assistant', content: '', reasoning_content: 'I should read it.' })
    expect(finalWire).toEqual({ role: 'assistant', content: 'It says hi.' })
    expect(serializeMessages([toolTurn], undefined, { thinking: false })[0]).not.toHaveProperty('reasoning_content')
  })

  it('sends tool results as role tool with tool_call_id', () => {
    expect(serializeMessages([result], undefined, { thinking: false })).toEqual([{ role: 'tool', tool_call_id: 'call_1', content: 'hi' }])
    const failed = createToolResultMessage({ callId, content: [{ type: 'text', text: 'Error: nope' }], isError: true })
    expect(serializeMessages([failed], undefined, { thinking: false })).toEqual([{ role: 'tool', tool_call_id: 'call_1', content: 'Error: nope' }])
  })

  it('maps tools to function schemas and omits absent options', () => {
    const body = buildRequest({
      ...route, messages: [createUserMessage('q')],
      tools: [{ name: 'read', description: 'Read a file', parameters: { type: 'object', properties: {} } }],
    }, { thinking: true })
    expect(body).toEqual({
      model: 'deepseek-reasoner', stream: true, stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'q' }],
      tools: [{ type: 'function', function: { name: 'read', description: 'Read a file', parameters: { type: 'object', properties: {} } } }],
    })
  })

  it('sends the thinking toggle and reasoning effort when configured', () => {
    const body = buildRequest({ ...route, model: 'deepseek-chat', reasoningEffort: 'high', messages: [] }, { thinking: true, thinkingParam: true })
    expect(body.thinking).toEqual({ type: 'enabled' })
    expect(body.reasoning_effort).toBe('high')
  })
})
