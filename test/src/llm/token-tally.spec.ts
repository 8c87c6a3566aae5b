// The incremental request tally: always the figure `estimateRequestTokens` gives — across
// appends, a replaced middle message, mutable messages and tool lists changed in place.
import { describe, expect, it } from 'vitest'
import { estimateRequestTokens } from '../../../src/llm/token-estimate.ts'
import { RequestTokenTally, estimateToolsTokens } from '../../../src/llm/token-tally.ts'
import { createUserMessage } from '../../../src/llm/messages.ts'
import { deepFreeze } from '../../../src/llm/deep-freeze.ts'
import { tagLineage } from '../../../src/util/list-lineage.ts'
import type { Message, ToolSchema } from '../../../src/llm/types.ts'
import type { CallId } from '../../../src/util/brand.ts'

const frozen = (text: string): Message => deepFreeze(createUserMessage(text))

describe('RequestTokenTally', () => {
  it('matches the full estimate while a frozen history grows and after a middle message is replaced', () => {
    const tally = new RequestTokenTally()
    const history: Message[] = []
    for (let i = 0; i < 20; i++) {
      history.push(frozen(`message number ${i} `.repeat(i + 1)))
      const request = { messages: Object.freeze(history.slice()), system: 'You are a test.' }
      expect(tally.estimate(request)).toBe(estimateRequestTokens(request))
    }
    history[5] = frozen('a much shorter replacement')
    const replaced = { messages: Object.freeze(history.slice()) }
    expect(tally.estimate(replaced)).toBe(estimateRequestTokens(replaced))
    expect(tally.estimate({ messages: [] })).toBe(0)
  })

  it('reuses the prefix of a list tagged as extending the last one, and only then skips the compare', () => {
    const tally = new RequestTokenTally()
    const lineage = {}
    const first = Object.freeze([frozen('one'), frozen('two')])
    tagLineage(first, lineage)
    expect(tally.estimate({ messages: first })).toBe(estimateRequestTokens({ messages: first }))
    const grown = Object.freeze([...first, frozen('three, a longer message')])
    tagLineage(grown, lineage)
    expect(tally.estimate({ messages: grown })).toBe(estimateRequestTokens({ messages: grown }))
    const other = Object.freeze([frozen('a different start, much longer than before'), frozen('two'), frozen('three')])
    tagLineage(other, {})
    expect(tally.estimate({ messages: other })).toBe(estimateRequestTokens({ messages: other }))
  })

  it('recounts a message that was not frozen when it changed in place', () => {
    const tally = new RequestTokenTally()
    const block = { type: 'text' as const, text: 'short' }
    const messages = [frozen('stable'), { content: [block] }]
    expect(tally.estimate({ messages })).toBe(estimateRequestTokens({ messages }))
    block.text = 'a far longer text than before, many tokens more'
    expect(tally.estimate({ messages })).toBe(estimateRequestTokens({ messages }))
  })

  it('recounts a frozen message whose nested tool-result content is still mutable', () => {
    const tally = new RequestTokenTally()
    const inner = { type: 'text' as const, text: 'ok' }
    const result = Object.freeze({ content: Object.freeze([Object.freeze({ type: 'tool-result' as const, toolCallId: 'c1' as CallId, content: [inner] })]) })
    const messages = Object.freeze([frozen('stable'), result])
    expect(tally.estimate({ messages })).toBe(estimateRequestTokens({ messages }))
    inner.text = 'grown after the first count'.repeat(4)
    expect(tally.estimate({ messages })).toBe(estimateRequestTokens({ messages }))
  })

  it('counts a changed system prompt and a tool list edited in place', () => {
    const tally = new RequestTokenTally()
    const tools: ToolSchema[] = [{ name: 'read', description: 'Reads.', parameters: { type: 'object' } }]
    const one = { messages: [], system: 'first', tools }
    expect(tally.estimate(one)).toBe(estimateRequestTokens(one))
    tools[0]!.description = 'Reads a file from the workspace, with a much longer description.'
    const two = { messages: [], system: 'second, longer system text', tools }
    expect(tally.estimate(two)).toBe(estimateRequestTokens(two))
    const fixed = deepFreeze([{ name: 'write', description: 'Writes.', parameters: { type: 'object' } }])
    expect(estimateToolsTokens(fixed)).toBe(estimateRequestTokens({ messages: [], tools: fixed }))
    expect(estimateToolsTokens(fixed)).toBe(estimateRequestTokens({ messages: [], tools: fixed }))
  })
})
