// The markdown parser (marked's CommonMark + GFM lexer, mapped to our AST) keeps HTML as text, lets only
// http(s)/mailto URLs through (relative ones resolved against the host page when given), and reads
// GFM tables, task lists, strikethrough and autolinks.
import { describe, expect, it } from 'vitest'
import { parseInline, parseMarkdown, safeUrl } from '../../../components/dsh-transcript/markdown-parse.ts'

describe('safeUrl', () => {
  it.each([
    ['https://other-site.test/a?b=1', 'https://other-site.test/a?b=1'],
    ['mailto:a@b.c', 'mailto:a@b.c'],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    [' javascript:alert(1)', null],
    ['java\tscript:alert(1)', null],
    ['vbscript:msgbox', null],
    ['data:text/html,<script>', null],
    ['/relative', null],
    ['#anchor', null],
  ])('%s → %s', (raw, expected) => {
    expect(safeUrl(raw)).toBe(expected)
  })

  it('resolves relative URLs against the host page when one is given; the scheme allow-list still holds', () => {
    expect(safeUrl('guide/counting-words.html', 'link', 'https://docs.test/docs/index.html')).toBe('https://docs.test/docs/guide/counting-words.html')
    expect(safeUrl('/llms.txt', 'link', 'https://docs.test/docs/')).toBe('https://docs.test/llms.txt')
    expect(safeUrl('#install', 'link', 'https://docs.test/docs/')).toBe('https://docs.test/docs/#install')
    expect(safeUrl('javascript:alert(1)', 'link', 'https://docs.test/')).toBeNull()
  })

  it('allows mailto links but not mailto images', () => {
    expect(safeUrl('mailto:a@b.c', 'image')).toBeNull()
  })
})

describe('parseMarkdown', () => {
  it('parses headings, paragraphs, code fences, lists and quotes', () => {
    const blocks = parseMarkdown('# Title\n\nsome **bold** and `code`\n\n```ts\nconst a = 1\n```\n- one\n- two\n\n> quoted\n\n---')
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'code', 'list', 'quote', 'hr'])
    expect(blocks[2]).toEqual({ type: 'code', lang: 'ts', text: 'const a = 1' })
    expect(blocks[3]).toMatchObject({ type: 'list', ordered: false, items: [[{ type: 'paragraph' }], [{ type: 'paragraph' }]] })
  })

  it('keeps raw HTML as text', () => {
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([{ type: 'text', text: '<img src=x onerror=alert(1)>' }])
  })

  it('nulls disallowed link and image targets', () => {
    expect(parseInline('[x](javascript:alert(1))')[0]).toMatchObject({ type: 'link', href: null })
    expect(parseInline('![x](https://a.test/p.png)')[0]).toEqual({ type: 'image', alt: 'x', src: 'https://a.test/p.png' })
    expect(parseInline('![x](data:image/png;base64,AAA)')[0]).toEqual({ type: 'image', alt: 'x', src: null })
  })

  it('parses emphasis, strike, autolinks and escapes', () => {
    expect(parseInline('*a* ~~b~~ <https://x.test> \\*c\\*')).toEqual([
      { type: 'em', children: [{ type: 'text', text: 'a' }] }, { type: 'text', text: ' ' },
      { type: 'del', children: [{ type: 'text', text: 'b' }] }, { type: 'text', text: ' ' },
      { type: 'link', href: 'https://x.test/', children: [{ type: 'text', text: 'https://x.test' }] },
      { type: 'text', text: ' *c*' },
    ])
  })

  it('breaks a line only after two spaces or a backslash, and keeps snake_case words whole', () => {
    expect(parseInline('a  \nb\\\nc \nd')).toEqual([
      { type: 'text', text: 'a' }, { type: 'break' }, { type: 'text', text: 'b' }, { type: 'break' }, { type: 'text', text: 'c \nd' },
    ])
    expect(parseInline('snake_case_name and _em_')).toEqual([{ type: 'text', text: 'snake_case_name and ' }, { type: 'em', children: [{ type: 'text', text: 'em' }] }])
  })

  it('keeps an unterminated fence open to the end (streaming)', () => {
    expect(parseMarkdown('```\nhalf')).toEqual([{ type: 'code', lang: '', text: 'half' }])
  })

  it('reads GFM tables with their alignment, task lists, strikethrough and bare-URL autolinks', () => {
    const [table, list, paragraph] = parseMarkdown('| Flag | Meaning |\n|:--|--:|\n| `-g` | [global](/docs/g.html) \\| all |\n\n- [x] done\n- [ ] open\n- plain\n\n~~old~~ see https://x.test/a', 'https://docs.test/docs/')
    expect(table).toEqual({
      type: 'table', align: ['left', 'right'],
      header: [[{ type: 'text', text: 'Flag' }], [{ type: 'text', text: 'Meaning' }]],
      rows: [[[{ type: 'code', text: '-g' }], [{ type: 'link', href: 'https://docs.test/docs/g.html', children: [{ type: 'text', text: 'global' }] }, { type: 'text', text: ' | all' }]]],
    })
    expect(list).toMatchObject({ type: 'list', tasks: [true, false, null], items: [[{ type: 'paragraph', children: [{ type: 'text', text: 'done' }] }], [{ type: 'paragraph' }], [{ type: 'paragraph' }]] })
    expect(paragraph).toEqual({ type: 'paragraph', children: [
      { type: 'del', children: [{ type: 'text', text: 'old' }] }, { type: 'text', text: ' see ' },
      { type: 'link', href: 'https://x.test/a', children: [{ type: 'text', text: 'https://x.test/a' }] },
    ] })
  })

  it('a relative link without a host page stays refused (null), and character references decode as text', () => {
    expect(parseInline('[guide](guide.html) &amp; &lt;b&gt;')).toEqual([{ type: 'link', href: null, children: [{ type: 'text', text: 'guide' }] }, { type: 'text', text: ' & <b>' }])
  })
})
