/**
 * Focus for inline approvals: a newly asked question's card takes focus on its Reject button
 * (Enter on arrival rejects; Tab reaches the grants), and an answered card keeps focus on itself
 * so keyboard users stay where they were. Plane: main. Contract: moves focus only inside the
 * transcript's own shadow root, once per question.
 * @module components/dsh-transcript/approval-focus
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'

type Host = ReactiveControllerHost & HTMLElement & { readonly questions: readonly { id: string; callId?: string }[] }

export class ApprovalFocus implements ReactiveController {
  readonly #asked = new Set<string>()
  /** The call whose card was answered with the keyboard or a click inside it. */
  #answeredCall: string | undefined

  constructor(private readonly host: Host) {
    host.addController(this)
  }

  /** Called as a question is answered from its card. */
  answered(event: Event): void {
    const card = (event.target as Element | null)?.closest?.('[data-call-id]')
    this.#answeredCall = card?.getAttribute('data-call-id') ?? undefined
  }

  hostUpdated(): void {
    const root = this.host.shadowRoot
    if (!root || (this.#answeredCall === undefined && this.host.questions.length === 0)) return
    if (this.#answeredCall !== undefined) {
      root.querySelector<HTMLElement>(`[part~="tool-card"][data-call-id="${CSS.escape(this.#answeredCall)}"]`)?.focus({ preventScroll: true })
      this.#answeredCall = undefined
    }
    const next = this.host.questions.find((q) => !this.#asked.has(q.id))
    if (!next) return
    const button = root.querySelector<HTMLElement>(`[data-question-id="${CSS.escape(next.id)}"] [part~="reject-button"]`)
    if (!button) return
    this.#asked.add(next.id)
    button.focus({ preventScroll: true })
    button.closest('[part~="approval"]')?.scrollIntoView({ block: 'nearest' })
  }
}
