// The shared ctx.fs contract suite on the embedded provider (fs-memory).
import { Context } from '@deepseek-ai/cordis'
import MemoryFileSystem from '../../../src/fs-memory/index.ts'
import type { FsChange } from '../../../src/fs/types.ts'
import { describeFsContract } from '../fs/contract.ts'

describeFsContract('fs-memory', async (files, sandboxMode = 'workspace-write') => {
  const root = new Context()
  await root.plugin(MemoryFileSystem, { mirror: 'none', files, sandboxMode })
  const changes: FsChange[] = []
  root.on('fs/change', (change) => void changes.push(change))
  return { fs: root.fs, changes }
})
