/**
 * xterm.js writes its theme and cell sizes into `<style>` elements, which a strict CSP
 * (`style-src 'self'`, no `'unsafe-inline'`) blocks. This hands xterm (`documentOverride`) a view
 * of the document whose `createElement('style')` makes an inert stand-in that puts its text into a
 * constructable stylesheet adopted by the terminal's shadow root instead. Plane: main.
 * xterm also makes one `<style>` with the real document while it opens (its `mainDocument` ignores the
 * override): `openWithAdoptedStyles` gives `document.createElement` the same stand-in for just that call.
 * Contract: every other document member is the real document's; no inline style ever reaches the DOM.
 * @module components/dsh-workspace/csp-style-document
 */

/** An element xterm treats as its `<style>`: the text goes to a constructable sheet on `root`. */
class AdoptedStyle extends HTMLElement {
  static root: ShadowRoot | undefined
  readonly #sheet = new CSSStyleSheet()
  readonly #root = AdoptedStyle.root

  override get textContent(): string {
    return [...this.#sheet.cssRules].map((rule) => rule.cssText).join('\n')
  }

  override set textContent(text: string | null) {
    this.#sheet.replaceSync(text ?? '')
  }

  connectedCallback(): void {
    if (this.#root && !this.#root.adoptedStyleSheets.includes(this.#sheet)) this.#root.adoptedStyleSheets = [...this.#root.adoptedStyleSheets, this.#sheet]
  }

  disconnectedCallback(): void {
    if (this.#root) this.#root.adoptedStyleSheets = this.#root.adoptedStyleSheets.filter((sheet) => sheet !== this.#sheet)
  }
}

const TAG = 'dsh-adopted-style'

/** `document.createElement`, with a stand-in for `<style>` whose rules go to `root`. */
function createElementFor(root: ShadowRoot): Document['createElement'] {
  if (!customElements.get(TAG)) customElements.define(TAG, AdoptedStyle)
  const create = Document.prototype.createElement
  return ((tag: string, options?: ElementCreationOptions) => {
    if (tag.toLowerCase() !== 'style') return create.call(document, tag, options)
    AdoptedStyle.root = root
    return create.call(document, TAG)
  }) as Document['createElement']
}

/** Runs `open` (xterm's `terminal.open`) with `document.createElement` making stand-ins for `<style>`; restores it after. */
export function openWithAdoptedStyles(root: ShadowRoot, open: () => void): void {
  Object.defineProperty(document, 'createElement', { value: createElementFor(root), configurable: true, writable: true })
  try {
    open()
  } finally {
    delete (document as { createElement?: unknown }).createElement // the prototype's method shows through again
  }
}

/** The document xterm should use inside `root` (a Proxy: `instanceof Document` holds, methods are bound). */
export function cspStyleDocument(root: ShadowRoot): Document {
  const createElement = createElementFor(root)
  return new Proxy(document, {
    get(target, key) {
      if (key === 'createElement') return createElement
      const value: unknown = Reflect.get(target, key, target)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}
