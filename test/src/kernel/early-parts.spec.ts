// The worker entry's early imports: for the page's preload hint it starts importing the same lazy plugins
// the host's preload starts for those settings (storage, model provider, MCP client), so the two cannot
// drift apart; a message that is no hint starts nothing.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { preloadParts, takeHint } from '../../../src/kernel/early-parts.ts'
import { preloadRuntime } from '../../../src/kernel/preload.ts'
import { runtimeOptions } from '../../../src/host/runtime-options.ts'
import { preloadHint, type RuntimeSettings } from '../../../src/protocol/index.ts'

const base: RuntimeSettings = { provider: 'scripted', permissions: 'ask', storage: 'indexeddb' }

describe('kernel/early-parts', () => {
  it('starts importing what the host preload starts for the settings the hint came from', () => {
    const cases: RuntimeSettings[] = [
      base,
      { ...base, storage: 'memory' },
      { ...base, provider: 'openai-compatible', model: 'm' },
      { ...base, provider: 'openai-responses', model: 'm' },
      { ...base, provider: 'anthropic', model: 'm' },
      { ...base, provider: 'gemini' },
      { ...base, provider: 'replay', replay: '', storage: 'memory' },
      { ...base, provider: 'openai-compatible', model: 'm', mcpServers: [{ name: 'a', url: 'https://a.example/mcp' }, { name: 'b', url: 'https://b.example/mcp' }] },
    ]
    for (const settings of cases) {
      expect(new Set(preloadParts(preloadHint(settings).dshPreload))).toEqual(new Set(preloadRuntime(runtimeOptions(settings, undefined))))
    }
  })

  it('takes the hint out of a held message, and starts nothing for any other message', () => {
    expect(takeHint(preloadHint(base))).toEqual(['IdbSessionBackend', 'llm-scripted'])
    for (const other of [null, 'x', { id: '1', type: 'APPLY', path: ['call'], argumentList: [] }, { dshPreload: { provider: 'scripted' } }]) expect(takeHint(other)).toEqual([])
  })
})
