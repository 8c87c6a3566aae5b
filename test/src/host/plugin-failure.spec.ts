// No silent partial boot: each plugin that did not start reaches the page as a host.error notice
// DSH_PLUGIN_FAILED naming it (the element turns it into a dsh-error); the rest of the runtime works.
import { afterEach, describe, expect, it } from 'vitest'
import { AgentHost } from '../../../src/host/index.ts'
import { createRuntime } from '../../../src/kernel/runtime.ts'
import type { HostNotice, RuntimeSettings } from '../../../src/protocol/index.ts'

const hosts: AgentHost[] = []
afterEach(async () => { await Promise.all(hosts.splice(0).map((host) => host.reset())) })

async function hostWith(settings: RuntimeSettings): Promise<{ host: AgentHost; notices: HostNotice[] }> {
  const host = new AgentHost(createRuntime)
  hosts.push(host)
  const notices: HostNotice[] = []
  await host.attach((batch) => { notices.push(...batch) })
  expect(await host.call({ kind: 'host.configure', settings })).toMatchObject({ ok: true })
  return { host, notices }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('plugins that fail to start', () => {
  it('are reported as host.error DSH_PLUGIN_FAILED naming the plugin', async () => {
    const { host, notices } = await hostWith({ provider: 'openai-compatible', model: 'm', baseURL: 'not a url', permissions: 'workspace-write', storage: 'memory' })
    expect(await host.call({ kind: 'session.open' })).toMatchObject({ ok: true })
    await settle()
    const errors = notices.filter((notice) => notice.kind === 'host.error')
    expect(errors).toEqual([{ kind: 'host.error', code: 'DSH_PLUGIN_FAILED', message: expect.stringMatching(/^plugin 'llm-openai-compatible' failed to start: .*"baseURL" is not a URL: not a url/) }])
  })

  it('are not reported when every plugin started', async () => {
    const { host, notices } = await hostWith({ provider: 'scripted', replies: [], permissions: 'workspace-write', storage: 'memory' })
    expect(await host.call({ kind: 'session.open' })).toMatchObject({ ok: true })
    await settle()
    expect(notices.filter((notice) => notice.kind === 'host.error')).toEqual([])
  })
})
