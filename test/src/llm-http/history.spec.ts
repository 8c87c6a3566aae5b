// History helpers: adjacent user messages merge (strict alternation), replay state is read only
// from the provider's own assistant messages.
import { describe, expect, it } from 'vitest'
import { mergeAdjacentUserMessages, replayStateOf } from '../../../src/llm-http/history.ts'
import { createAssistantMessage, createUserMessage } from '../../../src/llm/messages.ts'

describe('llm-http/history', () => {
  it('merges each run of user messages into one, blocks in order', () => {
    const a = createAssistantMessage([{ type: 'text', text: 'hi' }], { provider: 'p', model: 'm' })
    const merged = mergeAdjacentUserMessages([createUserMessage('1'), createUserMessage('2'), a, createUserMessage('3')])
    expect(merged.map((m) => [m.role, m.content.map((b) => (b.type === 'text' ? b.text : b.type))])).toEqual([['user', ['1', '2']], ['assistant', ['hi']], ['user', ['3']]])
  })

  it('reads replay state of the same provider only', () => {
    const a = createAssistantMessage([{ type: 'text', text: 'hi' }], { provider: 'gemini', model: 'm', replayState: { calls: {} } })
    expect(replayStateOf(a, 'gemini')).toEqual({ calls: {} })
    expect(replayStateOf(a, 'anthropic')).toEqual({})
  })
})
