/**
 * In-page geometry audit of a `<dsh-agent>`: the widget box, everything rendered inside it
 * (across shadow roots) and the controls a reader must reach. Runs via `page.evaluate`; the
 * spec asserts on the returned numbers. Self-contained: it is serialized into the page.
 * @module test/harness/widget-geometry
 */
export interface Box { left: number; top: number; right: number; bottom: number; width: number; height: number }
export interface WidgetGeometry {
  viewport: { width: number; height: number }
  /** The widget's own box (`part="base"`). */
  widget: Box
  /** Visible elements whose box leaves the widget's sides (outside any block that scrolls sideways). */
  outside: string[]
  /** Scroll containers that scroll sideways although they are not code/terminal blocks. */
  sidewaysScrollers: string[]
  /** Named controls (by part) with their boxes, when rendered and visible. */
  controls: Record<string, Box>
  /** The open panel's box, if any. */
  panel: Box | undefined
  /** Page-level horizontal overflow (document wider than the viewport). */
  pageOverflowX: number
  /** Buttons whose label is wider than the button (the text spills over its border or is cut). */
  clippedButtons: string[]
}

/** @param parts control parts to report, e.g. `['input', 'send-button']`. */
export function measureWidget(parts: string[]): WidgetGeometry {
  const host = document.querySelector('dsh-agent')!
  const root = host.shadowRoot!
  const box = (el: Element): Box => {
    const r = el.getBoundingClientRect()
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height }
  }
  const widgetEl = root.querySelector('[part~="base"]')!
  const widget = box(widgetEl)
  const name = (el: Element): string => `${el.tagName.toLowerCase()}${el.getAttribute('part') ? `[part=${el.getAttribute('part')}]` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ').join('.')}` : ''}`
  const out: WidgetGeometry = {
    viewport: { width: innerWidth, height: innerHeight }, widget, outside: [], sidewaysScrollers: [], controls: {}, panel: undefined, clippedButtons: [],
    pageOverflowX: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  }
  const codeLike = (el: Element): boolean => el.tagName === 'PRE' || el.closest('pre, [part~="terminal"], [part~="diff"]') !== null
  const visit = (scope: ShadowRoot | Element, clippedSideways: boolean): void => {
    for (const el of scope.children) {
      if (!el.checkVisibility()) continue
      const style = getComputedStyle(el)
      const r = box(el)
      if (!clippedSideways && r.width > 0 && (r.left < widget.left - 1 || r.right > widget.right + 1)) out.outside.push(name(el))
      const scrollsSideways = (style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1
      if (scrollsSideways && !codeLike(el)) out.sidewaysScrollers.push(name(el))
      if (el.tagName === 'BUTTON' && el.scrollWidth > el.clientWidth + 1) out.clippedButtons.push(`${name(el)} "${el.textContent?.trim() ?? ''}"`)
      const clips = clippedSideways || style.overflowX !== 'visible'
      const part = el.getAttribute('part')
      for (const p of parts) if (part?.split(' ').includes(p) && !(p in out.controls)) out.controls[p] = r
      if (part?.split(' ').includes('panel')) out.panel = r
      if (el.shadowRoot) visit(el.shadowRoot, clips)
      visit(el, clips)
    }
  }
  visit(widgetEl, false)
  return out
}
