// Workspace instructions through the whole runtime: the site layer and AGENTS.md/CLAUDE.md/*.local.md enter the
// first step as one baseline with a SHA-1 digest per file; read/write/edit in nested directories add, update and
// remove instructions on the next step; a resumed session compares digests and appends only what changed.
import { createHash } from 'node:crypto'
import { afterEach, expect, it } from 'vitest'
import { createRuntime, type ScriptedReply, type UserMessage } from '../../../../src/index.ts'
import { createLoopRuntime } from '../../../harness/loop-runtime.ts'

const disposers: (() => Promise<void>)[] = []
afterEach(async () => { for (const d of disposers.splice(0)) await d() })
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex')
const text = (m: UserMessage) => m.content.map((b) => (b.type === 'text' ? b.text : '')).join('')
const wsId = () => `instr-${Math.random().toString(36).slice(2)}`
const call = (name: string, args: Record<string, unknown>, id: string): ScriptedReply => ({ toolCalls: [{ name, arguments: JSON.stringify(args), id }], finish: 'tool-calls' })

const files = {
  'AGENTS.md': 'Use npm, never yarn.\n',
  'CLAUDE.md': '  Use npm, never yarn.\n\n',
  'AGENTS.local.md': 'Local: run tests with CHROMIUM_PATH set.\n',
  'packages/app/AGENTS.md': 'App: components are Lit elements.\n',
  'packages/app/src/main.ts': 'export {}\n',
}

function instructionMessages(events: readonly { type: string; data: unknown }[]): UserMessage[] {
  return events.filter((e) => e.type === 'user/message').map((e) => e.data as UserMessage)
    .filter((m) => m.source.kind === 'plugin' && m.source.plugin === 'agent-instructions')
}

it('enters the baseline after the prompt on the first step, duplicates collapsed, one digest per file', async () => {
  const h = await createLoopRuntime([{ text: 'ok' }], { workspace: { provider: 'memory', files, id: wsId() }, instructions: 'You answer for the Example docs.' })
  disposers.push(() => h.runtime.dispose())
  h.agent.followup('hello')
  await h.agent.whenIdle()
  const [baseline, ...rest] = instructionMessages(h.agent.session.events)
  expect(rest).toEqual([])
  expect(baseline!.source).toEqual({
    kind: 'plugin', plugin: 'agent-instructions', form: 'instructions', baseline: true,
    baselineIdentity: expect.any(String), omitted: [],
    changes: [
      { action: 'set', scope: 'site', path: 'site instructions', digest: sha1('You answer for the Example docs.') },
      { action: 'set', scope: '.', path: 'AGENTS.md', digest: sha1(files['AGENTS.md']) },
      { action: 'set', scope: '.', path: 'AGENTS.local.md', digest: sha1(files['AGENTS.local.md']) },
    ],
  })
  expect(text(baseline!)).toContain('Instructions from: site instructions\n\nYou answer for the Example docs.')
  expect(text(baseline!)).not.toContain('CLAUDE.md')
  const request = h.model.requests[0]!.messages.map((m) => text(m as UserMessage))
  expect(request.findIndex((t) => t === 'hello')).toBeLessThan(request.findIndex((t) => t.startsWith('<system-reminder>\nThe following workspace instructions')))
})

it('a nested read adds that directory\'s file, an edit updates it, a removal is reported', async () => {
  const h = await createLoopRuntime([
    call('read', { file_path: 'packages/app/src/main.ts' }, 'r1'), { text: 'read' },
    call('read', { file_path: 'packages/app/AGENTS.md' }, 'r2'),
    call('edit', { file_path: 'packages/app/AGENTS.md', old_string: 'Lit elements', new_string: 'Lit 3 elements' }, 'e1'), { text: 'edited' },
    call('bash', { command: 'rm packages/app/AGENTS.md', description: 'remove the app instructions' }, 'b1'),
    call('read', { file_path: 'packages/app/src/main.ts' }, 'r3'), { text: 'removed' },
  ], { workspace: { provider: 'memory', files, id: wsId() }, permissions: 'danger-full-access' })
  disposers.push(() => h.runtime.dispose())
  for (const prompt of ['read main', 'edit rules', 'remove rules']) {
    h.agent.followup(prompt)
    await h.agent.whenIdle()
  }
  const [, added, updated, removed, ...rest] = instructionMessages(h.agent.session.events)
  expect(rest).toEqual([])
  expect(added!.source).toMatchObject({ changes: [{ action: 'set', scope: 'packages/app', path: 'packages/app/AGENTS.md', digest: sha1(files['packages/app/AGENTS.md']) }] })
  expect(text(added!)).toContain('Additional instructions from: packages/app/AGENTS.md\n\nThese instructions apply to work under `packages/app`.')
  expect(updated!.source).toMatchObject({ changes: [{ action: 'replace', path: 'packages/app/AGENTS.md', digest: sha1('App: components are Lit 3 elements.\n') }] })
  expect(text(updated!)).toContain('Updated instructions from: packages/app/AGENTS.md')
  expect(removed!.source).toMatchObject({ changes: [{ action: 'remove', path: 'packages/app/AGENTS.md' }] })
  expect(text(removed!)).toContain('Instructions removed: packages/app/AGENTS.md\n\nThe previously loaded instructions from this file no longer apply.')
})

it('on resume compares digests once and appends only the change (no second baseline)', async () => {
  const id = wsId()
  const first = await createLoopRuntime([{ text: 'one' }], { workspace: { provider: 'memory', files, id } })
  first.agent.followup('first')
  await first.agent.whenIdle()
  const jsonl = await first.runtime.sessions.export(first.agent.id)
  await first.runtime.dispose()

  const second = await createRuntime({ llm: { provider: 'scripted', replies: [{ text: 'two' }, { text: 'three' }] }, workspace: { provider: 'memory', id } })
  disposers.push(() => second.dispose())
  const fs = second.ctx.fs
  await fs.writeText(fs.resolve('AGENTS.md'), 'Use pnpm now.\n')
  const agent = await second.open(await second.sessions.import(jsonl))
  agent.followup('second')
  await agent.whenIdle()
  agent.followup('third')
  await agent.whenIdle()
  const messages = instructionMessages(agent.session.events)
  expect(messages).toHaveLength(2)
  // AGENTS.md changed; CLAUDE.md no longer duplicates it, so it now applies on its own.
  expect(messages[1]!.source).toMatchObject({ changes: [
    { action: 'replace', path: 'AGENTS.md', digest: sha1('Use pnpm now.\n') },
    { action: 'set', path: 'CLAUDE.md', digest: sha1(files['CLAUDE.md']) },
  ] })
  expect((messages[1]!.source as Record<string, unknown>).baseline).toBeUndefined()
})

it('an unchanged workspace adds nothing after the baseline, however many steps', async () => {
  const h = await createLoopRuntime([call('read', { file_path: 'AGENTS.md' }, 'r'), { text: 'a' }, { text: 'b' }], { workspace: { provider: 'memory', files, id: wsId() } })
  disposers.push(() => h.runtime.dispose())
  h.agent.followup('x')
  await h.agent.whenIdle()
  h.agent.followup('y')
  await h.agent.whenIdle()
  expect(instructionMessages(h.agent.session.events)).toHaveLength(1)
})
