/**
 * Vite plugin minifying the CSS of Lit `css` templates in `*.styles.ts` at build time: comments
 * dropped, whitespace runs collapsed, spaces around `{ } ; ,` and before `!` removed — never inside
 * a quoted string, and never around `:` (in a selector, `a :b` is a descendant combinator). The
 * templates are shipped as they are written otherwise (Lit does not minify them). `${…}` parts are
 * kept as written. Used by every build config; off in the dev server (readable styles there).
 * @module scripts/vite-minify-css
 */
import MagicString from 'magic-string'
import type { Plugin } from 'vite'

/** A `css` tagged template (no nested template literal: the styles files hold none). */
const CSS_TEMPLATE = /\bcss`((?:[^`\\]|\\.)*)`/g
/** An interpolation inside a template, kept untouched. */
const INTERPOLATION = /(\$\{[^}]*\})/

/** The minified form of CSS text with no interpolation in it. */
export function minifyCss(text: string): string {
  let out = ''
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === '"' || c === "'") {
      const end = closingQuote(text, i)
      out += text.slice(i, end)
      i = end
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2)
      if (end < 0) throw new Error('an unterminated CSS comment')
      i = end + 2
      out = squeezeBefore(out, ' ')
    } else if (/\s/.test(c)) {
      while (i < text.length && /\s/.test(text[i]!)) i++
      out = squeezeBefore(out, ' ')
    } else if ('{};,!'.includes(c)) {
      out = out.endsWith(' ') ? out.slice(0, -1) : out
      out += c
      i++
      if (c !== '!') while (i < text.length && /\s/.test(text[i]!)) i++
    } else {
      out += c
      i++
    }
  }
  return out
}

/** One space stands for whitespace (and comments), unless the text already ends with a separator. */
function squeezeBefore(out: string, space: string): string {
  return out === '' || /[\s{};,]$/.test(out) ? out : out + space
}

function closingQuote(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++
    else if (text[i] === text[start]) return i + 1
  }
  throw new Error('an unterminated CSS string')
}

/** A static part of a template: whitespace next to an interpolation stays one space (it may separate tokens). */
function minifyPart(part: string, afterInterpolation: boolean, beforeInterpolation: boolean, id: string): string {
  let text: string
  try {
    text = minifyCss(part).trim()
  } catch (error) {
    throw new Error(`${id}: ${(error as Error).message} in a css template`)
  }
  const lead = afterInterpolation && /^\s/.test(part) ? ' ' : ''
  const trail = beforeInterpolation && /\s$/.test(part) && text !== '' ? ' ' : ''
  return lead + text + trail || (afterInterpolation || beforeInterpolation ? ' ' : '')
}

export const minifyCssTemplates: Plugin = {
  name: 'dsh-minify-css-templates',
  apply: 'build',
  enforce: 'pre',
  transform(code, id) {
    if (!id.endsWith('.styles.ts')) return undefined
    const s = new MagicString(code)
    for (const match of code.matchAll(CSS_TEMPLATE)) {
      const bodyStart = match.index + 'css`'.length
      const parts = match[1]!.split(INTERPOLATION)
      let offset = bodyStart
      parts.forEach((part, index) => {
        if (index % 2 === 0 && part !== '') {
          const minified = minifyPart(part, index > 0, index < parts.length - 1, id)
          if (minified === '') s.remove(offset, offset + part.length)
          else s.overwrite(offset, offset + part.length, minified)
        }
        offset += part.length
      })
    }
    return { code: s.toString(), map: s.generateMap({ hires: true, source: id }) }
  },
}
