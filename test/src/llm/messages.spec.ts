// Message factories mint UUID ids, copy their input and deep-freeze the result.
import { describe, expect, it } from 'vitest'
import { createAssistantMessage, createToolResultMessage, createUserMessage } from '../../../src/llm/messages.ts'
import type { CallId } from '../../../src/util/brand.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('message factories', () => {
  it('createUserMessage from text or blocks, with a default user source', () => {
    const message = createUserMessage('hello')
    expect(message).toEqual({ id: expect.stringMatching(UUID), role: 'user', content: [{ type: 'text', text: 'hello' }], source: { kind: 'user' } })
    const blocks = [{ type: 'text' as const, text: 'ctx' }]
    const plugin = createUserMessage(blocks, { kind: 'plugin', plugin: 'p', form: 'notice' })
    blocks[0]!.text = 'mutated'
    expect(plugin.content).toEqual([{ type: 'text', text: 'ctx' }])
    expect(plugin.source).toEqual({ kind: 'plugin', plugin: 'p', form: 'notice' })
    expect(createUserMessage('a').id).not.toBe(createUserMessage('a').id)
  })

  it('createAssistantMessage carries a model source and is frozen deep', () => {
    const message = createAssistantMessage([{ type: 'text', text: 'hi' }], { provider: 'scripted', model: 'm' })
    expect(message.source).toEqual({ kind: 'model', provider: 'scripted', model: 'm' })
    expect(Object.isFrozen(message.content[0])).toBe(true)
    expect(() => { (message.content as unknown as { type: string }[]).push({ type: 'text' }) }).toThrow(TypeError)
  })

  it('createToolResultMessage: one tool-result block, isError only when true', () => {
    const callId = 'call_9' as CallId
    const ok = createToolResultMessage({ callId, content: [{ type: 'text', text: 'out' }], isError: false })
    expect(ok).toEqual({
      id: expect.stringMatching(UUID), role: 'user', source: { kind: 'tool', callId },
      content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text: 'out' }] }],
    })
    expect(createToolResultMessage({ callId, content: [], isError: true }).content[0].isError).toBe(true)
  })
})
