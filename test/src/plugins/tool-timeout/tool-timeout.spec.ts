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

  it('with maxTimeoutMs each progress report restarts the deadline, never past maxTimeoutMs; without it progress extends nothing', async () => {
    const h = await createToolHarness()
    await h.root.plugin(toolTimeout, {})
    const reporting = (exec: ToolRunContext) => {
      const ticker = setInterval(() => exec.progress({ progress: 1 }), 40)
      return waitForAbort(exec).finally(() => clearInterval(ticker))
    }
    h.root.tools.register(echoTool({ name: 'long', timeoutMs: 50, maxTimeoutMs: 200, execute: (_args, exec) => reporting(exec) }))
    h.root.tools.register(echoTool({ name: 'capped', timeoutMs: 50, execute: (_args, exec) => reporting(exec) }))
    const long = h.batch([{ name: 'long', arguments: '{"text":"a"}' }])
    await vi.advanceTimersByTimeAsync(150)
    expect(h.results()).toEqual([]) // three times its timeoutMs, still running: each report pushed the deadline back
    await vi.advanceTimersByTimeAsync(100)
    await long
    expect(resultText(h.results()[0]!)).toBe('Error: tool "long" timed out after 200ms')
    const capped = h.batch([{ name: 'capped', arguments: '{"text":"a"}' }])
    await vi.advanceTimersByTimeAsync(50)
    await capped
    expect(resultText(h.results()[1]!)).toBe('Error: tool "capped" timed out after 50ms')
  })

  it('progress that stops: the deadline runs out timeoutMs after the last report', async () => {
    const h = await createToolHarness()
    await h.root.plugin(toolTimeout, {})
    h.root.tools.register(echoTool({ name: 'stalls', timeoutMs: 50, maxTimeoutMs: 1_000, execute: (_args, exec) => {
      setTimeout(() => exec.progress({ progress: 1, total: 2 }), 30)
      return waitForAbort(exec)
    } }))
    const batch = h.batch([{ name: 'stalls', arguments: '{"text":"a"}' }])
    await vi.advanceTimersByTimeAsync(79)
    expect(h.results()).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    await batch
    expect(resultText(h.results()[0]!)).toBe('Error: tool "stalls" timed out: no progress for 50ms')
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
