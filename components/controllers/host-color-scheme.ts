/**
 * `theme="auto"`: follows the host page's color scheme. The page's own `color-scheme` (the
 * computed value around the element, else `<meta name="color-scheme">`) decides when it names a
 * single scheme; `prefers-color-scheme` decides only when the page sets none or allows both.
 * Plane: main. Contract: the result is the host's custom state `dark` (`:host(:state(dark))`),
 * re-read when `theme`, the page's root attributes, its color-scheme meta or the OS preference change.
 * @module components/controllers/host-color-scheme
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'

type Scheme = 'light' | 'dark'

/** The single scheme a `color-scheme` value commits to, or undefined (`normal`, `light dark`, none). */
function singleScheme(value: string | null | undefined): Scheme | undefined {
  const words = (value ?? '').split(/\s+/).filter((w) => w === 'light' || w === 'dark')
  return words.length === 1 ? (words[0] as Scheme) : undefined
}

/** What `theme="auto"` resolves to for an element placed under `context`. */
export function hostColorScheme(context: Element): Scheme {
  const declared = singleScheme(getComputedStyle(context).colorScheme)
    ?? singleScheme(document.querySelector('meta[name="color-scheme"]')?.getAttribute('content'))
  return declared ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')
}

export class HostColorSchemeController implements ReactiveController {
  readonly #media = matchMedia('(prefers-color-scheme: dark)')
  readonly #observer = new MutationObserver(() => this.apply())

  constructor(private readonly host: ReactiveControllerHost & HTMLElement & { theme: string }, private readonly states: CustomStateSet) {
    host.addController(this)
  }

  hostConnected(): void {
    this.#media.addEventListener('change', this.apply)
    const watch = { attributes: true, attributeFilter: ['style', 'class', 'data-theme', 'content'] }
    this.#observer.observe(document.documentElement, watch)
    if (document.body) this.#observer.observe(document.body, watch)
    if (document.head) this.#observer.observe(document.head, { ...watch, childList: true, subtree: true })
    this.apply()
  }

  hostDisconnected(): void {
    this.#media.removeEventListener('change', this.apply)
    this.#observer.disconnect()
  }

  /** Sets the `dark` state from the `theme` attribute, or from the page when it is `auto`. */
  readonly apply = (): void => {
    const { theme } = this.host
    const scheme = theme === 'light' || theme === 'dark' ? theme : hostColorScheme(this.host.parentElement ?? document.documentElement)
    if (scheme === 'dark') this.states.add('dark')
    else this.states.delete('dark')
  }
}
