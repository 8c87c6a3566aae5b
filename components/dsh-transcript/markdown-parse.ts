/**
 * A safe markdown AST for untrusted model and tool text, from marked's CommonMark + GFM lexer
 * (tables, task lists, strikethrough, autolinks): only its tokens are used — marked never renders
 * HTML here. The page renders the AST to Lit templates. Plane: main (pure; no DOM); lazy-loaded
 * with markdown-render.ts. Contract: HTML stays text; every link/image URL is an allowed absolute
 * URL (relative ones resolve against the host page's URL when one is given) or `null` (text).
 * @module components/dsh-transcript/markdown-parse
 */
import { Lexer, type Token, type Tokens } from 'marked'

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong' | 'em' | 'del'; children: Inline[] }
  | { type: 'link'; href: string | null; children: Inline[] }
  | { type: 'image'; src: string | null; alt: string }
  | { type: 'break' }

export type Align = 'left' | 'center' | 'right' | null

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; level: number; children: Inline[] }
  | { type: 'code'; lang: string; text: string }
  | { type: 'list'; ordered: boolean; start: number; items: Block[][]; tasks?: (boolean | null)[] }
  | { type: 'quote'; children: Block[] }
  | { type: 'table'; align: Align[]; header: Inline[][]; rows: Inline[][][] }
  | { type: 'hr' }

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])
const IMAGE_PROTOCOLS = new Set(['http:', 'https:'])

/**
 * @param base the host page's URL: relative URLs resolve against it (without it they are refused)
 * @returns the normalized absolute URL when its protocol is allowed, else null.
 */
export function safeUrl(raw: string, kind: 'link' | 'image' = 'link', base?: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null
  let url: URL
  try {
    url = new URL(raw.trim(), base)
  } catch {
    return null // malformed, or relative with no page to resolve it against
  }
  return (kind === 'link' ? LINK_PROTOCOLS : IMAGE_PROTOCOLS).has(url.protocol) ? url.href : null
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** The few character references text may carry (marked leaves them for an HTML renderer). */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([\da-f]{1,6})|([a-z]+));/gi, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) return ENTITIES[name.toLowerCase()] ?? whole
    const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

const OPTIONS = { gfm: true, breaks: false }

class Mapper {
  constructor(private readonly base: string | undefined) {}

  inline(tokens: readonly Token[] | undefined): Inline[] {
    const out: Inline[] = []
    const text = (value: string) => {
      const last = out.at(-1)
      if (last?.type === 'text') last.text += value
      else out.push({ type: 'text', text: value })
    }
    for (const token of tokens ?? []) {
      switch (token.type) {
        case 'text': if ((token as Tokens.Text).tokens?.length) out.push(...this.inline((token as Tokens.Text).tokens)); else text(decodeEntities(token.text as string)); break
        case 'escape': text(token.text as string); break
        case 'html': text(token.text as string); break // raw HTML stays text
        case 'codespan': out.push({ type: 'code', text: decodeEntities(token.text as string) }); break
        case 'strong': case 'em': case 'del': out.push({ type: token.type, children: this.inline((token as Tokens.Strong).tokens) }); break
        case 'br': out.push({ type: 'break' }); break
        case 'link': out.push({ type: 'link', href: safeUrl((token as Tokens.Link).href, 'link', this.base), children: this.inline((token as Tokens.Link).tokens) }); break
        case 'image': out.push({ type: 'image', src: safeUrl((token as Tokens.Image).href, 'image', this.base), alt: (token as Tokens.Image).text }); break
        case 'checkbox': break // the list item carries it
        default: if (typeof token.raw === 'string') text(token.raw)
      }
    }
    // Merge text runs split by nested text tokens.
    return out.reduce<Inline[]>((merged, node) => {
      const last = merged.at(-1)
      if (node.type === 'text' && last?.type === 'text') last.text += node.text
      else merged.push(node)
      return merged
    }, [])
  }

  blocks(tokens: readonly Token[]): Block[] {
    const out: Block[] = []
    for (const token of tokens) {
      switch (token.type) {
        case 'paragraph': out.push({ type: 'paragraph', children: this.inline((token as Tokens.Paragraph).tokens) }); break
        case 'text': out.push({ type: 'paragraph', children: this.inline((token as Tokens.Text).tokens ?? [{ type: 'text', raw: token.raw, text: token.text as string }]) }); break
        case 'heading': out.push({ type: 'heading', level: (token as Tokens.Heading).depth, children: this.inline((token as Tokens.Heading).tokens) }); break
        case 'code': out.push({ type: 'code', lang: ((token as Tokens.Code).lang ?? '').split(/\s/)[0] ?? '', text: (token as Tokens.Code).text }); break
        case 'blockquote': out.push({ type: 'quote', children: this.blocks((token as Tokens.Blockquote).tokens) }); break
        case 'hr': out.push({ type: 'hr' }); break
        case 'html': out.push({ type: 'paragraph', children: [{ type: 'text', text: (token.text as string).trimEnd() }] }); break
        case 'list': out.push(this.list(token as Tokens.List)); break
        case 'table': {
          const table = token as Tokens.Table
          out.push({ type: 'table', align: table.align, header: table.header.map((cell) => this.inline(cell.tokens)), rows: table.rows.map((row) => row.map((cell) => this.inline(cell.tokens))) })
          break
        }
        default: break // space, def
      }
    }
    return out
  }

  private list(list: Tokens.List): Block {
    const tasks = list.items.map((item) => (item.task ? item.checked === true : null))
    return {
      type: 'list', ordered: list.ordered, start: typeof list.start === 'number' ? list.start : 1,
      items: list.items.map((item) => this.blocks(item.tokens)),
      ...(tasks.some((task) => task !== null) ? { tasks } : {}),
    }
  }
}

/** @param base the host page's URL (relative links resolve against it) */
export function parseMarkdown(source: string, base?: string): Block[] {
  return new Mapper(base).blocks(new Lexer(OPTIONS).lex(source.replace(/\r\n?/g, '\n')))
}

/** Inline spans only (code, images, links, autolinks, strong/em/del, hard breaks). */
export function parseInline(text: string, base?: string): Inline[] {
  return new Mapper(base).inline(Lexer.lexInline(text, OPTIONS))
}
