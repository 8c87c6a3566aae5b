/**
 * Bench-only worker for bench/grounding.bench.ts: times, on the worker clock, (1) the `agent/pre-step`
 * waterfall of first steps with and without 20 workspace skills + 3 instruction files, and (2) the
 * lazy HTML→markdown converter on a 200 KB docs page. Plane: worker; bench only.
 * @module demo/bench-pages/grounding.worker
 */
import * as Comlink from 'comlink'
import { createRuntime } from '../../src/index.ts'

/** 20 skills as `.agents/skills/<name>/SKILL.md` and 3 instruction files (root AGENTS.md, CLAUDE.md, AGENTS.local.md). */
function groundedFiles(): Record<string, string> {
  const files: Record<string, string> = {
    'AGENTS.md': `# Project rules\n${'Use npm. Keep answers short. Cite the docs page.\n'.repeat(20)}`,
    'CLAUDE.md': `# Assistant notes\n${'Prefer running examples over describing them.\n'.repeat(20)}`,
    'AGENTS.local.md': `# Local\n${'Chromium lives at /usr/bin/chromium.\n'.repeat(10)}`,
  }
  for (let i = 0; i < 20; i++) {
    files[`.agents/skills/skill-${i}/SKILL.md`] = `---\nname: skill-${i}\ndescription: Recipe number ${i}: how to do task ${i} with the docs' tools, step by step.\n---\n# Skill ${i}\n${'Do the step.\n'.repeat(30)}`
  }
  return files
}

/** Pre-step waterfall time (ms) of the first step of `sessions` new sessions on one runtime. */
async function firstSteps(grounded: boolean, sessions: number): Promise<number[]> {
  const replies = Array.from({ length: sessions }, () => ({ text: 'ok' }))
  const runtime = await createRuntime({
    llm: { provider: 'scripted', replies },
    workspace: { provider: 'memory', id: `bench-${grounded ? 'grounded' : 'plain'}-${Date.now()}`, ...(grounded ? { files: groundedFiles() } : {}) },
  })
  const times: number[] = []
  runtime.ctx.on('agent/pre-step', async (payload, next) => {
    const started = performance.now()
    const decision = await next()
    if (payload.step === 1) times.push(performance.now() - started)
    return decision
  }, { prepend: true })
  try {
    for (let i = 0; i < sessions; i++) {
      const agent = await runtime.open()
      agent.followup('hello')
      await agent.whenIdle()
    }
  } finally {
    await runtime.dispose()
  }
  return times
}

/** A ~200 KB documentation page: navigation, styles, scripts, and an article of headings, prose, code, lists and tables. */
function docsPage(targetBytes: number): string {
  const nav = `<nav>${Array.from({ length: 60 }, (_, i) => `<a href="/docs/page-${i}.html">Page ${i}</a>`).join(' ')}</nav>`
  const head = `<head><title>Reference</title><style>${'.c{color:red}'.repeat(400)}</style><script>${'var x=1;'.repeat(600)}</script></head>`
  const section = (i: number) => `<section><h2 id="s${i}">Section ${i}</h2><p>This paragraph explains <strong>option ${i}</strong> and links to <a href="../guide/${i}.html">the guide</a>; it uses <code>--flag-${i}</code>.</p>`
    + `<pre><code>npm run task-${i} -- --verbose\necho done</code></pre><ul><li>First point</li><li>Second <em>point</em></li></ul>`
    + `<table><thead><tr><th>Key</th><th>Value</th></tr></thead><tbody><tr><td>a${i}</td><td>1</td></tr><tr><td>b${i}</td><td>2</td></tr></tbody></table></section>`
  const page = (body: string) => `<!doctype html><html>${head}<body>${nav}<main><h1>Reference</h1>${body}</main><footer>© docs</footer></body></html>`
  let body = ''
  for (let i = 0; page(body).length < targetBytes; i++) body += section(i)
  return page(body)
}

const api = {
  firstSteps,
  /** Converter timings (ms): `cold` includes importing the lazy chunk; `warm` are later conversions of the same page. */
  async convert(samples: number): Promise<{ bytes: number; markdownChars: number; cold: number; warm: number[] }> {
    const html = docsPage(200_000)
    const started = performance.now()
    const { htmlToMarkdown } = await import('../../src/tool-web/html-markdown.ts')
    let markdown = htmlToMarkdown(html, 'https://docs.example/ref/')
    const cold = performance.now() - started
    const warm: number[] = []
    for (let i = 0; i < samples; i++) {
      const t = performance.now()
      markdown = htmlToMarkdown(html, 'https://docs.example/ref/')
      warm.push(performance.now() - t)
    }
    return { bytes: new TextEncoder().encode(html).length, markdownChars: markdown.length, cold, warm }
  },
}
export type GroundingBenchApi = typeof api
Comlink.expose(api)
