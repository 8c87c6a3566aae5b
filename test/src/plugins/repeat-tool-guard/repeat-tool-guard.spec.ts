// plugins/repeat-tool-guard through the whole runtime with the scripted model, against dsh's
// repeat-tool-guard contract: identical consecutive calls (key order aside) draw the gentle nudge at
// the first threshold and the detailed reminder at later ones, as source-tagged user messages logged
// after the step's results and seen by the next request; a different call restarts the chain,
// excluded tools are transparent, denied calls count, the reader's message restarts it; bad config
// fails at mount.
import { afterEach, describe, expect, it } from 'vitest'
import { defineTool, type RuntimeOptions } from '../../../../src/index.ts'
import type { ScriptedReply } from '../../../../src/llm-scripted/types.ts'
import type { SessionEvent } from '../../../../src/session/types.ts'
import type { JsonValue } from '../../../../src/util/json.ts'
import { createLoopRuntime } from '../../../harness/loop-runtime.ts'
import { echoTool } from '../../../harness/tool-harness.ts'

type Loop = Awaited<ReturnType<typeof createLoopRuntime>>
let current: Loop | undefined
afterEach(async () => {
  await current?.runtime.dispose()
  current = undefined
})

const call = (name: string, args: Record<string, JsonValue>): ScriptedReply => ({ toolCalls: [{ name, arguments: args }] })
const echo = (text: string) => call('echo', { text })
const look = defineTool({
  name: 'look',
  description: 'Looks at a and b.',
  parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
  output: { schema: { type: 'object' }, render: () => [{ type: 'text', text: 'seen' }] },
  execute: async () => ({}),
})

async function run(replies: ScriptedReply[], options: RuntimeOptions = {}, prompts = ['go']): Promise<Loop> {
  current = await createLoopRuntime(replies, options)
  current.runtime.ctx.tools.register(echoTool())
  current.runtime.ctx.tools.register(look)
  for (const prompt of prompts) {
    current.agent.followup(prompt)
    await current.agent.whenIdle()
  }
  return current
}

const reminders = (loop: Loop) => loop.ofType('user/message').filter((e) => e.data.source.kind === 'plugin' && e.data.source.plugin === 'repeat-tool-guard')
const text = (event: SessionEvent<'user/message'>) => event.data.content.map((block) => (block.type === 'text' ? block.text : '')).join('')

describe('plugins/repeat-tool-guard', () => {
  it('nudges at 3 identical calls and names the tool, count and arguments at 5, each after that step\'s results', async () => {
    const loop = await run([echo('x'), echo('x'), echo('x'), echo('x'), echo('x'), { text: 'done' }])
    const found = reminders(loop)
    expect(found).toHaveLength(2)
    expect(text(found[0]!)).toMatch(/^You are repeating the exact same tool call with identical arguments\./)
    expect(text(found[1]!)).toBe([
      'Repeated tool call detected:', '- tool: echo', '- consecutive_calls: 5', '- arguments: {"text":"x"}',
      'The repeated calls are not making progress. Do not call this tool with these exact arguments again. Inspect the latest result and choose a different action, different arguments, or finish the task if you have enough evidence.',
    ].join('\n'))
    const results = loop.ofType('tool/result')
    expect(found[0]!.seq).toBeGreaterThan(results[2]!.seq)
    expect(found[0]!.seq).toBeLessThan(results[3]!.seq) // claimed into the next step, as the loop does deferred contexts
    expect(JSON.stringify(loop.model.requests[3]!.messages)).toContain('You are repeating the exact same tool call')
    expect(JSON.stringify(loop.model.requests[2]!.messages)).not.toContain('You are repeating')
    expect(loop.ofType('turn/end')[0]!.data.reason).toEqual({ kind: 'completed' })
  })

  it('counts arguments that differ only in key order as identical; a different call restarts the chain', async () => {
    const same = await run([call('look', { a: 1, b: 2 }), call('look', { b: 2, a: 1 }), call('look', { a: 1, b: 2 }), { text: 'done' }])
    expect(reminders(same)).toHaveLength(1)
    await same.runtime.dispose()
    const broken = await run([echo('x'), echo('x'), echo('y'), echo('x'), echo('x'), { text: 'done' }])
    expect(reminders(broken)).toHaveLength(0)
  })

  it('lets an excluded tool pass without breaking the chain', async () => {
    const loop = await run([echo('x'), echo('x'), call('look', {}), echo('x'), { text: 'done' }], { patches: [{ id: 'repeat-tool-guard', config: { exclude: ['lo*'] } }] })
    expect(reminders(loop)).toHaveLength(1)
  })

  it('counts denied calls (a model hammering a refused call is the loop to break)', async () => {
    current = await createLoopRuntime([echo('x'), echo('x'), echo('x'), { text: 'done' }])
    current.runtime.ctx.tools.register(echoTool())
    current.runtime.ctx.on('tools/pre-execute', async (exec, next) => (exec.name === 'echo' ? { kind: 'deny' as const, reason: 'not today' } : next()), { prepend: true })
    current.agent.followup('go')
    await current.agent.whenIdle()
    expect(current.ofType('tool/result').map((e) => JSON.stringify(e.data.message.content))).toEqual(Array(3).fill(expect.stringContaining('"isError":true')))
    expect(reminders(current)).toHaveLength(1)
  })

  it('starts a new chain at the reader\'s next message', async () => {
    const loop = await run([echo('x'), echo('x'), { text: 'first' }, echo('x'), echo('x'), { text: 'second' }], {}, ['go', 'again'])
    expect(loop.ofType('tool/result')).toHaveLength(4)
    expect(reminders(loop)).toHaveLength(0)
  })

  it('caps the quoted arguments; custom thresholds apply in ascending order', async () => {
    const long = 'z'.repeat(40)
    const loop = await run([echo(long), echo(long), echo(long), { text: 'done' }], { patches: [{ id: 'repeat-tool-guard', config: { thresholds: [3, 2], argumentsPreviewChars: 20 } }] })
    const found = reminders(loop)
    expect(found).toHaveLength(2)
    expect(text(found[0]!)).toMatch(/^You are repeating/)
    expect(text(found[1]!)).toContain(`- arguments: {"text":"${'z'.repeat(11)}… (+31 more chars)`)
  })

  it.each([
    [{ thresholds: [] }, /must not be empty/],
    [{ thresholds: [1] }, /invalid threshold 1/],
    [{ thresholds: [3, 3] }, /duplicates/],
    [{ argumentsPreviewChars: 0 }, /invalid argumentsPreviewChars/],
  ])('refuses %j at mount', async (config, message) => {
    const failure = await createLoopRuntime([], { strict: true, patches: [{ id: 'repeat-tool-guard', config }] }).then(() => undefined, (error: unknown) => error as { code: string; message: string })
    expect(failure?.code).toBe('DSH_PLUGIN_FAILED')
    expect(failure?.message).toMatch(message)
  })
})
