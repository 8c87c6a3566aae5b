/**
 * The WebContainer bridge over a real MessageChannel: the page-side host serving the API fake on
 * one port, the worker-side proxy on the other. `closeAll()` closes every channel made.
 * @module test/src/fs-webcontainer/bridged-fake
 */
import { WebContainerProxy } from '../../../src/fs-webcontainer/page-proxy.ts'
import { serveWebContainer, type WebContainerHostOptions } from '../../../components/webcontainer-host/webcontainer-host.ts'
import { FakeWebContainer } from './fake-webcontainer.ts'

const open: MessagePort[] = []

export function bridgedFake(options: WebContainerHostOptions = {}) {
  const fake = new FakeWebContainer()
  const { port1, port2 } = new MessageChannel()
  open.push(port1, port2)
  const host = serveWebContainer(port1, { boot: async () => fake.asWebContainer(), ...options })
  const proxy = new WebContainerProxy(port2)
  return { fake, host, proxy, pagePort: port1, workerPort: port2 }
}

export function closeAll(): void {
  for (const port of open.splice(0)) port.close()
}
