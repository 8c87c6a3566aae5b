// The spill policy in a running agent: an over-cap plain-text result is stored whole and logged as
// dsh's head/tail preview naming /.dsh/spill/<id>.txt; under the cap and `read` are left alone;
// `read` and `grep` open the locator; a missing body is an error result of `read`; writes there are refused.
import { afterEach, describe, expect, it } from 'vitest'
import { createRuntime, type Runtime } from '../../../src/index.ts'
import type { ScriptedReply } from '../../../src/llm-scripted/types.ts'
import type { SessionEvent } from '../../../src/session/types.ts'
import { RETRIEVAL_HINT, spillNotice, headTail } from '../../../src/spill/index.ts'
import { utf8Length } from '../../../src/fs/utf8.ts'

const runtimes: Runtime[] = []
afterEach(async () => { await Promise.all(runtimes.splice(0).map((r) => r.dispose())) })

const numbers = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n') + '\n'
const call = (name: string, args: Record<string, string | number>, id = `c-${name}`): ScriptedReply => ({ toolCalls: [{ id, name, arguments: args }] })

async function run(replies: ScriptedReply[], files: Record<string, string>, cap?: number) {
  const runtime = await createRuntime({
    llm: { provider: 'scripted', replies: [...replies, { text: 'done' }] },
    workspace: { provider: 'memory', files },
    permissions: 'workspace-write',
  })
  runtimes.push(runtime)
  if (cap !== undefined) (runtime.ctx.spill.core as { maxInlineBytes: number }).maxInlineBytes = cap
  const agent = await runtime.open()
  agent.followup('go')
  await agent.whenIdle()
  return { runtime, agent, results: agent.session.events.filter((e): e is SessionEvent<'tool/result'> => e.type === 'tool/result') }
}

const textOf = (result: SessionEvent<'tool/result'>) => (result.data.message.content[0]!.content[0] as { text: string }).text

describe('spill policy', () => {
  it('stores an over-cap plain-text result whole and logs head, dsh’s notice where the cut is, and tail', async () => {
    const big = numbers(4_000) // ~43 KB, under the shell's own output cap
    const { runtime, results } = await run([call('bash', { command: 'cat big.txt', description: 'print big.txt' })], { 'big.txt': big }, 4_000)
    const logged = textOf(results[0]!)
    expect(utf8Length(logged)).toBeLessThanOrEqual(4_000)
    const match = /\n\n\(Omitted (\d+) bytes\. Full formatted result stored at: (\/\.dsh\/spill\/[0-9a-f-]+\.txt)\. (.+)\)\n\n/.exec(logged)!
    expect(match).not.toBeNull()
    expect(match[3]).toBe(RETRIEVAL_HINT)
    expect(logged.startsWith('line 1\nline 2\n')).toBe(true)
    const stored = await runtime.ctx.spill.readAt(match[2]!)
    expect(stored).toContain(big.trimEnd()) // the bash result text, whole
    const head = logged.slice(0, match.index)
    const tail = logged.slice(match.index + match[0].length)
    // head + omitted + tail = the whole body, and the notice marks exactly the omitted span
    expect(utf8Length(head) + Number(match[1]) + utf8Length(tail)).toBe(utf8Length(stored!))
    expect(stored!.startsWith(head)).toBe(true)
    expect(stored!.endsWith(tail)).toBe(true)
  })

  it('leaves a result under the cap, and `read` at any size, unchanged', async () => {
    const big = numbers(3_000)
    const { results } = await run([
      call('bash', { command: 'echo small', description: 'echo' }, 'c1'),
      call('read', { file_path: 'big.txt', limit: 3_000 }, 'c2'),
    ], { 'big.txt': big }, 4_000)
    expect(textOf(results[0]!)).not.toContain('Full formatted result stored at')
    expect(utf8Length(textOf(results[1]!))).toBeGreaterThan(4_000)
    expect(textOf(results[1]!)).not.toContain('/.dsh/spill/')
  })

  it('`read` with offset/limit and `grep` open the spill locator; writes there are refused', async () => {
    const big = numbers(4_000)
    const first = await run([call('bash', { command: 'cat big.txt', description: 'print big.txt' })], { 'big.txt': big }, 4_000)
    const locator = /stored at: (\S+\.txt)\./.exec(textOf(first.results[0]!))![1]!
    // the same runtime, next turn: the model follows the hint
    const { agent } = first
    const script = [
      call('read', { file_path: locator, offset: 2_345, limit: 2 }, 'r1'),
      call('grep', { pattern: '^line 399[0-9]$', path: locator }, 'g1'),
      call('write', { file_path: locator, content: 'x' }, 'w1'),
      { text: 'ok' },
    ] satisfies ScriptedReply[]
    const { scriptedAdapter } = await import('../../../src/llm-scripted/index.ts')
    scriptedAdapter(first.runtime.ctx).enqueue(...script)
    agent.followup('read it')
    await agent.whenIdle()
    const results = agent.session.events.filter((e): e is SessionEvent<'tool/result'> => e.type === 'tool/result').slice(1)
    expect(textOf(results[0]!)).toContain('2345: line 2345')
    expect(textOf(results[0]!)).toContain('2346: line 2346')
    expect(textOf(results[1]!)).toContain('line 3999')
    expect(textOf(results[1]!).match(/line 399\d/g)).toHaveLength(10)
    expect(results[2]!.data.error).toEqual({ name: 'SpillError', code: 'SPILL_READ_ONLY' })
  })

  it('a body missing after eviction is reported in the result of `read`, not thrown', async () => {
    const { runtime, agent, results } = await run([call('bash', { command: 'cat big.txt', description: 'print big.txt' })], { 'big.txt': numbers(4_000) }, 4_000)
    const locator = /stored at: (\S+\.txt)\./.exec(textOf(results[0]!))![1]!
    await runtime.ctx.spill.core.store.deleteSession(agent.session.id) // what an eviction leaves
    const { scriptedAdapter } = await import('../../../src/llm-scripted/index.ts')
    scriptedAdapter(runtime.ctx).enqueue(call('read', { file_path: locator }, 'r2'), { text: 'ok' })
    agent.followup('read it')
    await agent.whenIdle()
    const read = agent.session.events.filter((e): e is SessionEvent<'tool/result'> => e.type === 'tool/result').at(-1)!
    expect(read.data.error).toEqual({ name: 'SpillError', code: 'SPILL_MISSING' })
    expect(textOf(read)).toContain(`The full result at ${locator} is no longer stored`)
    expect(agent.session.events.at(-1)!.type).toBe('turn/end')
  })

  it('deleting the session deletes its spilled bodies', async () => {
    const { runtime, agent, results } = await run([call('bash', { command: 'cat big.txt', description: 'print big.txt' })], { 'big.txt': numbers(4_000) }, 4_000)
    const locator = /stored at: (\S+\.txt)\./.exec(textOf(results[0]!))![1]!
    expect(await runtime.ctx.spill.readAt(locator)).toContain('line 4000')
    await runtime.sessions.delete(agent.session.id)
    await expect.poll(() => runtime.ctx.spill.readAt(locator).then(() => 'kept', (error: { code?: string }) => error.code)).toBe('SPILL_MISSING')
  })

  it('the preview helpers keep dsh’s shape: ⌈b/2⌉ head bytes, ⌊b/2⌋ tail bytes, code points whole', () => {
    expect(headTail('abcdefghij', 4)).toEqual({ head: 'ab', tail: 'ij', omittedBytes: 6 })
    expect(headTail('ααααα', 5)).toEqual({ head: 'α', tail: 'α', omittedBytes: 6 }) // 3 head bytes → 1 α; 2 tail bytes → 1 α
    expect(spillNotice(12, '/.dsh/spill/x.txt')).toBe(`(Omitted 12 bytes. Full formatted result stored at: /.dsh/spill/x.txt. ${RETRIEVAL_HINT})`)
  })
})

describe('SpillCore', () => {
  it('keeps the result inline (undefined) and warns when the store refuses the body, or when even the notice does not fit', async () => {
    const { SpillCore } = await import('../../../src/spill/index.ts')
    const warnings: string[] = []
    const refusing = { save: async () => { throw new Error('disk full') }, read: async () => undefined, deleteSession: async () => 0 }
    const core = new SpillCore(refusing, 1_000, (message) => void warnings.push(message))
    expect(await core.spill('x'.repeat(5_000), 's1', 'bash')).toBeUndefined()
    expect(warnings[0]).toContain('storing the result of bash failed (disk full); keeping it inline')
    const tiny = new SpillCore(refusing, 20, (message) => void warnings.push(message))
    expect(await tiny.spill('x'.repeat(100), 's1', 'bash')).toBeUndefined()
    expect(warnings[1]).toContain('does not fit maxInlineBytes 20')
    expect(await core.spill('short', 's1', 'bash')).toBeUndefined() // under the cap: nothing to do
    expect(warnings).toHaveLength(2)
  })
})
