// plugins/time-context through the whole runtime with the scripted model, against dsh's
// time-context contract: each entered step gets one source-tagged reading (turn, step, zoned time,
// elapsed since the preceding model-visible message or the turn's preceding reading), logged with
// the step's messages and sent with its request; a positive interval skips readings until it has
// passed, reading the schedule from the log; an aborted step gets none; bad config fails at mount.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineTool, type RuntimeOptions } from '../../../../src/index.ts'
import { compactDuration, zonedTimestamp, zoneFormatter } from '../../../../src/plugins/time-context/clock-text.ts'
import type { ScriptedReply } from '../../../../src/llm-scripted/types.ts'
import { compactTypes, createLoopRuntime } from '../../../harness/loop-runtime.ts'

const BASE = Date.parse('2026-07-14T00:00:00.000Z')
type Loop = Awaited<ReturnType<typeof createLoopRuntime>>
let current: Loop | undefined
let now = BASE
beforeEach(() => { now = BASE; vi.spyOn(Date, 'now').mockImplementation(() => now) })
afterEach(async () => {
  await current?.runtime.dispose()
  current = undefined
  vi.restoreAllMocks()
})

/** A tool that moves the clock by `ms`. */
const wait = defineTool({
  name: 'wait',
  description: 'Lets time pass.',
  parameters: { type: 'object', properties: { ms: { type: 'number' } } },
  output: { schema: { type: 'object' }, render: () => [{ type: 'text', text: 'waited' }] },
  execute: async (args: { ms: number }) => { now += args.ms; return {} },
})
const waitFor = (ms: number): ScriptedReply => ({ toolCalls: [{ name: 'wait', arguments: { ms } }] })

const enabled = (config: object = {}): RuntimeOptions => ({ patches: [{ id: 'time-context', disabled: false, config: { timeZone: 'Asia/Shanghai', ...config } }] })

async function run(replies: ScriptedReply[], options: RuntimeOptions, prompts: { text: string; after?: number }[] = [{ text: 'go' }]): Promise<Loop> {
  current = await createLoopRuntime(replies, options)
  current.runtime.ctx.tools.register(wait)
  for (const prompt of prompts) {
    now += prompt.after ?? 0
    current.agent.followup(prompt.text)
    await current.agent.whenIdle()
  }
  return current
}

const readings = (loop: Loop) => loop.ofType('user/message').filter((e) => e.data.source.kind === 'plugin' && e.data.source.plugin === 'time-context')
const text = (loop: Loop) => readings(loop).map((e) => (e.data.content[0] as { text: string }).text)

describe('plugins/time-context', () => {
  it('adds a reading to every step: zoned time, then the time since the turn\'s preceding reading', async () => {
    const loop = await run([waitFor(61_000), { text: 'done' }], enabled())
    expect(text(loop)).toEqual([
      'Time sampled while preparing turn 1, step 1: 2026-07-14T08:00:00+08:00[Asia/Shanghai]\nElapsed since the preceding model-visible message: unavailable.',
      'Time sampled while preparing turn 1, step 2: 2026-07-14T08:01:01+08:00[Asia/Shanghai]\nElapsed since the preceding step context: 1m 1s.',
    ])
    const starts = loop.ofType('step/start')
    const [first, second] = readings(loop)
    expect(first!.seq).toBeGreaterThan(starts[0]!.seq)
    expect(first!.seq).toBeLessThan(loop.ofType('assistant/message')[0]!.seq)
    expect(second!.seq).toBeGreaterThan(starts[1]!.seq)
    expect(JSON.stringify(loop.model.requests[1]!.messages)).toContain('step 2: 2026-07-14T08:01:01+08:00')
    expect(JSON.stringify(loop.model.requests[0]!.system ?? '')).not.toContain('Time sampled')
  })

  it('measures a new turn from the preceding model-visible message', async () => {
    const loop = await run([{ text: 'one' }, { text: 'two' }], enabled(), [{ text: 'first' }, { text: 'second', after: 90_061_000 }])
    expect(text(loop)[1]).toBe('Time sampled while preparing turn 2, step 1: 2026-07-15T09:01:01+08:00[Asia/Shanghai]\nElapsed since the preceding model-visible message: 1d 1h 1m 1s.')
  })

  it('with refreshIntervalMs skips readings until that long has passed since the session\'s latest', async () => {
    const loop = await run([waitFor(400), waitFor(700), { text: 'done' }], enabled({ refreshIntervalMs: 1000 }))
    expect(readings(loop)).toHaveLength(2) // step 1 at 0, step 2 at 400 ms skipped, step 3 at 1100 ms
    expect(text(loop)[1]).toContain('turn 1, step 3:')
    expect(text(loop)[1]).toContain('Elapsed since the preceding step context: 1s.')
  })

  it('is off in the default composition', async () => {
    const loop = await run([{ text: 'done' }], {})
    expect(readings(loop)).toEqual([])
  })

  it('adds nothing to a step whose pre-step was aborted', async () => {
    current = await createLoopRuntime([{ text: 'never' }], enabled())
    current.runtime.ctx.on('agent/pre-step', async (payload, next) => { current!.agent.cancel({ kind: 'user' }); return next() })
    current.agent.followup('go')
    await current.agent.whenIdle()
    expect(readings(current)).toEqual([])
    expect(compactTypes(current.agent.session.events)).not.toContain('step/start')
    expect(current.ofType('turn/end')[0]!.data.reason.kind).toBe('aborted')
  })

  it.each([
    [{ timeZone: 'Not/A_Zone' }, /invalid IANA timeZone "Not\/A_Zone"/],
    [{ refreshIntervalMs: -1 }, /refreshIntervalMs must be a non-negative safe integer/],
    [{ refreshIntervalMs: 0.5 }, /refreshIntervalMs must be a non-negative safe integer/],
  ])('refuses %j at mount', async (config, message) => {
    const failure = await createLoopRuntime([], { strict: true, ...enabled(config) }).then(() => undefined, (error: unknown) => error as { code: string; message: string })
    expect(failure?.code).toBe('DSH_PLUGIN_FAILED')
    expect(failure?.message).toMatch(message)
  })

  it('formats offsets west of UTC and half-hour zones, and compact durations', () => {
    expect(zonedTimestamp(BASE, zoneFormatter('America/New_York'))).toBe('2026-07-13T20:00:00-04:00[America/New_York]')
    expect(zonedTimestamp(BASE + 999, zoneFormatter('Australia/Darwin'))).toBe('2026-07-14T09:30:00+09:30[Australia/Darwin]')
    expect([compactDuration(-5), compactDuration(7_205_000), compactDuration(86_401_000)]).toEqual(['0s', '2h 5s', '1d 1s'])
  })
})
