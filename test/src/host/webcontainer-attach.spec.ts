// `webcontainer.attach`: the page's port is validated like every command, and once attached the
// next runtime's workspace is the page's WebContainer (createRuntime → fs-webcontainer → proxy → page).
import { afterAll, describe, expect, it } from 'vitest'
import type { FileSystem } from '../../../src/fs/file-system.ts'
import { AgentHost } from '../../../src/host/index.ts'
import { createRuntime } from '../../../src/kernel/runtime.ts'
import type { RuntimeSettings } from '../../../src/protocol/messages.ts'
import { serveWebContainer } from '../../../components/webcontainer-host/webcontainer-host.ts'
import { FakeWebContainer } from '../fs-webcontainer/fake-webcontainer.ts'

const ports: MessagePort[] = []
afterAll(() => ports.forEach((port) => port.close()))

const settings: RuntimeSettings = { provider: 'scripted', replies: [], permissions: 'workspace-write', storage: 'memory', workspace: { 'README.md': '# from the page\n' } }

describe('host: webcontainer.attach', () => {
  it('refuses anything but a MessagePort', async () => {
    const host = new AgentHost(() => Promise.reject(new Error('not used')))
    expect(await host.call({ kind: 'webcontainer.attach', port: 'port' as never })).toEqual({
      ok: false, code: 'DSH_PROTOCOL_INVALID', message: 'command webcontainer.attach: invalid or unexpected field "port"',
    })
  })

  it('routes the runtime workspace through the page bridge to the page-side container', async () => {
    const fake = new FakeWebContainer()
    const { port1, port2 } = new MessageChannel()
    ports.push(port1, port2)
    serveWebContainer(port1, { boot: async () => fake.asWebContainer() })
    const host = new AgentHost(createRuntime)
    expect(await host.call({ kind: 'webcontainer.attach', port: port2 })).toEqual({ ok: true, value: null })
    expect(await host.call({ kind: 'host.configure', settings })).toMatchObject({ ok: true })
    const runtime = await host.runtime()
    const fs = (runtime.ctx as unknown as { fs: FileSystem }).fs
    expect(await fs.readText(fs.resolve('README.md'))).toBe('# from the page\n')
    await fs.writeText(fs.resolve('notes/todo.md'), 'from the worker')
    expect(new TextDecoder().decode((fake.nodes.get('notes/todo.md') as { data: Uint8Array }).data)).toBe('from the worker')
    await host.reset()
  })
})
