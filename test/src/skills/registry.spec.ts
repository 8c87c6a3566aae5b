// ctx.skills: providers and runtime registrations merge into one sorted catalog (lowest rank wins a
// name), changes emit skills/change, a failing provider makes the snapshot incomplete, URL bodies are
// fetched on first use without credentials and served from the cache after.
import { createServer } from 'node:http'
import { Context } from '@deepseek-ai/cordis'
import { afterEach, expect, it } from 'vitest'
import SkillRegistry, { SkillRegistrationError } from '../../../src/skills/index.ts'
import type { SkillProvider } from '../../../src/skills/types.ts'

const closers: (() => void)[] = []
afterEach(() => { for (const close of closers.splice(0)) close() })

async function registry() {
  const ctx = new Context()
  await ctx.plugin(SkillRegistry)
  let changes = 0
  ctx.on('skills/change', () => { changes++ })
  return { ctx, skills: ctx.skills, changes: () => changes }
}

const provider = (name: string, rank: number, skills: string[], fail = false): SkillProvider => ({
  name, rank,
  list: async () => {
    if (fail) throw new Error('disk gone')
    return { skills: skills.map((s) => ({ name: s, description: `${s} from ${name}`, provider: name })), complete: true }
  },
  get: async (skill) => ({ name: skill, description: '', provider: name, content: `${skill} body from ${name}` }),
})

it('merges providers and runtime skills: sorted by name, the lowest rank wins a duplicate', async () => {
  const { skills, changes } = await registry()
  skills.registerProvider(provider('late', 300, ['zeta', 'shared']))
  skills.registerProvider(provider('early', 100, ['shared', 'alpha']))
  skills.register({ name: 'mid', description: 'runtime one', body: 'mid body' })
  const snapshot = await skills.snapshot()
  expect(snapshot.complete).toBe(true)
  expect(snapshot.skills.map((s) => `${s.name}@${s.provider}`)).toEqual(['alpha@early', 'mid@runtime', 'shared@early', 'zeta@late'])
  expect((await skills.get('shared'))?.content).toBe('shared body from early')
  expect((await skills.get('mid'))?.content).toBe('mid body')
  expect(changes()).toBe(3)
})

it('disposing a registration removes it and emits a change; a duplicate runtime name is ignored', async () => {
  const { skills, changes } = await registry()
  const dispose = skills.register({ name: 'once', description: 'first', body: '1' })
  await skills.register({ name: 'once', description: 'second', body: '2' })()
  expect((await skills.get('once'))?.content).toBe('1')
  await dispose()
  expect((await skills.snapshot()).skills).toEqual([])
  expect(changes()).toBe(2)
})

it('refuses bad registrations with a named error', async () => {
  const { skills } = await registry()
  expect(() => skills.register({ name: 'Bad Name', description: 'd', body: 'b' })).toThrow(SkillRegistrationError)
  expect(() => skills.register({ name: 'ok', description: ' ', body: 'b' })).toThrow('skill "ok": description must be a non-empty string')
  expect(() => skills.register({ name: 'ok', description: 'd' })).toThrow('skill "ok": needs a body or a url')
  expect(() => skills.register({ name: 'ok', description: 'd', url: 'relative/x.md' })).toThrow('skill "ok": url must be absolute')
})

it('a failing provider leaves the others and marks the snapshot incomplete (not cached)', async () => {
  const { skills } = await registry()
  skills.registerProvider(provider('broken', 100, [], true))
  skills.register({ name: 'kept', description: 'd', body: 'b' })
  const snapshot = await skills.snapshot()
  expect(snapshot).toEqual({ complete: false, skills: [{ name: 'kept', description: 'd', provider: 'runtime' }] })
})

it('caches a listing until the provider invalidates', async () => {
  const { skills } = await registry()
  let lists = 0
  const counting = provider('counting', 100, ['a'])
  skills.registerProvider({ ...counting, list: (signal) => { lists++; return counting.list(signal) } })
  await skills.snapshot()
  await skills.snapshot()
  expect(lists).toBe(1)
  skills.invalidate('counting')
  await skills.snapshot()
  expect(lists).toBe(2)
})

it('fetches a URL skill body on first use only, without cookies, and names the HTTP code on failure', async () => {
  const requests: { path: string; cookie?: string }[] = []
  const server = createServer((req, res) => {
    requests.push({ path: req.url!, ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}) })
    if (req.url === '/skills/gone.md') return void res.writeHead(404).end('no')
    res.writeHead(200, { 'content-type': 'text/markdown' }).end('# Remote\nDo the thing.')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => server.close())
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  const { skills } = await registry()
  skills.register({ name: 'remote', description: 'from the site', url: `${origin}/skills/remote.md?v=${Math.random()}` })
  skills.register({ name: 'gone', description: 'missing', url: `${origin}/skills/gone.md` })
  expect(requests).toEqual([])
  const first = await skills.get('remote')
  expect(first).toMatchObject({ content: '# Remote\nDo the thing.', resourceBase: { kind: 'url' } })
  await skills.get('remote')
  expect(requests.filter((r) => r.path.startsWith('/skills/remote.md'))).toHaveLength(1)
  expect(requests.some((r) => r.cookie)).toBe(false)
  await expect(skills.get('gone')).rejects.toThrow(`${origin}/skills/gone.md answered HTTP 404`)
})
