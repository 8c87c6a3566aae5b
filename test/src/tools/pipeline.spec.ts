// The seven-gate pipeline, observed through the real batch scheduler: results, log and body runs.
import { describe, expect, it } from 'vitest'
import { createToolHarness, echoTool, resultText } from '../../harness/tool-harness.ts'
import { defineTool } from '../../../src/tools/index.ts'
import type { ToolExecution } from '../../../src/tools/types.ts'

describe('tool pipeline', () => {
  it('logs tool/call with the raw arguments, then a tool/result citing it', async () => {
    const h = await createToolHarness()
    h.root.tools.register(echoTool())
    await h.batch([{ name: 'echo', arguments: '{"text": "hi"}', callId: 'c1' }])
    const [call, result] = h.logged()
    expect(call).toMatchObject({ type: 'tool/call', data: { turn: 1, step: 1, callId: 'c1', name: 'echo', arguments: '{"text": "hi"}' } })
    expect(result).toMatchObject({ type: 'tool/result', surfaceOp: 'append', sourceEventSeqs: [call!.seq] })
    expect(result!.data).toMatchObject({ message: { role: 'user', source: { kind: 'tool', callId: 'c1' }, content: [{ type: 'tool-result', toolCallId: 'c1', content: [{ type: 'text', text: 'hi' }] }] } })
    expect(result!.data).not.toHaveProperty('error')
  })

  it('deny: an isError result with the reason, no error info, body never runs', async () => {
    const h = await createToolHarness()
    const seen: unknown[] = []
    h.root.tools.register(echoTool({}, seen))
    h.root.on('tools/pre-execute', async () => ({ kind: 'deny', reason: 'not today' }))
    await h.batch([{ name: 'echo', arguments: '{"text":"x"}' }])
    const [result] = h.results()
    expect(resultText(result!)).toBe('Error: not today')
    expect(result!.data.message.content[0].isError).toBe(true)
    expect(result!.data).not.toHaveProperty('error')
    expect(seen).toEqual([])
  })

  it('unknown and look-alike names are UNKNOWN_TOOL and the batch goes on', async () => {
    const h = await createToolHarness()
    h.root.tools.register(defineTool({ ...echoTool(), name: 'bash' }))
    await h.batch(['Bash', 'bash ', '../bash', 'nope'].map((name) => ({ name, arguments: '{"text":"x"}' })))
    const results = h.results()
    expect(results.map((r) => r.data.error?.code)).toEqual(['UNKNOWN_TOOL', 'UNKNOWN_TOOL', 'UNKNOWN_TOOL', 'UNKNOWN_TOOL'])
    expect(resultText(results[1]!)).toBe('Error: unknown tool "bash "')
    expect(results[0]!.data.error).toEqual({ name: 'UnknownToolError', code: 'UNKNOWN_TOOL' })
  })

  it('invalid JSON and schema violations are INVALID_ARGS; raw arguments logged verbatim; body never runs', async () => {
    const h = await createToolHarness()
    const seen: unknown[] = []
    h.root.tools.register(echoTool({}, seen))
    await h.batch([
      { name: 'echo', arguments: '{"text": "unterminated' },
      { name: 'echo', arguments: '{"text": 5, "extra": true}' },
    ])
    const calls = h.logged().filter((e) => e.type === 'tool/call')
    expect(calls.map((e) => (e.data as { arguments: string }).arguments)).toEqual(['{"text": "unterminated', '{"text": 5, "extra": true}'])
    const [bad, wrong] = h.results()
    expect(bad!.data.error).toEqual({ name: 'InvalidToolArgumentsError', code: 'INVALID_ARGS' })
    expect(resultText(bad!)).toMatch(/^Error: invalid arguments for tool "echo": arguments are not valid JSON \(/)
    expect(resultText(wrong!)).toBe('Error: invalid arguments for tool "echo": $.text: expected string, got number; $.extra: is not an allowed property')
    expect(seen).toEqual([])
  })

  it('empty arguments parse as {}', async () => {
    const h = await createToolHarness()
    const seen: unknown[] = []
    h.root.tools.register(echoTool({ parameters: { type: 'object', properties: { text: { type: 'string' } } }, execute: async (args: object) => (seen.push(args), { echoed: 'ok' }) }))
    await h.batch([{ name: 'echo', arguments: '' }])
    expect(seen).toEqual([{}])
  })

  it('a listener that mutates the arguments throws and cannot change what the body receives', async () => {
    const h = await createToolHarness()
    const seen: unknown[] = []
    const errors: string[] = []
    h.root.tools.register(echoTool({}, seen))
    h.root.on('tools/pre-execute', async (exec: ToolExecution, next) => {
      try {
        ;(exec.args as Record<string, unknown>).text = 'tampered'
      } catch (error) {
        errors.push((error as Error).constructor.name)
      }
      try {
        ;(exec as { name: string }).name = 'other'
      } catch (error) {
        errors.push((error as Error).constructor.name)
      }
      return next()
    })
    await h.batch([{ name: 'echo', arguments: '{"text":"original"}' }])
    expect(errors).toEqual(['TypeError', 'TypeError'])
    expect(seen).toEqual([{ text: 'original' }])
    expect(JSON.stringify(seen[0])).toBe(JSON.stringify(JSON.parse((h.logged()[0]!.data as { arguments: string }).arguments)))
  })

  it('an uncaught mutation in a listener is normalized to an error result; the body never runs', async () => {
    const h = await createToolHarness()
    const seen: unknown[] = []
    h.root.tools.register(echoTool({}, seen))
    h.root.on('tools/pre-execute', async (exec: ToolExecution, next) => {
      ;(exec.args as Record<string, unknown>).text = 'tampered'
      return next()
    })
    await h.batch([{ name: 'echo', arguments: '{"text":"original"}' }])
    expect(resultText(h.results()[0]!)).toMatch(/^Error: Cannot assign to read only property 'text'/)
    expect(seen).toEqual([])
  })

  it('a throwing body and a throwing renderer are normalized; coded errors keep their info', async () => {
    const h = await createToolHarness()
    const coded = Object.assign(new Error('no such file'), { name: 'FsError', code: 'FS_NOT_FOUND' })
    h.root.tools.register(echoTool({ name: 'thrower', execute: async () => { throw coded } }))
    h.root.tools.register(echoTool({ name: 'renderer', output: { schema: {}, render: () => { throw new Error('boom') } } }))
    await h.batch([{ name: 'thrower', arguments: '{"text":"a"}' }, { name: 'renderer', arguments: '{"text":"a"}' }])
    const [thrown, rendered] = h.results()
    expect(resultText(thrown!)).toBe('Error: no such file')
    expect(thrown!.data.error).toEqual({ name: 'FsError', code: 'FS_NOT_FOUND' })
    expect(resultText(rendered!)).toBe('Error: tool "renderer" output.render failed: boom')
    expect(rendered!.data).not.toHaveProperty('error')
  })

  it('an output that violates output.schema is INVALID_TOOL_OUTPUT', async () => {
    const h = await createToolHarness()
    h.root.tools.register(echoTool({ execute: async () => ({ echoed: 7 }) }))
    await h.batch([{ name: 'echo', arguments: '{"text":"a"}' }])
    expect(h.results()[0]!.data.error).toEqual({ name: 'InvalidToolOutputError', code: 'INVALID_TOOL_OUTPUT' })
    expect(resultText(h.results()[0]!)).toBe('Error: tool "echo" returned an invalid value: $.echoed: expected string, got number')
  })

  it('execute() never rejects, even when every listener throws', async () => {
    const h = await createToolHarness()
    h.root.tools.register(echoTool())
    h.root.on('tools/pre-execute', () => { throw new Error('pre') })
    h.root.on('tools/result', () => { throw new Error('observer') })
    const result = await h.root.tools.execute({ callId: 'x' as never, name: 'echo', arguments: '{"text":"a"}', signal: new AbortController().signal })
    expect(result).toMatchObject({ isError: true, error: { message: 'pre' }, content: [{ type: 'text', text: 'Error: pre' }] })
    expect(Object.isFrozen(result)).toBe(true)
  })
})
