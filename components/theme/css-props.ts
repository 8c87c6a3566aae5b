/**
 * `${cssProps({...})}` in an element's tag: sets style properties through the CSSOM on every
 * render. Lit's `styleMap` writes a `style` attribute on its first render, which the README's strict
 * CSP (`style-src 'self'`) reports and blocks; this never does. Plane: main.
 * @module components/theme/css-props
 */
import { noChange, nothing } from 'lit'
import { Directive, PartType, directive, type ElementPart, type PartInfo } from 'lit/directive.js'

class CssProps extends Directive {
  #set = new Set<string>()

  constructor(part: PartInfo) {
    super(part)
    if (part.type !== PartType.ELEMENT) throw new Error('cssProps belongs in an element tag, not an attribute')
  }

  render(_props: Record<string, string>): typeof nothing {
    return nothing
  }

  override update(part: ElementPart, [props]: [Record<string, string>]): typeof noChange {
    const { style } = part.element as HTMLElement
    for (const name of this.#set) if (!(name in props)) style.removeProperty(name)
    for (const [name, value] of Object.entries(props)) style.setProperty(name, value)
    this.#set = new Set(Object.keys(props))
    return noChange
  }
}

export const cssProps = directive(CssProps)
