// A workspace write that cannot be saved (fake IndexedDB refusing large values like a quota: the
// transaction aborts, QuotaExceededError) is a named tool error, the save state says which file,
// and what was saved before survives re-creating the runtime; read-only tools are untouched.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { createRuntime, type Runtime } from '../../../../src/index.ts'
import type { ScriptedReply } from '../../../../src/llm-scripted/types.ts'
import type { SessionEvent } from '../../../../src/session/types.ts'
import type { WorkspaceSaveState } from '../../../../src/fs/types.ts'

const runtimes: Runtime[] = []
const realPut = IDBObjectStore.prototype.put
afterEach(async () => {
  IDBObjectStore.prototype.put = realPut
  await Promise.all(runtimes.splice(0).map((r) => r.dispose()))
})

/** Values over 100 KB are refused the way a full origin refuses them: the transaction aborts. */
function capQuota(): void {
  IDBObjectStore.prototype.put = function put(this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
    const data = (value as { node?: { data?: string | Uint8Array } }).node?.data
    if (data !== undefined && data.length > 100_000) {
      this.transaction.abort()
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    return realPut.call(this, value, key)
  }
}

const bash = (id: string, command: string): ScriptedReply => ({ toolCalls: [{ id, name: 'bash', arguments: { command, description: command } }] })

async function boot(workspace: string, replies: ScriptedReply[]) {
  const runtime = await createRuntime({
    llm: { provider: 'scripted', replies }, permissions: 'workspace-write',
    patches: [{ id: 'fs-memory', config: { mirror: 'indexeddb', workspace } }],
  })
  runtimes.push(runtime)
  return runtime
}

describe('workspace-save', () => {
  it('a file that cannot be saved makes the tool result WORKSPACE_NOT_SAVED; the earlier file survives', async () => {
    capQuota()
    const workspace = `quota-${Math.random()}`
    const runtime = await boot(workspace, [bash('b1', 'echo kept > small.txt'), bash('b2', 'seq 1 90000 > big.txt'), bash('b3', 'cat small.txt'), { text: 'done' }])
    const states: WorkspaceSaveState[] = []
    runtime.ctx.on('fs/save-state', (state) => void states.push(state))
    const agent = await runtime.open()
    agent.followup('write files')
    await agent.whenIdle()
    const results = agent.session.events.filter((e): e is SessionEvent<'tool/result'> => e.type === 'tool/result')
    expect(results[0]!.data.error).toBeUndefined()
    expect(results[1]!.data.error).toEqual({ name: 'WorkspaceSaveError', code: 'WORKSPACE_NOT_SAVED' })
    const text = (results[1]!.data.message.content[0].content.at(-1) as { text: string }).text
    expect(text).toContain('Error: not saved: big.txt (QUOTA_EXCEEDED)')
    expect(text).toContain('will be gone after a reload')
    expect(results[2]!.data.error).toBeUndefined() // a read of the saved file is untouched
    expect(runtime.ctx.fs.saveState()).toMatchObject({ saved: false, unsaved: ['/workspace/big.txt'], code: 'QUOTA_EXCEEDED' })
    expect(states.at(-1)).toMatchObject({ saved: false, unsaved: ['/workspace/big.txt'] })
    // a new runtime on the same workspace: what was saved is there, the unsaved file is not
    const again = await boot(workspace, [])
    const fs = again.ctx.fs
    expect(await fs.readText(fs.resolve('small.txt'))).toBe('kept\n')
    expect(await fs.stat(fs.resolve('big.txt'))).toBeUndefined()
  })

  it('saved writes report nothing and tools that change no file are not flushed', async () => {
    const runtime = await boot(`ok-${Math.random()}`, [bash('b1', 'echo hi > a.txt'), bash('b2', 'echo no file'), { text: 'done' }])
    const agent = await runtime.open()
    agent.followup('go')
    await agent.whenIdle()
    const results = agent.session.events.filter((e): e is SessionEvent<'tool/result'> => e.type === 'tool/result')
    expect(results.map((r) => r.data.error)).toEqual([undefined, undefined])
    expect(runtime.ctx.fs.saveState()).toEqual({ saved: true })
  })
})
