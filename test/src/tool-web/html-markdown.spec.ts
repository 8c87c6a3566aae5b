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
  expect(htmlToMarkdown('<html><head><title>T</title></head><body><p>Hi <a href="javascript:alert(1)">there</a></p></body></html>', base)).toBe('# T\n\nHi [there]')
})

it('never throws on unclosed, deeply nested or empty input', () => {
  expect(htmlToMarkdown('', base)).toBe('')
  expect(htmlToMarkdown('<div>'.repeat(20_000) + 'deep', base)).toBe('deep')
  expect(htmlToMarkdown('<p>open <b>bold <i>both', base)).toBe('open **bold *both***') // closed at the end, as the parser closes them
})
