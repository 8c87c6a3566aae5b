// The converter on real documentation pages (small cuts of Debian's python3.11-doc and nodejs-doc,
// test/fixtures/docs-pages/README.md): Node's content block found without <main>, sidebars, TOCs and
// footers dropped, fence languages kept, <li><p> items, escaped link brackets, no permalinks or
// id-only anchors, layout tables as lists and data tables as GFM, and the sections a #fragment selects.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { convertPage } from '../../../src/tool-web/html-markdown.ts'

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/docs-pages/${name}`, import.meta.url), 'utf8')
const node = convertPage(fixture('node-fs.html'), 'https://nodejs.example/api/fs.html')
const python = convertPage(fixture('python-os.html'), 'https://docs.python.example/3.11/library/os.html')
const sectionText = (page: typeof node, id: string) => {
  const range = page.section(id)
  expect(range, `#${id} selects a section`).toBeDefined()
  return page.markdown.slice(range!.start, range!.end).trim()
}
/** The info strings of the opening fences, in order. */
const fenceLanguages = (markdown: string) => [...markdown.matchAll(/^```(.*)$/gm)].map((m) => m[1]!).filter((_, i) => i % 2 === 0)

describe("Node's API docs (no <main>)", () => {
  it('start with the article, not the 70-link sidebar, the header or the table of contents', () => {
    expect(node.markdown.startsWith('# File system | Node.js v18.20.4 Documentation\n\n## File system\n\n> Stability: 2 - Stable\n\nThe `node:fs` module enables')).toBe(true)
    for (const chrome of ['Assertion testing', 'About this documentation', 'Table of contents', 'Node.js v18.20.4 documentation', 'Toggle dark mode']) expect(node.markdown).not.toContain(chrome)
  })

  it('keep every code fence\'s language (class="language-mjs" / "language-cjs")', () => {
    const languages = fenceLanguages(node.markdown)
    expect(languages.length).toBeGreaterThanOrEqual(8)
    expect(new Set(languages)).toEqual(new Set(['mjs', 'cjs']))
    expect(node.markdown).toContain("```mjs\nimport * as fs from 'node:fs/promises';\n```")
  })

  it('leave nothing of the heading permalinks (# marks) and the empty legacy anchors', () => {
    expect(node.markdown).not.toMatch(/\[#\]|\[\]|\]\(https:\/\/nodejs\.example\/api\/fs\.html#(?:file-system|promise-example)\)/)
    expect(node.markdown).toContain('### Promise example\n\nPromise-based operations')
  })

  it('list their headings with the fragments the page links to, and a fragment selects its section', () => {
    expect(node.headings.slice(0, 4).map(({ level, text, fragment }) => ({ level, text, fragment }))).toEqual([
      { level: 2, text: 'File system', fragment: 'file-system' },
      { level: 3, text: 'Promise example', fragment: 'promise-example' },
      { level: 3, text: 'Callback example', fragment: 'callback-example' },
      { level: 3, text: 'Synchronous example', fragment: 'synchronous-example' },
    ])
    const promise = sectionText(node, 'promise-example')
    expect(promise.startsWith('### Promise example')).toBe(true)
    expect(promise).toContain("console.error('there was an error:', error.message);")
    expect(promise).not.toContain('Callback example')
    expect(sectionText(node, 'fs_promise_example')).toBe(promise) // the legacy anchor names the same heading
    expect(sectionText(node, 'file-system')).toBe(node.markdown.slice(node.markdown.indexOf('## File system')).trim()) // h2: up to the next h2 or the end
  })
})

describe("Python's Sphinx docs", () => {
  it('drop the sidebar, the related navigation and the footer; the role=main body is the page', () => {
    expect(python.markdown.startsWith('# [`os`](https://docs.python.example/3.11/library/os.html#module-os) — Miscellaneous operating system interfaces\n\n**Source code:**')).toBe(true)
    for (const chrome of ['Please donate', 'Python Software Foundation', 'modules |', 'Theme', 'Navigation']) expect(python.markdown).not.toContain(chrome)
  })

  it('leave no ¶ permalinks, no empty bullets for <li><p> items, and python fences from div.highlight-python3', () => {
    expect(python.markdown).not.toContain('¶')
    expect(python.markdown).not.toMatch(/^\s*[-*]\s*$/m)
    expect(python.markdown).toContain('Notes on the availability of these functions:\n\n- The design of all built-in operating system dependent modules')
    expect(python.markdown).toContain('- **specifying a file descriptor:** Normally the *path* argument')
    // a second paragraph of an item stays inside it (indented), not a new empty bullet
    expect(python.markdown).toMatch(/^- \*\*specifying a file descriptor:\*\* [^\n]+\n\n  You can check whether or not \*path\* can be specified/m)
    const languages = fenceLanguages(python.markdown)
    expect(languages.length).toBeGreaterThanOrEqual(3)
    expect(new Set(languages)).toEqual(new Set(['python']))
  })

  it('#os.walk selects the whole definition (the dt with that id and its dd), not the next one', () => {
    const walk = sectionText(python, 'os.walk')
    expect(walk.startsWith('os.walk(*top*, *topdown=True*, *onerror=None*, *followlinks=False*)\n\nGenerate the file names in a directory tree')).toBe(true)
    expect(walk).toContain('```python\nimport os\nfrom os.path import join, getsize')
    expect(walk).not.toContain('os.fwalk(')
    expect(sectionText(python, 'os.fwalk').startsWith('os.fwalk(')).toBe(true)
  })

  it('a section id and the span before its heading select the heading and what belongs to it', () => {
    const files = sectionText(python, 'files-and-directories')
    expect(files.startsWith('## Files and Directories\n\nOn some Unix platforms')).toBe(true)
    expect(files).toContain('os.walk(')
    expect(sectionText(python, 'os-file-dir')).toBe(files)
    expect(python.headings.map((h) => [h.level, h.text, h.fragment])).toContainEqual([2, 'Files and Directories', 'files-and-directories'])
  })

  it('the genindex layout table becomes lists with escaped link brackets, a data table stays a GFM table', () => {
    const index = convertPage(fixture('python-genindex-A.html'), 'https://docs.python.example/3.11/genindex-A.html').markdown
    expect(index.startsWith('# Index – A\n\n- [A (in module re)](https://docs.python.example/3.11/library/re.html#re.A)\n- [A-LAW](')).toBe(true)
    expect(index).toContain(', [\\[1\\]](https://docs.python.example/3.11/library/sndhdr.html#index-0)')
    expect(index).toContain('- abc\n  - [module](https://docs.python.example/3.11/library/abc.html#module-abc)')
    expect(index).not.toContain('|')
    const future = convertPage(fixture('python-future.html'), 'https://docs.python.example/3.11/library/__future__.html').markdown
    expect(future).toContain('| feature | optional in | mandatory in | effect |\n| --- | --- | --- | --- |\n| nested_scopes | 2.1.0b1 | 2.2 | [**PEP 227**](https://peps.python.org/pep-0227/): *Statically Nested Scopes* |')
    expect(future.match(/^\| /gm)).toHaveLength(1 + 1 + 9) // header, separator, nine features
  })
})
