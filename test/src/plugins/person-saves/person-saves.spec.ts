// The person's saves reach the agent (issue 21.2) through the whole runtime (scripted model, the
// host's workspace.write as the editor calls it): the session logs workspace/saved-by-person
// (ignorable), the next request carries a notice naming the file, and an edit of a file the agent
// read before the person saved it is refused until it reads the file again — then it goes through
// and keeps the person's text.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { createRuntime, type Runtime } from '../../../../src/index.ts'
import { readWorkspaceFile, writeWorkspaceFile } from '../../../../src/host/workspace-files.ts'
import { scriptedAdapter } from '../../../../src/llm-scripted/index.ts'
import type { ScriptedReply, ScriptedReplyData } from '../../../../src/llm-scripted/types.ts'
import type { Session } from '../../../../src/session/session.ts'
import type { SessionEvent } from '../../../../src/session/types.ts'
import type { JsonValue } from '../../../../src/util/json.ts'

const runtimes: Runtime[] = []
let workspaces = 0
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.dispose().catch(() => undefined)))
})

async function start(replies: ScriptedReply[], files: Record<string, string>): Promise<Runtime> {
  const runtime = await createRuntime({ llm: { provider: 'scripted', replies }, storage: 'memory', workspace: { provider: 'memory', files, id: `person-saves-${++workspaces}` } })
  runtimes.push(runtime)
  return runtime
}

const call = (name: string, args: { [key: string]: JsonValue }): ScriptedReplyData => ({ toolCalls: [{ name, arguments: args }] })
const text = (content: readonly { type: string; text?: string }[]) => content.map((block) => block.text ?? '').join('')
const toolTexts = (session: Session) => session.events
  .filter((event): event is SessionEvent<'tool/result'> => event.type === 'tool/result')
  .map((event) => text(event.data.message.content[0].content))
const notices = (session: Session) => session.events
  .filter((event): event is SessionEvent<'user/message'> => event.type === 'user/message')
  .filter((event) => event.data.source.kind === 'plugin' && event.data.source.plugin === 'person-saves')
  .map((event) => text(event.data.content))

/** The person's save as the editor makes it: over the version the editor read. */
async function personSaves(runtime: Runtime, path: string, edit: (text: string) => string): Promise<string> {
  const file = await readWorkspaceFile(runtime, path)
  if (file.kind !== 'text') throw new Error(`${path} is not text`)
  return (await writeWorkspaceFile(runtime, path, edit(file.text), file.version)).version
}

describe('person-saves', () => {
  it('logs the save, tells the model in its next request, and refuses the edit until the file is read again', async () => {
    const runtime = await start([
      call('read', { file_path: 'a.ts' }), { text: 'read it' },
      call('edit', { file_path: 'a.ts', old_string: 'one', new_string: 'uno' }),
      call('read', { file_path: 'a.ts' }),
      call('edit', { file_path: 'a.ts', old_string: 'one', new_string: 'uno' }),
      { text: 'done' },
    ], { 'a.ts': 'export const one = 1\n' })
    const agent = await runtime.open()
    agent.followup('read a.ts')
    await agent.whenIdle()

    const version = await personSaves(runtime, 'a.ts', (before) => `${before}export const two = 2\n`)
    const logged = agent.session.events.filter((event) => event.type === 'workspace/saved-by-person')
    expect(logged).toMatchObject([{ ignorable: true, data: { path: 'a.ts', version } }])

    agent.followup('rename one to uno')
    await agent.whenIdle()
    const requests = scriptedAdapter(runtime.ctx).requests
    const notice = 'The person edited a.ts in the workspace editor and saved it. What you read of it before is out of date: read it again before you edit or overwrite it.'
    expect(notices(agent.session)).toEqual([notice])
    // The first request of the second turn carries the notice (derived from the log, before the prompt).
    const turnTwo = JSON.stringify(requests[2]!.messages.slice(-2))
    expect(turnTwo.indexOf(notice)).toBeGreaterThan(-1)
    expect(turnTwo.indexOf(notice)).toBeLessThan(turnTwo.indexOf('rename one to uno'))
    expect(JSON.stringify(requests[2]!.messages)).toBe(JSON.stringify(agent.session.deriveMessages().slice(0, requests[2]!.messages.length)))

    const results = toolTexts(agent.session)
    expect(results[1]).toContain('a.ts was changed and saved by the person since you last read it; read it again before changing it')
    expect(results[2]).toContain('export const two = 2')
    expect(results[3]).toContain('Edited')
    expect(await runtime.ctx.fs.readText(runtime.ctx.fs.resolve('a.ts'))).toBe('export const uno = 1\nexport const two = 2\n')
  })

  it('refuses an overwrite of a file the person saved since the read, as it refuses an edit', async () => {
    const runtime = await start([
      call('read', { file_path: 'a.ts' }), { text: 'read it' },
      call('write', { file_path: 'a.ts', content: 'export const mine = 0\n' }), { text: 'stopped' },
    ], { 'a.ts': 'export const one = 1\n' })
    const agent = await runtime.open()
    agent.followup('read a.ts')
    await agent.whenIdle()
    await personSaves(runtime, 'a.ts', () => 'export const persons = 3\n')
    agent.followup('overwrite it')
    await agent.whenIdle()
    expect(toolTexts(agent.session)[1]).toContain('was changed and saved by the person since you last read it')
    expect(await runtime.ctx.fs.readText(runtime.ctx.fs.resolve('a.ts'))).toBe('export const persons = 3\n')
  })

  it('gathers saves made before the next request into one notice', async () => {
    const runtime = await start([{ text: 'hello' }, { text: 'seen' }], { 'a.ts': 'a\n', 'b.ts': 'b\n' })
    const agent = await runtime.open()
    agent.followup('hi')
    await agent.whenIdle()
    await personSaves(runtime, 'a.ts', (t) => `${t}1\n`)
    await personSaves(runtime, 'b.ts', (t) => `${t}1\n`)
    await personSaves(runtime, 'a.ts', (t) => `${t}2\n`)
    expect(agent.session.events.filter((event) => event.type === 'workspace/saved-by-person').map((event) => (event.data as { path: string }).path)).toEqual(['a.ts', 'b.ts', 'a.ts'])
    agent.followup('go on')
    await agent.whenIdle()
    expect(notices(agent.session)).toEqual(['The person edited these files in the workspace editor and saved them: a.ts, b.ts. What you read of them before is out of date: read them again before you edit or overwrite them.'])
  })
})
