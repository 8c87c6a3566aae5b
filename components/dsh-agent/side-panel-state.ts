/**
 * The side panel beyond which one is open: a reply that arrives while it is open (below 720 px it
 * covers the conversation, so the panel says so and offers to show it), a new approval request
 * (asked on its tool card, which takes focus: the panel, a sheet on phones, closes so as not to
 * cover it), the header's toggles, and closing it — its close button or Escape — with focus back
 * on the toggle that opened it. Plane: main.
 * @module components/dsh-agent/side-panel-state
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'

type Panel = 'none' | 'sessions' | 'settings'
interface PanelHost extends ReactiveControllerHost { panel: Panel; readonly renderRoot: HTMLElement | DocumentFragment }

export class SidePanelState implements ReactiveController {
  /** A turn ended while the panel was open. */
  replyUnseen = false
  /** Approval requests pending at the last update. */
  #askedCount = 0

  /**
   * @param shown the panel shown now (`none` for readers, whatever `panel` says).
   * @param asked how many approval requests are pending now.
   */
  constructor(private readonly host: PanelHost, private readonly shown: () => Panel, private readonly asked: () => number) {
    host.addController(this)
  }

  hostUpdate(): void {
    const asked = this.asked()
    if (asked > this.#askedCount && this.host.panel !== 'none') this.host.panel = 'none'
    this.#askedCount = asked
    if (this.shown() === 'none') this.replyUnseen = false
  }

  replyArrived(): void {
    if (this.shown() === 'none') return
    this.replyUnseen = true
    this.host.requestUpdate()
  }

  /** The header's Sessions / Settings toggle: opens that panel, or closes it when it is the open one. */
  toggle(panel: 'sessions' | 'settings'): void {
    this.host.panel = this.host.panel === panel ? 'none' : panel
  }

  close(): void {
    const closed = this.host.panel
    this.host.panel = 'none'
    void this.host.updateComplete.then(() => {
      const root = this.host.renderRoot
      const toggle = root.querySelector<HTMLElement>(`[part~="${closed}-toggle"]`)
      ;(toggle?.checkVisibility() ? toggle : root.querySelector<HTMLElement>('[part~="more-button"]'))?.focus() // folded in the menu: its button
    })
  }
}
