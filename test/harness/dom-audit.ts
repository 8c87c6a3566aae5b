/**
 * In-page audit of everything rendered inside shadow roots: `on*` attributes, link targets,
 * elements that can run script or fetch; `linksWithoutRel` counts links that open another origin
 * without `target=_blank rel="noopener noreferrer"`. Runs via `page.evaluate`.
 * @module test/harness/dom-audit
 */
export interface DomAudit { onAttributes: string[]; badHrefs: string[]; forbidden: string[]; linksWithoutRel: number; text: string }

/** Audits the shadow trees under the elements matching `selector`. Self-contained: it is serialized into the page. */
export function auditShadowDom(selector: string): DomAudit {
  const FORBIDDEN = new Set(['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'IMG', 'BASE', 'META', 'SVG', 'MATH', 'FORM', 'VIDEO', 'SOURCE', 'NOSCRIPT', 'TEMPLATE', 'STYLE', 'LINK'])
  const out: DomAudit = { onAttributes: [], badHrefs: [], forbidden: [], linksWithoutRel: 0, text: '' }
  const visit = (root: ShadowRoot) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) visit(el.shadowRoot)
      for (const attr of el.getAttributeNames()) if (attr.toLowerCase().startsWith('on')) out.onAttributes.push(`${el.tagName}[${attr}]`)
      if (FORBIDDEN.has(el.tagName.toUpperCase())) out.forbidden.push(el.tagName)
      const href = el.getAttribute('href') ?? el.getAttribute('src') ?? el.getAttribute('action')
      if (href !== null && !/^(https?:|mailto:)/.test(href)) out.badHrefs.push(`${el.tagName}=${href}`)
      // A link either opens a new context without opener or referrer, or (same origin as the host page) navigates the page itself.
      const newContext = el.getAttribute('rel') === 'noopener noreferrer' && el.getAttribute('target') === '_blank'
      const hostPage = !el.hasAttribute('target') && href !== null && new URL(href, location.href).origin === location.origin
      if (el.tagName === 'A' && !newContext && !hostPage) out.linksWithoutRel++
    }
    out.text += root.textContent ?? ''
  }
  for (const host of document.querySelectorAll(selector)) if (host.shadowRoot) visit(host.shadowRoot)
  return out
}
