// Pages of one origin keep their sessions apart (host/session-scope): a new session is made with the
// page's workspace as its header `cwd`; `session.list` (the page's "latest session") and
// `session.search` show the page's workspace's sessions and those no page made (imports from dsh);
// `sessionScope: 'all'` shows every session; an explicit `session.open` of another page's session works.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { AgentHost } from '../../../src/host/index.ts'
import { inScope, workspaceCwd } from '../../../src/host/session-scope.ts'
import { createRuntime } from '../../../src/kernel/runtime.ts'
import type { RuntimeSettings } from '../../../src/protocol/index.ts'
import { hostCall } from './host-call.ts'

const hosts: AgentHost[] = []
afterEach(async () => { await Promise.all(hosts.splice(0).map((host) => host.reset())) })

/** A host of the page with `scope`, on IndexedDB shared with every other host of this file. */
async function page(scope: Pick<RuntimeSettings, 'workspaceId' | 'sessionScope'>): Promise<AgentHost> {
  const host = new AgentHost(createRuntime)
  hosts.push(host)
  await host.attach(() => {})
  await hostCall(host, { kind: 'host.configure', settings: { provider: 'scripted', replies: [{ text: 'noted' }], permissions: 'ask', storage: 'indexeddb', ...scope } })
  return host
}

/** A session of `host` in which the reader said `text`, saved. */
async function converse(host: AgentHost, text: string): Promise<string> {
  const { sessionId } = await hostCall(host, { kind: 'session.open' })
  await hostCall(host, { kind: 'agent.prompt', sessionId, text })
  await host.agent(sessionId).whenIdle()
  await hostCall(host, { kind: 'storage.flush' })
  return sessionId
}

const listed = async (host: AgentHost) => (await hostCall(host, { kind: 'session.list' })).map((summary) => summary.id).sort()
const found = async (host: AgentHost, query: string) => (await hostCall(host, { kind: 'session.search', query })).hits.map((hit) => hit.sessionId).sort()

describe('session scope', () => {
  it('a page lists and finds its own workspace\'s sessions, not another page\'s', async () => {
    const docs = await page({ workspaceId: 'docs-scope' })
    const fromDocs = await converse(docs, 'zeppelin timetable')
    const mcp = await page({ workspaceId: 'mcp-scope' })
    const fromMcp = await converse(mcp, 'zeppelin hangar')

    expect(await listed(docs)).toEqual([fromDocs])
    expect(await listed(mcp)).toEqual([fromMcp])
    expect(await found(docs, 'zeppelin')).toEqual([fromDocs])
    expect((await hostCall(mcp, { kind: 'session.list' }))[0]!.cwd).toBe('/dsh-agent/workspaces/mcp-scope')
    // asked for by id, another page's session still opens
    expect((await hostCall(docs, { kind: 'session.open', sessionId: fromMcp as never })).sessionId).toBe(fromMcp)
  })

  it('`sessionScope: all` lists every session of the origin; a session no page made shows on every page', async () => {
    const everything = await page({ workspaceId: 'all-scope', sessionScope: 'all' })
    const before = await listed(everything)
    const other = await page({ workspaceId: 'other-scope' })
    const own = await converse(other, 'a note of the other page')
    const exported = (await hostCall(other, { kind: 'session.export', sessionId: own as never })).jsonl
    const [header, ...rest] = exported.split('\n')
    const fromDsh = [JSON.stringify({ ...JSON.parse(header!), id: 'dsh-imported-scope', cwd: '/home/reader/project' }), ...rest].join('\n')
    const imported = await hostCall(other, { kind: 'session.import', jsonl: fromDsh })

    expect(await listed(everything)).toEqual([...before, own, imported.sessionId].sort())
    expect(await listed(await page({ workspaceId: 'third-scope' }))).toContain(imported.sessionId)
    expect(await listed(await page({ workspaceId: 'third-scope' }))).not.toContain(own)
  })

  it('a page without workspace-id is the `default` workspace; sessions without a cwd are everyone\'s', () => {
    expect(workspaceCwd({})).toBe('/dsh-agent/workspaces/default')
    expect(inScope(undefined, { workspaceId: 'a' })).toBe(true)
    expect(inScope('/dsh-agent/workspaces/default', {})).toBe(true)
    expect(inScope('/dsh-agent/workspaces/a', {})).toBe(false)
    expect(inScope('/dsh-agent/workspaces/a', { sessionScope: 'all' })).toBe(true)
  })
})
