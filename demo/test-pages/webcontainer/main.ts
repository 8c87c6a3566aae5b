/**
 * Test-only page for the WebContainer bridge: the API fake lives on this page, served with
 * `serveWebContainer`; a bare test worker and the real agent worker reach it only through a
 * transferred MessagePort. Exposes `window.wcBridge` to the browser spec. Plane: main; test-only.
 * @module demo/test-pages/webcontainer/main
 */
import * as Comlink from 'comlink'
import { serveWebContainer } from '../../../components/webcontainer-host/webcontainer-host.ts'
import { AgentClient, type HostNotice } from '../../../src/protocol/index.ts'
import { FakeWebContainer } from '../../../test/src/fs-webcontainer/fake-webcontainer.ts'
import type { JsonValue } from '../../../src/util/json.ts'
import type { BridgeTestApi } from './worker.ts'

const fake = new FakeWebContainer()
fake.handler = (_command, args) => (args[1]!.startsWith('serve')
  ? { chunks: ['listening\n'], hang: true }
  : { chunks: [`page ran: ${args[1]}\n`, `realm: ${typeof document}\n`], exitCode: 7 })

function serve() {
  const channel = new MessageChannel()
  return { host: serveWebContainer(channel.port1, { boot: async () => fake.asWebContainer() }), port: channel.port2 }
}

/** The bare test worker: fs-webcontainer + shell-webcontainer over the attached bridge. */
async function testWorker() {
  const { host, port } = serve()
  const worker = Comlink.wrap<BridgeTestApi>(new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' }))
  await worker.attach(Comlink.transfer(port, [port]), { 'README.md': '# mounted from the worker\n' })
  return { worker, closeHost: (reason: string) => host.close(reason) }
}

/** The real agent worker: `webcontainer.attach` through AgentClient, then a scripted `read` of a seeded file. */
async function agentReads(path: string): Promise<string[]> {
  const { port } = serve()
  const client = await AgentClient.connect(new Worker(new URL('../../../workers/agent.worker.ts', import.meta.url), { type: 'module' }))
  const results: string[] = []
  client.onNotices((batch: readonly HostNotice[]) => {
    for (const notice of batch) if (notice.kind === 'session.events') for (const { event } of notice.events) if (event.type === 'tool/result') results.push(JSON.stringify(event.data))
  })
  await client.call({ kind: 'webcontainer.attach', port })
  const replies: JsonValue[] = [{ toolCalls: [{ name: 'read', arguments: { file_path: path } }] }, { text: 'read it' }]
  await client.call({ kind: 'host.configure', settings: { provider: 'scripted', replies, permissions: 'workspace-write', storage: 'memory', workspace: { [path]: 'seeded through the bridge\n' } } })
  const { sessionId } = await client.call({ kind: 'session.open' })
  await client.call({ kind: 'session.subscribe', sessionId, fromSeq: 0 })
  await client.call({ kind: 'agent.prompt', sessionId, text: `read ${path}` })
  while (results.length === 0) await new Promise((resolve) => setTimeout(resolve, 20))
  await client.dispose()
  return results
}

const pageFile = (path: string) => {
  const node = fake.nodes.get(path)
  return node?.kind === 'file' ? new TextDecoder().decode(node.data) : null
}

Object.assign(window, { wcBridge: { testWorker, agentReads, pageFile, spawned: () => fake.spawned.map((s) => ({ ...s })) } })
document.body.dataset.ready = 'true'
