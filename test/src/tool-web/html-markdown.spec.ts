// The streaming HTML→markdown converter: main content only, chrome and scripts dropped, absolute links,
// headings, fenced code, nested lists, quotes, GFM tables and emphasis; odd markup never throws.
import { expect, it } from 'vitest'
import { htmlToMarkdown } from '../../../src/tool-web/html-markdown.ts'

const base = 'https://docs.example/guide/page.html'

it('converts the main content of a docs page to markdown', () => {
  const html = `<html><head><title>Guide</title><style>p{}</style><script>alert(1)</script></head><body>
    <nav><a href="/">Home</a></nav>
    <main><h1>Install &amp; run</h1>
      <p>Run <code>npm i x</code>, then <strong>read</strong> <a href="config.html">the <em>config</em> page</a>.</p>
      <pre><code>npm i x
npm start</code></pre>
      <ul><li>one<ul><li>nested</li></ul></li><li>two</li></ul>
      <ol><li>first</li><li>second</li></ol>
      <blockquote><p>Quoted line</p></blockquote>
      <table><thead><tr><th>Flag</th><th>Meaning</th></tr></thead><tbody><tr><td>-g</td><td>a | b</td></tr></tbody></table>
      <p><del>old</del> <img src="/logo.png" alt="Logo"></p>
    </main><footer>© 2026</footer></body></html>`
  expect(htmlToMarkdown(html, base)).toBe([
    '# Install & run',
    '',
    'Run `npm i x`, then **read** [the *config* page](https://docs.example/guide/config.html).',
    '',
    '```',
    'npm i x',
    'npm start',
    '```',
    '',
    '- one',
    '  - nested',
    '- two',
    '',
    '1. first',
    '2. second',
    '',
    '> Quoted line',
    '',
    '| Flag | Meaning |',
    '| --- | --- |',
    '| -g | a \\| b |',
    '',
    '~~old~~ ![Logo](https://docs.example/logo.png)',
  ].join('\n'))
})

it('uses the whole body when there is no main content, with the title as heading; drops javascript: links', () => {
  expect(htmlToMarkdown('<html><head><title>T</title></head><body><p>Hi <a href="javascript:alert(1)">there</a></p></body></html>', base)).toBe('# T\n\nHi there') // the text of a link with an unusable href stays, without brackets
})

it('never throws on unclosed, deeply nested or empty input', () => {
  expect(htmlToMarkdown('', base)).toBe('')
  expect(htmlToMarkdown('<div>'.repeat(20_000) + 'deep', base)).toBe('deep')
  expect(htmlToMarkdown('<p>open <b>bold <i>both', base)).toBe('open **bold *both***') // closed at the end, as the parser closes them
})

it('a long page converts the same past its working tail: trims, tables and quotes after many KB of output', () => {
  const prose = Array.from({ length: 300 }, (_, i) => `<p>Paragraph ${i} with <em>some</em> text.   </p>`).join('')
  const html = `<main>${prose}<table><tr><th>Key</th><th>Value</th></tr><tr><td>a</td><td>1 | 2</td></tr></table><blockquote><p>Quoted ${'x '.repeat(200)}</p></blockquote><ul><li>last</li></ul></main>`
  const markdown = htmlToMarkdown(html, 'https://docs.example/')
  expect(markdown.split('\n\n')).toHaveLength(300 + 3)
  expect(markdown).toContain('Paragraph 299 with *some* text.\n\n| Key | Value |\n| --- | --- |\n| a | 1 \\| 2 |\n\n> Quoted x x')
  expect(markdown.endsWith(`x\n\n- last`)).toBe(true)
  expect(markdown).not.toMatch(/[ \t]\n|\n{3}/)
})
