/**
 * Safe custom-element registration: a tag already defined (the embed loaded twice) is left
 * alone. Plane: main.
 * @module components/define
 */
export function defineOnce(tag: string, element: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, element)
}
