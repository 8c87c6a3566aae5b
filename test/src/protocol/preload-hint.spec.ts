// The preload hint the page posts to a new worker: it names storage, provider and whether MCP servers are set,
// carries none of the settings' other data, reads back as it was sent (through a structured clone), and
// anything else, a command included, reads as no hint.
import { describe, expect, it } from 'vitest'
import { preloadHint, readPreloadHint } from '../../../src/protocol/preload-hint.ts'
import type { RuntimeSettings } from '../../../src/protocol/messages.ts'

const settings: RuntimeSettings = {
  provider: 'openai-compatible', model: 'm', permissions: 'ask', storage: 'indexeddb', replies: [{ text: 'x' }],
  workspace: { 'a.txt': 'a' }, instructions: 'be brief', mcpServers: [{ name: 'a', url: 'https://a.example/mcp' }],
}

describe('preload hint', () => {
  it('carries storage, provider and whether MCP servers are set, and nothing else of the settings', () => {
    const message = preloadHint(settings)
    expect(message).toEqual({ dshPreload: { provider: 'openai-compatible', storage: 'indexeddb', mcp: true } })
    expect(readPreloadHint(structuredClone(message))).toEqual(message.dshPreload)
    expect(preloadHint({ ...settings, mcpServers: [] }).dshPreload.mcp).toBe(false)
  })

  it('reads no hint from any other message', () => {
    const others = [null, undefined, 'dshPreload', {}, { dshPreload: null }, { dshPreload: { provider: 'scripted', storage: 'memory' } },
      { id: '1', type: 'APPLY', path: ['call'], argumentList: [{ type: 'RAW', value: { kind: 'host.configure', settings } }] }]
    for (const other of others) expect(readPreloadHint(other)).toBeUndefined()
  })
})
