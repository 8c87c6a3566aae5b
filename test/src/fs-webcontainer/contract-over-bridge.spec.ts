// The shared ctx.fs contract suite on fs-webcontainer whose container is the worker-side proxy,
// forwarding over a real MessageChannel to the page-side host serving the API fake.
import { Context } from '@deepseek-ai/cordis'
import { afterAll } from 'vitest'
import WebContainerFileSystem from '../../../src/fs-webcontainer/index.ts'
import type { FsChange } from '../../../src/fs/types.ts'
import { describeFsContract } from '../fs/contract.ts'
import { bridgedFake, closeAll } from './bridged-fake.ts'

afterAll(closeAll)

describeFsContract('fs-webcontainer over the page bridge (fake on the page side)', async (files, sandboxMode = 'workspace-write') => {
  const root = new Context()
  const { proxy } = bridgedFake()
  await root.plugin(WebContainerFileSystem, { files, sandboxMode, boot: () => proxy.boot() })
  const changes: FsChange[] = []
  root.on('fs/change', (change) => void changes.push(change))
  return { fs: root.fs, changes }
})
