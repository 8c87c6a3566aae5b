// The shell holds the fs instance behind ctx.fs (past Cordis' proxy): it must follow a replaced
// ctx.fs, and bash mutations must still publish fs/change to listeners on the root.
import { Context } from '@deepseek-ai/cordis'
import { describe, expect, it } from 'vitest'
import type { FsChange } from '../../../src/fs/types.ts'
import MemoryFileSystem from '../../../src/fs-memory/index.ts'
import JustBashShell from '../../../src/shell-justbash/index.ts'

async function run(root: Context, command: string) {
  const result = await root.shell.run(root.shell.resolve({ command }))
  return result.stdout.text + result.stderr.text
}

describe('shell-justbash fs binding', () => {
  it('runs over the current ctx.fs after the fs plugin is replaced', async () => {
    const root = new Context()
    const first = await root.plugin(MemoryFileSystem, { mirror: 'none', files: { 'a.txt': 'first\n' } })
    await root.plugin(JustBashShell, {})
    expect(await run(root, 'cat a.txt')).toBe('first\n')
    await first.dispose()
    await root.plugin(MemoryFileSystem, { mirror: 'none', files: { 'a.txt': 'second\n' } })
    expect(await run(root, 'cat a.txt; echo made > b.txt')).toBe('second\n')
    expect(await root.fs.readText(root.fs.resolve('b.txt'))).toBe('made\n')
  })

  it('publishes fs/change for bash writes', async () => {
    const root = new Context()
    const changes: FsChange[] = []
    root.on('fs/change', (change) => void changes.push(change))
    await root.plugin(MemoryFileSystem, { mirror: 'none' })
    await root.plugin(JustBashShell, {})
    await run(root, 'mkdir d && echo x > d/f.txt && rm d/f.txt')
    const seen = [...new Set(changes.map((change) => `${change.kind} ${change.path}`))] // a redirect may write its target more than once
    expect(seen).toEqual(['mkdir /workspace/d', 'write /workspace/d/f.txt', 'rm /workspace/d/f.txt'])
  })
})
