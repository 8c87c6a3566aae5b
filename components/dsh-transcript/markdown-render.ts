/**
 * Renders the markdown AST of untrusted text to Lit templates (lazy chunk): GFM tables in a block
 * that scrolls on its own, task lists as disabled checkboxes. Plane: main.
 * Contract: no string is ever parsed as HTML; links carry only allowed URLs (relative ones resolved
 * against the host page): one to the host's own origin navigates the host page, any other opens a
 * new context with `noopener noreferrer`; images stay placeholders until a trusted click.
 * @module components/dsh-transcript/markdown-render
 */
import { html, nothing, type TemplateResult } from 'lit'
import { parseMarkdown, type Align, type Block, type Inline } from './markdown-parse.ts'
import type { Strings } from '../i18n/strings.ts'

export interface MarkdownContext {
  strings: Strings
  revealed: ReadonlySet<string>
  reveal(event: Event, src: string): void
  copy(event: Event, text: string): void
}

type Part = TemplateResult | string | typeof nothing

function inline(nodes: readonly Inline[], ctx: MarkdownContext): Part[] {
  return nodes.map((node) => inlineNode(node, ctx))
}

function inlineNode(node: Inline, ctx: MarkdownContext): Part {
  switch (node.type) {
    case 'text': return node.text
    case 'code': return html`<code part="inline-code">${node.text}</code>`
    case 'strong': return html`<strong>${inline(node.children, ctx)}</strong>`
    case 'em': return html`<em>${inline(node.children, ctx)}</em>`
    case 'del': return html`<del>${inline(node.children, ctx)}</del>`
    case 'break': return html`<br />`
    case 'link':
      if (node.href === null) return html`<span part="blocked-link" title=${ctx.strings.linkBlocked}>${inline(node.children, ctx)}</span>`
      return sameOrigin(node.href)
        ? html`<a part="link" href=${node.href}>${inline(node.children, ctx)}</a>`
        : html`<a part="link" href=${node.href} target="_blank" rel="noopener noreferrer">${inline(node.children, ctx)}</a>`
    case 'image': return image(node.src, node.alt, ctx)
  }
}

/** The host page's URL: relative links resolve against it. */
const hostPage = (): string | undefined => globalThis.location?.href

function sameOrigin(href: string): boolean {
  const page = hostPage()
  return page !== undefined && new URL(href).origin === new URL(page).origin
}

const alignClass = (align: Align | undefined) => (align === 'center' || align === 'right' ? align : '')

function table(node: Extract<Block, { type: 'table' }>, ctx: MarkdownContext): Part {
  return html`<div part="table-scroll" class="table-scroll" tabindex="0" role="region" aria-label=${ctx.strings.table}><table part="table">
    <thead><tr>${node.header.map((cell, i) => html`<th scope="col" class=${alignClass(node.align[i])}>${inline(cell, ctx)}</th>`)}</tr></thead>
    <tbody>${node.rows.map((row) => html`<tr>${row.map((cell, i) => html`<td class=${alignClass(node.align[i])}>${inline(cell, ctx)}</td>`)}</tr>`)}</tbody>
  </table></div>`
}

function listItems(node: Extract<Block, { type: 'list' }>, ctx: MarkdownContext): Part[] {
  return node.items.map((item, i) => {
    const task = node.tasks?.[i] ?? null
    return task === null
      ? html`<li>${item.map((b) => block(b, ctx))}</li>`
      : html`<li class="task"><input type="checkbox" part="task-checkbox" disabled .checked=${task} aria-label=${task ? ctx.strings.taskDone : ctx.strings.taskOpen} />${item.map((b) => block(b, ctx))}</li>`
  })
}

function image(src: string | null, alt: string, ctx: MarkdownContext): Part {
  if (src === null) return html`<span part="blocked-image">[${alt}]</span>`
  if (ctx.revealed.has(src)) return html`<img part="image" src=${src} alt=${alt} referrerpolicy="no-referrer" loading="lazy" />`
  return html`<button type="button" part="image-placeholder" title=${src} @click=${(e: Event) => ctx.reveal(e, src)}>${ctx.strings.imageBlocked}: ${alt}</button>`
}

function block(node: Block, ctx: MarkdownContext): Part {
  switch (node.type) {
    case 'paragraph': return html`<p>${inline(node.children, ctx)}</p>`
    case 'heading': return html`<p part="heading" role="heading" aria-level=${node.level} class=${`h${node.level}`}>${inline(node.children, ctx)}</p>`
    case 'hr': return html`<hr />`
    case 'quote': return html`<blockquote part="quote">${node.children.map((b) => block(b, ctx))}</blockquote>`
    case 'list': {
      const items = listItems(node, ctx)
      return node.ordered ? html`<ol start=${node.start}>${items}</ol>` : html`<ul>${items}</ul>`
    }
    case 'table': return table(node, ctx)
    case 'code':
      return html`<div part="code-block" class="code-block">
        <button type="button" part="copy-button" class="copy" aria-label=${ctx.strings.copy} @click=${(e: Event) => ctx.copy(e, node.text)}>${ctx.strings.copy}</button>
        <pre><code part="code" data-lang=${node.lang}>${node.text}</code></pre>
      </div>`
  }
}

export function renderMarkdown(text: string, ctx: MarkdownContext): TemplateResult {
  return html`${parseMarkdown(text, hostPage()).map((b) => block(b, ctx))}`
}
