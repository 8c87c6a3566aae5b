// The shared ctx.fs contract suite on the WebContainer provider, over the faithful API fake.
import { Context } from '@deepseek-ai/cordis'
import WebContainerFileSystem from '../../../src/fs-webcontainer/index.ts'
import type { FsChange } from '../../../src/fs/types.ts'
import { describeFsContract } from '../fs/contract.ts'
import { FakeWebContainer } from './fake-webcontainer.ts'

describeFsContract('fs-webcontainer (fake @webcontainer/api)', async (files, sandboxMode = 'workspace-write') => {
  const root = new Context()
  const fake = new FakeWebContainer()
  await root.plugin(WebContainerFileSystem, { files, sandboxMode, boot: async () => fake.asWebContainer() })
  const changes: FsChange[] = []
  root.on('fs/change', (change) => void changes.push(change))
  return { fs: root.fs, changes }
})
