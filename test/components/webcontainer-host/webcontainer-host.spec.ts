// The WebContainer bridge over a real MessageChannel: boot failures keep their name and reason,
// fs errors keep their Node codes, malformed messages are refused by name, a page or worker that
// goes away never leaves a call hanging, and the realm routes bootWebContainer() to an attached page.
import { afterAll, describe, expect, it, vi } from 'vitest'
import { attachPageWebContainer, bootWebContainer } from '../../../src/fs-webcontainer/index.ts'
import { WebContainerProxy } from '../../../src/fs-webcontainer/page-proxy.ts'
import { WebContainerUnavailableError } from '../../../src/protocol/webcontainer/errors.ts'
import { serveWebContainer } from '../../../components/webcontainer-host/webcontainer-host.ts'
import { bridgedFake, closeAll } from '../../src/fs-webcontainer/bridged-fake.ts'
import { FakeWebContainer } from '../../src/fs-webcontainer/fake-webcontainer.ts'

afterAll(closeAll)

const nextMessage = (port: MessagePort) => new Promise<unknown>((resolve) => port.addEventListener('message', (e) => resolve(e.data), { once: true }))

describe('WebContainer bridge', () => {
  it('a failed page boot reaches the worker as the same named error, reported to the page once', async () => {
    const onBootFailure = vi.fn()
    const { proxy } = bridgedFake({ boot: () => Promise.reject(new WebContainerUnavailableError('WebContainer needs a cross-origin isolated page')), onBootFailure })
    const first = proxy.boot()
    await expect(first).rejects.toBeInstanceOf(WebContainerUnavailableError)
    await expect(first).rejects.toMatchObject({ code: 'WEBCONTAINER_UNAVAILABLE', message: 'WebContainer needs a cross-origin isolated page' })
    await expect(proxy.fs.readFile('a')).rejects.toMatchObject({ name: 'WebContainerUnavailableError' })
    expect(onBootFailure).toHaveBeenCalledTimes(1)
  })

  it('serves the fs on the page: bytes, dirents and Node-style error codes cross the port', async () => {
    const { proxy, fake } = bridgedFake()
    await proxy.mount({ src: { directory: { 'a.txt': { file: { contents: 'hé' } } } } })
    expect(await proxy.fs.readFile('src/a.txt')).toEqual(new TextEncoder().encode('hé'))
    await proxy.fs.writeFile('src/b.bin', new Uint8Array([0, 255]))
    expect(fake.nodes.get('src/b.bin')).toEqual({ kind: 'file', data: new Uint8Array([0, 255]) })
    const entries = await proxy.fs.readdir('src', { withFileTypes: true })
    expect(entries.map((d) => [d.name, d.isFile(), d.isDirectory()])).toEqual([['a.txt', true, false], ['b.bin', true, false]])
    await expect(proxy.fs.readFile('missing')).rejects.toMatchObject({ code: 'ENOENT', message: expect.stringMatching(/^ENOENT: no such file or directory/) })
    await expect(proxy.fs.rm('src')).rejects.toMatchObject({ code: 'ENOTEMPTY' })
  })

  it('the page refuses a malformed request by name; a malformed reply fails only its own call', async () => {
    const { workerPort } = bridgedFake()
    const reply = nextMessage(workerPort)
    workerPort.postMessage({ kind: 'fs.readFile', id: 7, path: 5 })
    expect(await reply).toEqual({ kind: 'call.failed', id: 7, error: { name: 'ProtocolError', code: 'DSH_PROTOCOL_INVALID', message: 'webcontainer request fs.readFile: invalid or unexpected field "path"' } })

    const { port1: page, port2: worker } = new MessageChannel()
    const proxy = new WebContainerProxy(worker)
    page.addEventListener('message', (e) => page.postMessage({ kind: 'call.result', id: (e.data as { id: number }).id, value: 'not bytes' }))
    page.start()
    await expect(proxy.fs.readFile('a')).rejects.toThrow('webcontainer notice call.result: invalid or unexpected field "value"')
    page.close()
  })

  it('a page whose port closes without a word fails pending and later calls with WEBCONTAINER_PAGE_GONE', async () => {
    const { proxy, pagePort } = bridgedFake({ boot: () => new Promise(() => undefined) })
    const pending = proxy.fs.readFile('a.txt')
    pagePort.close()
    await expect(pending).rejects.toMatchObject({ name: 'WebContainerBridgeError', code: 'WEBCONTAINER_PAGE_GONE', message: expect.stringContaining('the page closed the WebContainer channel') })
    await expect(proxy.spawn('jsh', ['-c', 'ls'])).rejects.toMatchObject({ code: 'WEBCONTAINER_PAGE_GONE' })
  })

  it('a worker that goes away has its processes killed on the page', async () => {
    const { proxy, fake, workerPort } = bridgedFake()
    fake.handler = () => ({ hang: true })
    await proxy.spawn('jsh', ['-c', 'npm run dev'])
    workerPort.close()
    await vi.waitFor(() => expect(fake.spawned[0]!.killed).toBe(true))
  })

  it('bootWebContainer() goes through the attached page; detached in Node it gives the isolation reason', async () => {
    const fake = new FakeWebContainer()
    const { port1, port2 } = new MessageChannel()
    const host = serveWebContainer(port1, { boot: async () => fake.asWebContainer() })
    const detach = attachPageWebContainer(port2)
    const wc = await bootWebContainer()
    await wc.fs.writeFile('made-in-worker.txt', new TextEncoder().encode('x'))
    expect(fake.nodes.has('made-in-worker.txt')).toBe(true)
    detach()
    await expect(wc.fs.readFile('made-in-worker.txt')).rejects.toMatchObject({ code: 'WEBCONTAINER_PAGE_GONE' })
    await expect(bootWebContainer()).rejects.toMatchObject({ name: 'WebContainerUnavailableError' })
    host.close()
  })
})
