// The precache list is derived from a build output: the entries and every file they reach by name
// (chunks, workers, styles), nothing unreached (test pages), content-hash revisions, and a version
// that changes exactly when a listed file changes.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { precacheManifest } from '../../scripts/precache-manifest.ts'

let root: string | undefined
afterEach(async () => { if (root) await rm(root, { recursive: true, force: true }) })

async function output(files: Record<string, string>): Promise<string> {
  root = await mkdtemp(join(tmpdir(), 'dsh-precache-'))
  for (const [path, body] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true })
    await writeFile(join(root, path), body)
  }
  return root
}

const site = {
  'index.html': '<script type="module" src="./assets/index-AAAAAAAA.js"></script><link href="./assets/demo-BBBBBBBB.css">',
  'assets/index-AAAAAAAA.js': 'new Worker(new URL("agent.worker-CCCCCCCC.js", import.meta.url)); import("./lit-DDDDDDDD.js")',
  'assets/agent.worker-CCCCCCCC.js': 'import("./browser-EEEEEEEE.js")',
  'assets/browser-EEEEEEEE.js': 'just-bash',
  'assets/lit-DDDDDDDD.js': 'lit',
  'assets/demo-BBBBBBBB.css': 'body{}',
  'assets/unused-FFFFFFFF.js': 'only a test page loads me',
  'test-pages/agent.html': '<script src="../assets/unused-FFFFFFFF.js"></script>',
  'assets/index-AAAAAAAA.js.map': '{}',
}

describe('precacheManifest', () => {
  it('lists the entries and what they reach by name, each once with a content revision', async () => {
    const dir = await output(site)
    const manifest = precacheManifest(dir, (path) => !path.startsWith('assets/') && !path.startsWith('test-pages/'))
    expect(manifest.entries.map((entry) => entry.url)).toEqual([
      'assets/agent.worker-CCCCCCCC.js', 'assets/browser-EEEEEEEE.js', 'assets/demo-BBBBBBBB.css',
      'assets/index-AAAAAAAA.js', 'assets/lit-DDDDDDDD.js', 'index.html',
    ])
    expect(manifest.entries.every((entry) => /^[0-9a-f]{16}$/.test(entry.revision))).toBe(true)
    expect(manifest.version).toMatch(/^[0-9a-f]{12}$/)
    expect(manifest.bytes).toBe(['index.html', 'assets/index-AAAAAAAA.js', 'assets/agent.worker-CCCCCCCC.js', 'assets/browser-EEEEEEEE.js', 'assets/lit-DDDDDDDD.js', 'assets/demo-BBBBBBBB.css'].reduce((sum, path) => sum + Buffer.byteLength(site[path as keyof typeof site]), 0))
  })

  it('changes the revision and the version when a listed file changes, and only then', async () => {
    const entry = (path: string) => !path.startsWith('assets/') && !path.startsWith('test-pages/')
    const before = precacheManifest(await output(site), entry)
    await rm(root!, { recursive: true, force: true })
    const unrelated = precacheManifest(await output({ ...site, 'assets/unused-FFFFFFFF.js': 'changed' }), entry)
    expect(unrelated).toEqual(before)
    await rm(root!, { recursive: true, force: true })
    const after = precacheManifest(await output({ ...site, 'assets/browser-EEEEEEEE.js': 'just-bash 2' }), entry)
    expect(after.version).not.toBe(before.version)
    expect(after.entries.find((e) => e.url === 'assets/browser-EEEEEEEE.js')!.revision).not.toBe(before.entries.find((e) => e.url === 'assets/browser-EEEEEEEE.js')!.revision)
  })

  it('leaves out files another build wrote into the same directory', async () => {
    const dir = await output({ 'dsh-agent.js': 'import("./chunks/lit-DDDDDDDD.js")', 'chunks/lit-DDDDDDDD.js': 'lit', 'demo/assets/lit-DDDDDDDD.js': 'lit' })
    const manifest = precacheManifest(dir, (path) => path === 'dsh-agent.js', (path) => !path.startsWith('demo/'))
    expect(manifest.entries.map((entry) => entry.url)).toEqual(['chunks/lit-DDDDDDDD.js', 'dsh-agent.js'])
  })
})
