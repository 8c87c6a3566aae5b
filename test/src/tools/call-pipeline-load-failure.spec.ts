// A pipeline module that does not load (a dropped fetch in the browser) is a named error, never a
// hang: `execute` resolves to an error result carrying PluginLoadError, a step's batch rejects with
// it before logging anything, and the next call imports again.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createToolHarness, echoTool } from '../../harness/tool-harness.ts'
import { PluginLoadError } from '../../../src/kernel/lazy-plugin.ts'
import type { CallId } from '../../../src/util/brand.ts'

const network = vi.hoisted(() => ({ offline: true }))
vi.mock('../../../src/tools/batch.ts', async (importOriginal) => {
  if (network.offline) throw new TypeError('Failed to fetch dynamically imported module')
  return importOriginal()
})

afterEach(() => void (network.offline = false))

describe('tool-call pipeline that does not load', () => {
  it('execute → an error result naming PluginLoadError; the batch rejects with it and logs nothing; a later call loads', async () => {
    const h = await createToolHarness()
    h.root.tools.register(echoTool())
    const signal = new AbortController().signal
    const result = await h.root.tools.execute({ callId: 'c1' as CallId, name: 'echo', arguments: '{"text":"hi"}', signal })
    expect(result.isError).toBe(true)
    expect(result).toMatchObject({ error: { info: { name: 'PluginLoadError', code: 'PLUGIN_LOAD_FAILED' } } })
    expect(result.content).toEqual([{ type: 'text', text: expect.stringMatching(/^Error: 'tools: call pipeline' did not load: /) }])
    await expect(h.batch([{ name: 'echo', arguments: '{"text":"hi"}' }])).rejects.toBeInstanceOf(PluginLoadError)
    expect(h.logged()).toEqual([])
    network.offline = false
    const again = await h.root.tools.execute({ callId: 'c2' as CallId, name: 'echo', arguments: '{"text":"back"}', signal })
    expect(again).toMatchObject({ isError: false, content: [{ type: 'text', text: 'back' }] })
  })
})
