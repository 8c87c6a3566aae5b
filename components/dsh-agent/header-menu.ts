/**
 * The header's overflow menu: where the widget is narrow (below 600 px, and always in the
 * launcher's panel) the operator tools fold behind one "More actions" button so the header stays
 * one row; a tool's click or Escape closes it. Plane: main.
 * @module components/dsh-agent/header-menu
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'

interface MenuHost extends ReactiveControllerHost { readonly renderRoot: HTMLElement | DocumentFragment }

export class HeaderMenu implements ReactiveController {
  open = false

  constructor(private readonly host: MenuHost) {
    host.addController(this)
  }

  /** A widget taken out of the page comes back with the menu closed. */
  hostDisconnected(): void {
    this.open = false
  }

  toggle(): void {
    this.open = !this.open
    this.host.requestUpdate()
  }

  /** Closes the menu; focus goes back to its button (the tool that had it is hidden with the menu). */
  close(): void {
    if (!this.open) return
    this.open = false
    this.host.requestUpdate()
    void this.host.updateComplete.then(() => {
      const more = this.host.renderRoot.querySelector<HTMLElement>('[part~="more-button"]')
      if (more?.checkVisibility()) more.focus()
    })
  }

  /** Escape inside the header closes an open menu first (nothing else answers that key press). */
  onKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Escape' || !this.open) return
    event.preventDefault()
    this.close()
  }
}
