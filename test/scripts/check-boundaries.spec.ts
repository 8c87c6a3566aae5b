// Each plane rule of `npm run lint` (style.md 6.1) reports a violation planted in a temp project,
// names the file and line, and stays quiet for the allowed form of the same code.
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'

const repo = fileURLToPath(new URL('../..', import.meta.url))
let project: string | undefined

function plant(files: Record<string, string>): string {
  project = mkdtempSync(join(tmpdir(), 'dsh-boundaries-'))
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(project, path)), { recursive: true })
    writeFileSync(join(project, path), code)
  }
  return project
}

function checkBoundaries(root: string) {
  const run = spawnSync(process.execPath, [join(repo, 'scripts/check-boundaries.mjs'), root], { encoding: 'utf8' })
  return { code: run.status, output: run.stderr }
}

function oxlint(root: string) {
  copyFileSync(join(repo, '.oxlintrc.json'), join(root, '.oxlintrc.json'))
  const bin = join(repo, 'node_modules/oxlint/bin/oxlint')
  const run = spawnSync(process.execPath, [bin, '-c', '.oxlintrc.json', '-f', 'unix', '.'], { cwd: root, encoding: 'utf8' })
  return { code: run.status, output: run.stdout + run.stderr }
}

afterEach(() => {
  if (project) rmSync(project, { recursive: true, force: true })
  project = undefined
})

describe('scripts/check-boundaries.mjs', () => {
  it('rejects a runtime import from components/ into src/ outside src/protocol/', () => {
    const root = plant({ 'components/a/a.ts': "import { x } from '../../src/session/store.ts'\nexport { x }\n" })
    const { code, output } = checkBoundaries(root)
    expect(code).toBe(1)
    expect(output).toContain("components/a/a.ts:1:1 components/ may import runtime values only from src/protocol/")
    expect(output).toContain("'../../src/session/store.ts'")
  })

  it('rejects `import { type X }` from a types.ts in components/ (it still loads the module)', () => {
    const root = plant({ 'components/a.ts': "import { type X } from '../src/session/types.ts'\nexport type Y = X\n" })
    expect(checkBoundaries(root).output).toContain('components/a.ts:1:1 components/ may import runtime values only')
  })

  it('rejects a type-only import in components/ from a file that is not a types.ts', () => {
    const root = plant({ 'components/a.ts': "import type { X } from '../src/session/store.ts'\nexport type Y = X\n" })
    expect(checkBoundaries(root).code).toBe(1)
  })

  it('rejects a dynamic import and a re-export into src/ from components/', () => {
    const root = plant({
      'components/a.ts': "export * from '../src/llm/index.ts'\nexport const m = () => import('../src/tools/index.ts')\n",
    })
    const { output } = checkBoundaries(root)
    expect(output).toContain('components/a.ts:1:1')
    expect(output).toContain('components/a.ts:2:24')
  })

  it('allows components/ to import src/protocol/, packages, siblings, and `import type` from a types.ts', () => {
    const root = plant({
      'components/a.ts': [
        "import { LitElement } from 'lit'",
        "import { AgentClient } from '../src/protocol/client.ts'",
        "import type { SessionEvent } from '../src/session/types.ts'",
        "import { b } from './b.ts'",
        'export { LitElement, AgentClient, b }',
        'export type E = SessionEvent',
      ].join('\n'),
    })
    expect(checkBoundaries(root)).toEqual({ code: 0, output: '' })
  })

  it('rejects node: and bare Node built-in imports in src/, but not in test/', () => {
    const root = plant({
      'src/a.ts': "import { readFileSync } from 'node:fs'\nimport path from 'path'\nexport { readFileSync, path }\n",
      'test/a.spec.ts': "import { readFileSync } from 'node:fs'\nexport { readFileSync }\n",
    })
    const { code, output } = checkBoundaries(root)
    expect(code).toBe(1)
    expect(output).toContain("src/a.ts:1:1 src/ must not import the Node built-in 'node:fs'")
    expect(output).toContain("src/a.ts:2:1 src/ must not import the Node built-in 'path'")
    expect(output).not.toContain('test/')
  })

  it('rejects src/ importing from components/ or workers/', () => {
    const root = plant({ 'src/a.ts': "import '../components/x.ts'\nimport '../workers/agent.worker.ts'\n" })
    const { output } = checkBoundaries(root)
    expect(output).toContain("src/a.ts:1:1 src/ must not import from components/")
    expect(output).toContain("src/a.ts:2:1 src/ must not import from workers/")
  })

  it('rejects workers/ importing runtime values outside src/kernel/, src/host/, src/protocol/ and src/run-code/worker/', () => {
    const root = plant({
      'workers/w.ts': [
        "import { a } from '../src/session/store.ts'",
        "import { b } from '../src/kernel/compose.ts'",
        "import { c } from '../src/host/index.ts'",
        "import { d } from '../src/protocol/index.ts'",
        "import { e } from '../src/run-code/worker/runner.ts'",
        'export { a, b, c, d, e }',
      ].join('\n'),
    })
    const { output } = checkBoundaries(root)
    expect(output).toContain("workers/w.ts:1:1 workers/ may import runtime values only from src/kernel/, src/host/, src/protocol/ and (the runtime worker's entry) src/run-code/worker/: '../src/session/store.ts'")
    expect(output).not.toMatch(/workers\/w\.ts:[2345]:/)
  })

  it('rejects a src/protocol/ module only components/ load (directly or through the barrel), not one the worker loads too', () => {
    const root = plant({
      'src/protocol/index.ts': "export { parseMarkdown } from './markdown.ts'\nexport { PROTOCOL_VERSION } from './messages.ts'\nexport { AgentClient } from './client.ts'\n",
      'src/protocol/markdown.ts': 'export const parseMarkdown = (text: string) => [text]\n',
      'src/protocol/host.ts': 'export const serve = () => 1\n',
      'src/protocol/messages.ts': 'export const PROTOCOL_VERSION = 1\n',
      'src/protocol/client.ts': 'export class AgentClient {}\n',
      'src/host/host.ts': "import { PROTOCOL_VERSION } from '../protocol/messages.ts'\nexport { PROTOCOL_VERSION }\n",
      'components/a.ts': "import { parseMarkdown, PROTOCOL_VERSION, AgentClient } from '../src/protocol/index.ts'\nimport { serve } from '../src/protocol/host.ts'\nexport { parseMarkdown, PROTOCOL_VERSION, AgentClient, serve }\n",
    })
    const { code, output } = checkBoundaries(root)
    expect(code).toBe(1)
    expect(output).toContain('src/protocol/markdown.ts:1:1 src/protocol/ module loaded only by components/ (components/a.ts)')
    expect(output).toContain('src/protocol/host.ts:1:1 src/protocol/ module loaded only by components/')
    expect(output).not.toContain('messages.ts')
    expect(output).not.toContain('client.ts')
  })

  it('rejects an import circle over runtime imports and names its members, but not one closed by a type-only import', () => {
    const root = plant({
      'src/host/host.ts': "import { run } from './commands.ts'\nexport class HostError extends Error {}\nexport { run }\n",
      'src/host/commands.ts': "import { snapshot } from './snapshot.ts'\nexport const run = snapshot\n",
      'src/host/snapshot.ts': "import { HostError } from './host.ts'\nexport const snapshot = () => new HostError()\n",
      'src/kernel/a.ts': "import { b } from './b.ts'\nexport const a = b\n",
      'src/kernel/b.ts': "import type { A } from './types.ts'\nexport const b: A = 1\n",
      'src/kernel/types.ts': "import type { a } from './a.ts'\nexport type A = typeof a\n",
    })
    const { code, output } = checkBoundaries(root)
    expect(code).toBe(1)
    expect(output).toContain('src/host/commands.ts:1:1 import circle over runtime imports: src/host/commands.ts → src/host/host.ts → src/host/snapshot.ts')
    expect(output).not.toContain('src/kernel')
  })

  it('rejects `as unknown as` in src/host/ only', () => {
    const root = plant({
      'src/host/a.ts': 'export const tools = (globalThis as unknown as { tools: number }).tools\nexport const n = 1 as number\n',
      'src/kernel/a.ts': 'export const tools = (globalThis as unknown as { tools: number }).tools\n',
    })
    const { code, output } = checkBoundaries(root)
    expect(code).toBe(1)
    expect(output).toContain("src/host/a.ts:1:23 src/host/ is typed against the runtime (Pick<Runtime, …>, ctx services): no 'as unknown as'")
    expect(output).not.toContain('src/host/a.ts:2:')
    expect(output).not.toContain('src/kernel')
  })

  it('rejects reaching past the tracing proxy (symbols.original) outside src/kernel/cordis/service.ts', () => {
    const root = plant({
      'src/kernel/cordis/service.ts': "import { symbols } from '@deepseek-ai/cordis'\nexport const bus = (e: object) => (e as Record<symbol, object>)[symbols.original]\n",
      'src/tools/a.ts': "import { symbols } from '@deepseek-ai/cordis'\nexport const raw = (s: object) => (s as Record<symbol, object>)[symbols.original] ?? s\n",
    })
    const { code, output } = checkBoundaries(root)
    expect(code).toBe(1)
    expect(output).toContain("src/tools/a.ts:2:65 past Cordis' tracing proxy only through kernel/cordis/service")
    expect(output).not.toContain('src/kernel/cordis/service.ts')
  })

  it('rejects a per-line tracing-proxy comment outside src/kernel/cordis/service.ts (the façade rule lives there once)', () => {
    const root = plant({
      'src/kernel/cordis/service.ts': '/** The one rule for Cordis\' tracing proxy. */\nexport const rule = 1\n',
      'src/session/store.ts': "const known = new Set<string>() // read once: `this` is Cordis' tracing proxy\nexport { known }\n",
    })
    const { code, output } = checkBoundaries(root)
    expect(code).toBe(1)
    expect(output).toContain('src/session/store.ts:1:33 a per-line tracing-proxy comment')
    expect(output).not.toContain('src/kernel/cordis/service.ts')
  })

  it('rejects a style attribute binding or styleMap in components/ (a strict CSP blocks it), not cssProps', () => {
    const root = plant({
      'components/a/row.ts': "import { html } from 'lit'\nexport const row = (top: number) => html`<li style=${`top: ${top}px`}></li>`\n",
      'components/a/gap.ts': "import { styleMap } from 'lit/directives/style-map.js'\nexport { styleMap }\n",
      'components/a/ok.ts': "import { html } from 'lit'\nimport { cssProps } from '../theme/css-props.ts'\nexport const row = (top: number) => html`<li ${cssProps({ top: `${top}px` })}></li>`\n",
      'components/theme/css-props.ts': 'export const cssProps = (props: Record<string, string>) => props\n',
    })
    const { code, output } = checkBoundaries(root)
    expect(code).toBe(1)
    expect(output).toContain('components/a/row.ts:2:46 a style attribute breaks under a strict CSP')
    expect(output).toContain('components/a/gap.ts:1:27 a style attribute breaks under a strict CSP')
    expect(output).not.toContain('components/a/ok.ts')
  })

  it('rejects string timers in every plane and accepts function timers', () => {
    const root = plant({
      'src/a.ts': "setTimeout('tick()', 5)\nsetTimeout(() => 1, 5)\n",
      'workers/w.ts': 'globalThis.setInterval(`tick()`, 5)\n',
    })
    const { output } = checkBoundaries(root)
    expect(output).toContain('src/a.ts:1:1 string timers evaluate code; pass a function')
    expect(output).toContain('workers/w.ts:1:1 string timers evaluate code')
    expect(output).not.toContain('src/a.ts:2:')
  })
})

describe('.oxlintrc.json plane rules', () => {
  it('rejects DOM globals and navigator.clipboard in src/', () => {
    const root = plant({
      'src/a.ts': [
        'export const t = document.title',
        'export const w = window.name',
        "export const s = localStorage.getItem('k') ?? sessionStorage.getItem('k')",
        "export const c = () => navigator.clipboard.writeText('x')",
      ].join('\n'),
    })
    const { code, output } = oxlint(root)
    expect(code).toBe(1)
    for (const name of ['document', 'window', 'localStorage', 'sessionStorage']) {
      expect(output).toContain(`Unexpected use of '${name}'. src/ is DOM-free`)
    }
    expect(output).toContain("src/a.ts:4:24: 'navigator.clipboard' is restricted")
  })

  it('allows DOM globals outside src/', () => {
    const root = plant({ 'components/a.ts': 'export const t = document.title\n' })
    expect(oxlint(root).code).toBe(0)
  })

  it('rejects eval and new Function everywhere', () => {
    const root = plant({
      'components/a.ts': "export const a = eval('1')\n",
      'workers/w.ts': "export const f = new Function('return 1')\n",
    })
    const { code, output } = oxlint(root)
    expect(code).toBe(1)
    expect(output).toContain('components/a.ts:1:18: eval can be harmful.')
    expect(output).toContain('workers/w.ts:1:22: Using `new Function` or `Function` is not allowed.')
  })
})
