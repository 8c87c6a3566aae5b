/**
 * The nearest scrollable ancestor of an element, across shadow roots (the transcript scrolls in
 * its host's body, not in itself). Plane: main. Contract: never the page's own scrolling element.
 * @module components/dsh-transcript/scroll-parent
 */
export function scrollParent(from: Element): HTMLElement | undefined {
  const top = document.scrollingElement
  let node: Element | null = from
  while (node) {
    node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host ?? null)
    if (!node || node === top || node === document.body) return undefined
    const overflow = getComputedStyle(node).overflowY
    if (overflow === 'auto' || overflow === 'scroll') return node as HTMLElement
  }
  return undefined
}
