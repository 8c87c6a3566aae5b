// tools/post-execute decisions, finalizeContent exactly once, and the tools/result notification.
import { describe, expect, it } from 'vitest'
import { createToolHarness, echoTool, resultText } from '../../harness/tool-harness.ts'
import { createUserMessage } from '../../../src/llm/messages.ts'
import type { PostToolDecision, ToolExecutionResult } from '../../../src/tools/types.ts'

async function withDecision(decision: PostToolDecision) {
  const h = await createToolHarness()
  h.root.tools.register(echoTool({ execute: async (args: { text: string }, exec) => (exec.deferContext(createUserMessage('deferred')), { echoed: args.text }) }))
  h.root.on('tools/post-execute', async () => decision)
  const outcome = await h.batch([{ name: 'echo', arguments: '{"text":"body"}' }])
  return { h, outcome, result: h.results()[0]! }
}

const texts = (messages: { content: readonly { type: string; text?: string }[] }[]) => messages.map((m) => m.content[0]!.text)

describe('tools/post-execute', () => {
  it('accept keeps the body result and body-deferred contexts first', async () => {
    const { result, outcome } = await withDecision({ kind: 'accept', additionalContexts: [createUserMessage('decided')] })
    expect(resultText(result)).toBe('body')
    expect(texts(outcome.contexts)).toEqual(['deferred', 'decided'])
  })

  it('block turns the result into isError with the feedback; body-deferred contexts dropped', async () => {
    const { result, outcome } = await withDecision({ kind: 'block', feedback: 'use the other tool', additionalContexts: [createUserMessage('why')] })
    expect(resultText(result)).toBe('use the other tool')
    expect(result.data.message.content[0].isError).toBe(true)
    expect(texts(outcome.contexts)).toEqual(['why'])
  })

  it('replacing content changes only the content', async () => {
    const { result } = await withDecision({ kind: 'accept', content: [{ type: 'text', text: 'redacted' }] })
    expect(resultText(result)).toBe('redacted')
    expect(result.data.message.content[0].isError).toBeUndefined()
  })

  it('replacing the value re-validates and re-renders', async () => {
    const { result } = await withDecision({ kind: 'accept', value: { echoed: 'new value' } })
    expect(resultText(result)).toBe('new value')
    const invalid = await withDecision({ kind: 'accept', value: { echoed: 1 } })
    expect(invalid.result.data.error?.code).toBe('INVALID_TOOL_OUTPUT')
  })

  it('replacing content and value together is an error', async () => {
    const { result } = await withDecision({ kind: 'accept', content: [], value: { echoed: 'x' } })
    expect(resultText(result)).toBe('Error: tools/post-execute accept cannot replace both content and value')
  })

  it('finalizeContent runs exactly once on success, denial, unknown-args and listener failure', async () => {
    const h = await createToolHarness()
    const finalized: boolean[] = []
    h.root.tools.register(echoTool({ finalizeContent: (_exec, result) => (finalized.push(result.isError), [{ type: 'text', text: `final:${result.content.length}` }]) }))
    const observed: ToolExecutionResult[] = []
    h.root.on('tools/result', (_exec, result) => void observed.push(result))
    let mode = 'allow'
    h.root.on('tools/pre-execute', async (_exec, next) => (mode === 'deny' ? { kind: 'deny', reason: 'no' } : mode === 'throw' ? Promise.reject(new Error('x')) : next()))
    for (const next of ['allow', 'deny', 'throw']) {
      mode = next
      await h.batch([{ name: 'echo', arguments: '{"text":"a"}' }])
    }
    await h.batch([{ name: 'echo', arguments: '{' }])
    expect(finalized).toEqual([false, true, true, true])
    expect(h.results().map(resultText)).toEqual(['final:1', 'final:1', 'final:1', 'final:1'])
    expect(observed.map((r) => r.content)).toEqual(h.results().map((r) => r.data.message.content[0].content))
  })

  it('block takes dsh feedback blocks; empty feedback gets the default message; a string still works', async () => {
    const blocks = await withDecision({ kind: 'block', feedback: [{ type: 'text', text: 'first' }, { type: 'text', text: 'second' }] })
    expect(blocks.result.data.message.content[0].content).toEqual([{ type: 'text', text: 'first' }, { type: 'text', text: 'second' }])
    const observed: ToolExecutionResult[] = []
    for (const feedback of [[], ''] as const) {
      const h = await createToolHarness()
      h.root.tools.register(echoTool())
      h.root.on('tools/post-execute', async () => ({ kind: 'block', feedback: typeof feedback === 'string' ? feedback : [...feedback] }))
      h.root.on('tools/result', (_exec, result) => void observed.push(result))
      await h.batch([{ name: 'echo', arguments: '{"text":"a"}' }])
      expect(h.results()[0]!.data.message.content[0].isError).toBe(true)
    }
    expect(observed.map((r) => r.isError && r.error.message)).toEqual(['tool result blocked by post-execute policy', 'tool result blocked by post-execute policy'])
    const reasoning = await withDecision({ kind: 'block', feedback: [{ type: 'reasoning', text: 'private' } as never] })
    expect(reasoning.result.data.message.content[0].isError).toBe(true)
  })

  it('listeners get a deep-frozen result: a denied call cannot be logged as a success', async () => {
    const h = await createToolHarness()
    h.root.tools.register(echoTool())
    h.root.on('tools/pre-execute', async () => ({ kind: 'deny', reason: 'not allowed' }))
    const attempts: string[] = []
    h.root.on('tools/post-execute', async (_exec, result, next) => {
      for (const [what, mutate] of [
        ['isError', () => { (result as { isError: boolean }).isError = false }],
        ['content', () => { (result.content as unknown[]).length = 0 }],
        ['block text', () => { (result.content[0] as { text: string }).text = 'fine' }],
        ['error', () => { (result as { error: { message: string } }).error.message = 'fine' }],
      ] as const) {
        try {
          mutate()
          attempts.push(`${what}: changed`)
        } catch (error) {
          attempts.push(`${what}: ${(error as Error).name}`)
        }
      }
      return next()
    })
    await h.batch([{ name: 'echo', arguments: '{"text":"a"}' }])
    expect(attempts).toEqual(['isError: TypeError', 'content: TypeError', 'block text: TypeError', 'error: TypeError'])
    const logged = h.results()[0]!
    expect(logged.data.message.content[0].isError).toBe(true)
    expect(resultText(logged)).toBe('Error: not allowed')
  })
})
