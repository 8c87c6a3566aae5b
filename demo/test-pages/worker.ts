/**
 * Test page: boots the agent worker with `AgentClient` only (no elements), runs one scripted
 * prompt, and writes each received event type into `#log`; exposes the client as `window.dshClient`.
 * Plane: main.
 * @module demo/test-pages/worker
 */
import { AgentClient } from '../../src/protocol/index.ts'

const log = document.getElementById('log')!
const client = await AgentClient.connect(new Worker(new URL('../../workers/agent.worker.ts', import.meta.url), { type: 'module' }))
client.onNotices((batch) => {
  for (const notice of batch) {
    if (notice.kind !== 'session.events') continue
    for (const wire of notice.events) log.append(Object.assign(document.createElement('li'), { textContent: `${wire.event.seq} ${wire.event.type}` }))
  }
})
Object.assign(window, { dshClient: client })
document.body.setAttribute('data-ready', '')
