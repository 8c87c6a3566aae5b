// The timeout policy turns a tool's own deadline into TOOL_TIMEOUT, while caller aborts stay ABORTED.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as toolTimeout from '../../../../src/plugins/tool-timeout/index.ts'
import { createToolHarness, echoTool, resultText } from '../../../harness/tool-harness.ts'
import type { ToolRunContext } from '../../../../src/tools/types.ts'

const waitForAbort = (exec: ToolRunContext) =>
  new Promise<never>((_, reject) => exec.signal.addEventListener('abort', () => reject(exec.signal.reason), { once: true }))

describe('tool-timeout', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('a cooperative body past its timeoutMs ends TOOL_TIMEOUT', async () => {
    const h = await createToolHarness()
    await h.root.plugin(toolTimeout, {})
    h.root.tools.register(echoTool({ timeoutMs: 50, execute: (_args, exec) => waitForAbort(exec) }))
    const batch = h.batch([{ name: 'echo', arguments: '{"text":"a"}' }])
    await vi.advanceTimersByTimeAsync(50)
    await batch
    expect(h.results()[0]!.data.error).toEqual({ name: 'ToolTimeoutError', code: 'TOOL_TIMEOUT' })
    expect(resultText(h.results()[0]!)).toBe('Error: tool "echo" timed out after 50ms')
  })

  it('a body that ignores the signal and succeeds late is still TOOL_TIMEOUT', async () => {
    const h = await createToolHarness()
    await h.root.plugin(toolTimeout, {})
    h.root.tools.register(echoTool({ timeoutMs: 10, execute: () => new Promise((resolve) => setTimeout(() => resolve({ echoed: 'late' }), 30)) }))
    const batch = h.batch([{ name: 'echo', arguments: '{"text":"a"}' }])
    await vi.advanceTimersByTimeAsync(30)
    await batch
    expect(h.results()[0]!.data.error?.code).toBe('TOOL_TIMEOUT')
  })

  it('in time: untouched; a caller abort is ABORTED, not a timeout; defaultTimeoutMs applies to tools without one', async () => {
    const h = await createToolHarness()
    await h.root.plugin(toolTimeout, { defaultTimeoutMs: 100 })
    h.root.tools.register(echoTool())
    h.root.tools.register(echoTool({ name: 'wait', execute: (_args, exec) => waitForAbort(exec) }))
    await h.batch([{ name: 'echo', arguments: '{"text":"fast"}' }])
    const controller = new AbortController()
    const batch = h.batch([{ name: 'wait', arguments: '{"text":"a"}' }], controller.signal)
    await vi.advanceTimersByTimeAsync(10)
    controller.abort()
    await batch
    const late = h.batch([{ name: 'wait', arguments: '{"text":"b"}' }])
    await vi.advanceTimersByTimeAsync(100)
    await late
    expect(h.results().map((r) => r.data.error?.code)).toEqual([undefined, 'ABORTED', 'TOOL_TIMEOUT'])
  })

  it('rejects a bad defaultTimeoutMs', async () => {
    const h = await createToolHarness()
    await expect(Promise.resolve().then(() => toolTimeout.apply(h.root, { defaultTimeoutMs: -1 }))).rejects.toThrow('defaultTimeoutMs must be a positive finite number')
  })
})
