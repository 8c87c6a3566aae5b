/**
 * The site gateway's cost (issue 33): the same streamed request sent straight to the scripted
 * upstream and through the gateway on one local workerd — overhead per request (p50, p99 of the
 * paired difference) and per streamed chunk — the Node adapter's overhead beside it, the time a
 * reader's abort takes to reach the upstream, and 200 concurrent streams through one workerd
 * (errors must be 0). Everything on 127.0.0.1. Plane: Node (npm run bench); measures, never asserts.
 * @module bench/gateway
 */
import type { AddressInfo } from 'node:net'
import { startScriptedUpstream } from '../gateway/dev/scripted-upstream.ts'
import { startWorkerdGateway } from '../gateway/dev/workerd.ts'
import { createNodeGateway } from '../gateway/node/server.ts'
import { note, record, recordSamples, summarize } from './harness.ts'

const ORIGIN = 'http://bench.test'
const REQUESTS = 300
const LONG_CHUNKS = 2000
const CONCURRENT = 200

const upstream = await startScriptedUpstream()
const env = {
  UPSTREAM_BASE_URL: upstream.url, UPSTREAM_API_KEY: 'sk-bench-key-0123456789', ALLOWED_ORIGINS: ORIGIN,
  SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123', RATE_LIMIT_RPM: '100000000', SITE_RATE_LIMIT_RPM: '100000000',
  CLIENT_DAILY_TOKENS: '1000000000000', SITE_DAILY_TOKENS: '1000000000000',
}
const workerd = await startWorkerdGateway({ env, onLog: () => undefined })
const node = createNodeGateway({ env, log: () => undefined })
await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve))
const nodeUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`

async function token(base: string): Promise<string> {
  const response = await fetch(`${base}/v1/session`, { method: 'POST', headers: { Origin: ORIGIN }, body: JSON.stringify({ client_id: `bench-${base.length}-client` }) })
  return ((await response.json()) as { token: string }).token
}

const body = (question: string): string => JSON.stringify({ model: 'deepseek-chat', stream: true, messages: [{ role: 'user', content: question }] })

/** One streamed request read to its end; resolves to [ms, the body]. */
async function timed(url: string, headers: Record<string, string>, question: string): Promise<[number, string]> {
  const start = performance.now()
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: body(question) })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${text.slice(0, 200)}`)
  return [performance.now() - start, text]
}

const direct = (question: string) => timed(`${upstream.url}/chat/completions`, { Authorization: 'Bearer direct' }, question)
const targets = { workerd: { url: workerd.url, token: await token(workerd.url) }, node: { url: nodeUrl, token: await token(nodeUrl) } }
const via = (target: keyof typeof targets, question: string) => timed(`${targets[target].url}/v1/chat/completions`, { Origin: ORIGIN, Authorization: `Bearer ${targets[target].token}` }, question)

const percentile = (values: readonly number[], p: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!

for (const target of ['workerd', 'node'] as const) {
  for (let i = 0; i < 30; i++) await Promise.all([direct('warm'), via(target, 'warm')])
  const overhead: number[] = []
  for (let i = 0; i < REQUESTS; i++) {
    const [d] = await direct('hi')
    const [g] = await via(target, 'hi')
    overhead.push(g - d)
  }
  const method = `${REQUESTS} pairs, sequential: a streamed 16-chunk answer read to its end straight from the upstream, then through the gateway (${target}); figure = gateway − direct per pair`
  recordSamples({ name: `${target}: overhead per request (p50)`, unit: 'ms', method }, overhead, 'p95')
  const stats = summarize(overhead)
  record({ name: `${target}: overhead per request (p99)`, unit: 'ms', method, median: percentile(overhead, 99), spread: { min: stats.min, max: stats.max }, samples: REQUESTS })
  const perChunk: number[] = []
  for (let i = 0; i < 12; i++) {
    const [d] = await direct(`long [chunks=${LONG_CHUNKS}]`)
    const [g] = await via(target, `long [chunks=${LONG_CHUNKS}]`)
    perChunk.push(((g - d) * 1000) / LONG_CHUNKS)
  }
  recordSamples({ name: `${target}: overhead per streamed chunk`, unit: 'µs', method: `12 pairs of a ${LONG_CHUNKS}-chunk stream (direct, then via ${target}); (gateway − direct) / chunks` }, perChunk, 'min-max')
}

// A reader's abort: from abort() to the upstream seeing its connection close (the upstream keeps sending).
const abortMs: number[] = []
for (let i = 0; i < 20; i++) {
  const controller = new AbortController()
  const response = await fetch(`${workerd.url}/v1/chat/completions`, { method: 'POST', signal: controller.signal, headers: { Origin: ORIGIN, Authorization: `Bearer ${targets.workerd.token}`, 'Content-Type': 'application/json' }, body: body('slow [drip=200]') })
  await response.body!.getReader().read()
  const recorded = upstream.requests.at(-1)!
  const start = Date.now()
  controller.abort()
  while (recorded.abortedAt === undefined && Date.now() - start < 5000) await new Promise((resolve) => setTimeout(resolve, 2))
  abortMs.push((recorded.abortedAt ?? Date.now() + 99_999) - start)
}
recordSamples({ name: 'workerd: reader abort → upstream closed', unit: 'ms', method: '20 streams dripping a chunk per 100 ms: abort() after the first chunk until the upstream socket closes (2 ms polling)', target: { op: '<=', value: 1000, unit: 'ms', source: 'issue 33' } }, abortMs, 'min-max')

// 200 concurrent streams through one workerd.
const concurrentStart = performance.now()
const results = await Promise.allSettled(Array.from({ length: CONCURRENT }, () => via('workerd', 'many [chunks=100]')))
const wallMs = performance.now() - concurrentStart
const errors = results.filter((r) => r.status === 'rejected' || !r.value[1].endsWith('data: [DONE]\n\n')).length
const times = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value[0]] : []))
record({ name: `workerd: ${CONCURRENT} concurrent streams, errors`, unit: 'errors', method: `${CONCURRENT} streams of 100 chunks started at once through one workerd; an error = non-200, a failed fetch or a body not ending in [DONE]`, median: errors, spread: { min: errors, max: errors }, samples: 1, target: { op: '<=', value: 0, unit: 'errors', source: 'issue 33' } })
if (times.length) recordSamples({ name: `workerd: ${CONCURRENT} concurrent streams, per-stream time`, unit: 'ms', method: `each stream from request to its last byte; all ${CONCURRENT} took ${wallMs.toFixed(0)} ms wall` }, times, 'p95')
note(`gateway bench: scripted upstream, gateway and client share one machine (${CONCURRENT} concurrent streams took ${wallMs.toFixed(0)} ms wall)`)

await workerd.dispose()
await new Promise<void>((resolve) => { node.closeAllConnections(); node.close(() => resolve()) })
await upstream.close()
