/**
 * The `gateway` provider against a real gateway (the Node adapter) and the scripted upstream on
 * 127.0.0.1: a createRuntime turn answers with no key; a token the gateway calls expired is
 * renewed once; a limit becomes GATEWAY_LIMIT with its reset time (not retried); a refused
 * origin becomes ORIGIN_NOT_ALLOWED. Node's fetch sends no Origin header, so the test's fetch adds
 * the page origin a browser would add (everything else is real HTTP).
 */
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createNodeGateway } from '../../../gateway/node/server.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../../gateway/dev/scripted-upstream.ts'
import { createGatewayAdapter } from '../../../src/llm-gateway/index.ts'
import { LlmError } from '../../../src/llm/errors.ts'
import { createUserMessage } from '../../../src/llm/messages.ts'
import type { StreamChunk } from '../../../src/llm/types.ts'
import { createRuntime } from '../../../src/index.ts'
import { gatewayEnv } from '../../gateway/gateway-suite.ts'

const PAGE = 'http://docs.test'
let upstream: ScriptedUpstream
let url: string
let close: () => Promise<void>
let clock = Date.now()
let origin = PAGE
const logs: string[] = []

beforeAll(async () => {
  upstream = await startScriptedUpstream()
  const server = createNodeGateway({ env: { ...gatewayEnv(upstream.url), RATE_LIMIT_RPM: '3', MAX_TOOLS: '64', MAX_SCHEMA_BYTES: '131072', MAX_BODY_BYTES: '1048576' }, log: (line) => logs.push(line), now: () => clock })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()) })
  const realFetch = globalThis.fetch
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => realFetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), Origin: origin } }))
})
afterAll(async () => {
  vi.unstubAllGlobals()
  await close()
  await upstream.close()
})

const options = (text: string) => ({ provider: 'gateway', model: 'deepseek-chat', messages: [createUserMessage(text)] })

async function run(adapter: ReturnType<typeof createGatewayAdapter>, text: string): Promise<{ chunks: StreamChunk[]; error?: LlmError }> {
  const chunks: StreamChunk[] = []
  try {
    for await (const chunk of adapter.stream(options(text))) chunks.push(chunk)
    return { chunks }
  } catch (error) {
    return { chunks, error: error as LlmError }
  }
}

const sessions = () => logs.filter((line) => line.includes('"path":"/v1/session"')).length

describe('llm-gateway', () => {
  it('answers a createRuntime turn through the gateway with no key in the page', async () => {
    const runtime = await createRuntime({ llm: { provider: 'gateway', url } })
    const agent = await runtime.open()
    agent.followup('hello')
    await agent.whenIdle()
    const answer = agent.session.events.find((e) => e.type === 'assistant/message')
    expect(JSON.stringify(agent.session.events.map((e) => [e.type, e.type === 'turn/end' ? e.data : ''])), 'the turn answered').toContain('assistant/message')
    expect(JSON.stringify(answer)).toContain('came through the site’s gateway')
    expect(upstream.requests.at(-1)!.headers.authorization).toBe('Bearer sk-test-0123456789abcdef-secret')
    await runtime.dispose()
  })

  it('renews a session token the gateway calls expired, once, and keeps it otherwise', async () => {
    const adapter = createGatewayAdapter({ url, model: 'deepseek-chat' })
    const before = sessions()
    expect((await run(adapter, 'one')).error).toBeUndefined()
    expect(sessions()).toBe(before + 1)
    clock += 3_600_000 // the gateway's clock passes the token's expiry; the page's does not
    const renewed = await run(adapter, 'two')
    expect(renewed.error).toBeUndefined()
    expect(renewed.chunks.some((c) => c.type === 'text-delta')).toBe(true)
    expect(sessions()).toBe(before + 2)
  })

  it('names a limit GATEWAY_LIMIT with its reset time and does not retry it', async () => {
    const adapter = createGatewayAdapter({ url, model: 'deepseek-chat' })
    for (let i = 0; i < 3; i++) expect((await run(adapter, 'hi')).error).toBeUndefined()
    const { error } = await run(adapter, 'hi')
    expect(error?.failure).toMatchObject({ code: 'GATEWAY_LIMIT', status: 429 })
    expect(Date.parse(error!.failure.detail!)).toBeGreaterThan(clock)
    expect(error!.failure.providerRetryAfterMs).toBeGreaterThan(0)
  })

  it('names a refused origin ORIGIN_NOT_ALLOWED', async () => {
    origin = 'http://elsewhere.test'
    try {
      const { error } = await run(createGatewayAdapter({ url, model: 'deepseek-chat' }), 'hi')
      expect(error?.failure).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED', status: 403 })
    } finally {
      origin = PAGE
    }
  })
})
