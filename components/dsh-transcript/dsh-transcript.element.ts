/**
 * `<dsh-transcript>`: draws a folded transcript — user and assistant messages (markdown,
 * reasoning collapsed), tool cards, turn status, interruptions, errors and notices — and asks
 * pending approval questions inline: the waiting call's card becomes the request and takes focus.
 * Plane: main. Contract: renders only from `state` and `questions`; untrusted text never becomes
 * HTML; a grant needs a trusted click. Only the items in and near the viewport are in the DOM
 * (plus the focused item, pending approvals and the find match); it follows the latest message;
 * Ctrl/Cmd+F (or `openFind()`) finds in the session's items.
 *
 * @summary The conversation view.
 * @event dsh-session-action - `{action:'fork', sessionId, boundarySeq}` from a turn's fork button.
 * @event dsh-history-request - `{sessionId}`: the reader scrolled to the top and older turns exist (`has-older`).
 * @event dsh-approval-decide - `{id, outcome, remember?}`: `allowed-once` (with `remember` for "Allow for this session") or `rejected`.
 * @csspart find, find-input, find-status, find-previous, find-next, find-close, transcript, message, user-message, assistant-message, reasoning, text, tool-card, tool-summary, tool-status, tool-verb, tool-target, tool-outcome, tool-body, tool-raw, terminal, exit-code, diff, file-lines, approval, approval-title, reason, approval-description, reject-button, allow-button, allow-session-button, turn-status, notice, todos
 * @cssproperty --dsh-transcript-max-width
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit'
import { property, state } from 'lit/decorators.js'
import { keyedList } from '../directives/keyed-list.ts'
import { guard } from 'lit/directives/guard.js'
import type { ApprovalQuestion, TextPart, TranscriptItem, TranscriptState } from '../../src/protocol/index.ts'
import { emptyTranscript } from '../../src/protocol/index.ts'
import { strings, type Strings } from '../i18n/strings.ts'
import { cssProps } from '../theme/css-props.ts'
import { emit } from '../events/index.ts'
import { turnFailure } from './turn-failure.ts'
import type { renderToolCard } from './tool-card.ts'
import type { toolStrings } from '../i18n/tool-strings.ts'
import type { ApprovalAnswer } from './approval-request.ts'
import { ApprovalFocus } from './approval-focus.ts'
import { HistoryLoader } from './history-loader.ts'
import type { MarkdownContext } from './markdown-render.ts'
import { transcriptStyles } from './dsh-transcript.styles.ts'
import { VirtualWindow } from './virtual-window.ts'
import { itemIndexAtSeq } from './seq-item.ts'
import { FollowLatest } from './follow-latest.ts'
import { gatewayNotice } from './gateway-notice.ts'
import type { SessionFind } from './session-find.ts'
import type { Segment } from './window-math.ts'

type Markdown = (text: string, ctx: MarkdownContext) => TemplateResult
/** Tool cards (and the approvals asked on them), with their strings: loaded at connection, like markdown. */
interface ToolCards { readonly render: typeof renderToolCard; readonly strings: typeof toolStrings }

export class DshTranscript extends LitElement {
  static override styles = transcriptStyles

  @property({ attribute: false }) state: TranscriptState = emptyTranscript
  @property() override lang = 'en'
  @property({ attribute: 'session-id' }) sessionId = ''
  /** Older turns of this session exist that are not in `state` yet: scrolling to the top asks for them. */
  @property({ type: Boolean, attribute: 'has-older' }) hasOlder = false
  /** Offer "Fork from here" under each turn (off for readers, who do not see the session list the fork opens in). */
  @property({ type: Boolean, attribute: 'no-fork' }) noFork = false
  /** Pending approval questions of this session, oldest first: each is asked on its call's card. */
  @property({ attribute: false }) questions: readonly ApprovalQuestion[] = []
  @state() private markdown: Markdown | undefined
  @state() private toolCards: ToolCards | undefined
  @state() private revision = 0
  readonly #revealed = new Set<string>()
  readonly #follow = new FollowLatest(this)
  readonly #window = new VirtualWindow(this, this.#follow)
  readonly #focus = new ApprovalFocus(this)
  /** The find bar: its module loads the first time find is opened (Ctrl/Cmd+F, the find button, `openFind()`). */
  #find: SessionFind | undefined
  #findLoading: Promise<SessionFind> | undefined
  /** The item holding focus: it stays drawn while focus is in it, wherever the reader scrolls. */
  #focusedKey: string | undefined
  /** The item a session search opened (`revealSeq`): marked and kept drawn. */
  #searchMatch: string | undefined
  /** Asks for older turns when the reader reaches the top (a controller: it registers itself). */
  protected readonly historyLoader = new HistoryLoader(this, () => emit(this, 'dsh-history-request', { sessionId: this.sessionId }))

  get itemCount(): number {
    return this.state.items.length
  }

  override connectedCallback(): void {
    super.connectedCallback()
    void import('./markdown-render.ts').then((m) => { this.markdown = m.renderMarkdown })
    // A call's card is drawn once this arrives (before that its row is empty; approval focus waits for the card).
    void Promise.all([import('./tool-card.ts'), import('../i18n/tool-strings.ts')]).then(([card, text]) => { this.toolCards = { render: card.renderToolCard, strings: text.toolStrings } })
    this.addEventListener('keydown', this.#onKeydown)
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.removeEventListener('keydown', this.#onKeydown)
  }

  /**
   * Opens the find bar (searches the session's items, loading older turns when needed); its module
   * loads on the first call. Rejects only when that module did not load (it is tried again next time).
   */
  async openFind(): Promise<void> {
    this.#findLoading ??= import('./session-find.ts').then(({ SessionFind }) => (this.#find = new SessionFind(this)), (error: unknown) => {
      this.#findLoading = undefined
      throw error
    })
    ;(await this.#findLoading).show()
  }

  /** Asks for the page of turns before the loaded ones. */
  requestOlder(): void {
    if (this.hasOlder) emit(this, 'dsh-history-request', { sessionId: this.sessionId })
  }

  /** Draws the item with `key` (pinned while it is the find match) and scrolls it into view. */
  reveal(key: string): void {
    this.requestUpdate()
    void this.updateComplete.then(() => {
      this.shadowRoot?.querySelector(`.rows > [data-key="${CSS.escape(key)}"]`)?.scrollIntoView({ block: 'center' })
    })
  }

  readonly #onKeydown = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'f') return
    event.preventDefault()
    this.openFind().catch(reportError)
  }

  /** Focus moved to a row: it is drawn now, and the next update keeps it drawn (no update needed now). */
  readonly #onFocusIn = (event: FocusEvent): void => {
    const row = event.composedPath().find((node) => node instanceof HTMLElement && node.classList.contains('row')) as HTMLElement | undefined
    this.#focusedKey = row?.dataset.key
  }

  readonly #onFocusOut = (event: FocusEvent): void => {
    const next = event.relatedTarget as Node | null
    if (!(next && this.shadowRoot?.contains(next))) this.#focusedKey = undefined
  }

  readonly #decide = (event: Event, question: ApprovalQuestion, answer: ApprovalAnswer): void => {
    if (!this.questions.includes(question)) return // already answered (a second key press)
    this.questions = this.questions.filter((q) => q !== question)
    this.#focus.answered(event)
    emit(this, 'dsh-approval-decide', answer === 'allowed-session' ? { id: question.id, outcome: 'allowed-once', remember: true } : { id: question.id, outcome: answer })
  }

  #ctx(s: Strings): MarkdownContext {
    return {
      strings: s,
      revealed: this.#revealed,
      reveal: (event, src) => {
        if (!event.isTrusted) return
        this.#revealed.add(src)
        this.revision++
      },
      copy: (event, text) => {
        const button = event.currentTarget as HTMLElement
        void navigator.clipboard?.writeText(text).then(() => { button.textContent = s.copied }, () => undefined) // clipboard denied: nothing to copy to
      },
    }
  }

  #text(text: string, s: Strings): TemplateResult {
    return this.markdown ? html`<div part="text" class="md">${this.markdown(text, this.#ctx(s))}</div>` : html`<div part="text" class="plain">${text}</div>`
  }

  /** A streamed part: only the growing one changes identity, so only it is parsed again. */
  #part(p: TextPart, s: Strings): TemplateResult {
    return p.kind === 'reasoning'
      ? html`<details part="reasoning" class="reasoning"><summary>${s.thinking}</summary><div class="plain">${p.text}</div></details>`
      : this.#text(p.text, s)
  }

  #item(item: TranscriptItem, s: Strings): TemplateResult | typeof nothing {
    switch (item.kind) {
      case 'user': return html`<div part="message user-message" class="msg user" role="article" aria-label=${s.composerLabel}>${this.#text(item.text, s)}</div>`
      case 'assistant': return html`<div part="message assistant-message" class="msg assistant" role="article" aria-label=${s.agent} aria-busy=${item.streaming ? 'true' : 'false'} data-streaming=${item.streaming}>
        ${item.parts.map((p) => guard([p, this.markdown, this.revision, this.lang], () => this.#part(p, s)))}
        ${item.interrupted ? html`<div part="interrupted" class="interrupted">${s.interrupted}</div>` : nothing}
      </div>`
      case 'tool': return this.toolCards ? this.toolCards.render(item, this.toolCards.strings(this.lang), this.#questionFor(item.callId), this.#decide) : nothing
      case 'notice': return item.code === 'INSTRUCTIONS' ? this.#instructions(item, s) : html`<div part="notice" class="notice" data-tone=${item.tone} data-code=${item.code}>${item.code === 'COMPACTED' ? s.compacted : item.code === 'OFFLINE' ? s.offline : item.text}</div>`
      case 'turn-end': return this.#turnEnd(item, s)
    }
  }

  /** Instructions that entered the conversation: collapsed, the files in the summary, the text inside. */
  #instructions(item: Extract<TranscriptItem, { kind: 'notice' }>, s: Strings): TemplateResult {
    return html`<details part="notice instructions" class="notice instructions" data-code=${item.code}>
      <summary>${s.instructions}${item.text ? html`: <span class="files">${item.text}</span>` : nothing}</summary>
      <div class="plain">${item.detail ?? ''}</div>
    </details>`
  }

  #turnEnd(item: Extract<TranscriptItem, { kind: 'turn-end' }>, s: Strings): TemplateResult {
    const r = item.reason
    const text = r.kind === 'completed' ? '' : r.kind === 'aborted' ? s.stopped : r.kind === 'interrupted' ? s.interrupted : r.kind === 'blocked' ? s.blocked
      : r.kind === 'max-tokens' ? s.maxTokens : r.kind === 'budget' ? s.budget : gatewayNotice(r.error, s, this.lang) ?? turnFailure(r.error, this.lang)
    const fork = () => emit(this, 'dsh-session-action', { action: 'fork', sessionId: this.sessionId, boundarySeq: item.seq })
    return html`<div part="turn-status" class="turn-end" data-reason=${r.kind} role=${r.kind === 'error' ? 'alert' : nothing}>
      <span>${text}</span>
      ${this.sessionId && !this.noFork ? html`<button type="button" part="fork-button" class="fork" @click=${fork}>${s.forkHere}</button>` : nothing}
    </div>`
  }

  /**
   * Scrolls to the item holding event `seq` (a search match), marks its row (`data-search-match`,
   * drawn wherever the reader goes until another match) and focuses it; resolves false while that
   * event is not in the transcript (not arrived or not loaded).
   */
  async revealSeq(seq: number): Promise<boolean> {
    await this.updateComplete
    const index = itemIndexAtSeq(this.state, seq)
    if (index < 0) return false
    this.#searchMatch = this.state.items[index]!.key
    this.requestUpdate()
    await this.updateComplete
    const row = this.shadowRoot?.querySelector<HTMLElement>(`.rows > [data-key="${CSS.escape(this.#searchMatch)}"]`)
    if (!row) return false
    this.#follow.release()
    row.tabIndex = -1
    this.#window.reveal(row)
    row.focus({ preventScroll: true })
    return true
  }

  #questionFor(callId: string): ApprovalQuestion | undefined {
    return this.questions.find((q) => q.callId === callId)
  }

  /** Questions whose call is not in the transcript (none, in practice: the call is logged before it asks). */
  #unplaced(): ApprovalQuestion[] {
    return this.questions.filter((q) => !q.callId || !this.state.items.some((i) => i.kind === 'tool' && i.callId === q.callId))
  }

  /** Keys of items drawn wherever the reader is: the focused one, the find match, calls waiting for approval. */
  #pinned(): string[] {
    const keys: string[] = []
    if (this.#focusedKey !== undefined) keys.push(this.#focusedKey)
    const match = this.#find?.currentKey
    if (match !== undefined) keys.push(match)
    if (this.#searchMatch !== undefined) keys.push(this.#searchMatch)
    for (const q of this.questions) {
      const call = q.callId === undefined ? undefined : this.state.items.findLast((i) => i.kind === 'tool' && i.callId === q.callId)
      if (call) keys.push(call.key)
    }
    return keys
  }

  #segment(segment: Segment, items: readonly TranscriptItem[], s: Strings): TemplateResult {
    if (segment.kind === 'gap') return html`<div class="gap" aria-hidden="true" ${cssProps({ height: `${segment.height}px` })}></div>`
    const i = items[segment.index]!
    return html`<div class="row" data-key=${i.key} ?data-match=${i.key === this.#find?.currentKey} ?data-search-match=${i.key === this.#searchMatch}>${guard([i, this.markdown, this.toolCards, this.revision, this.lang, this.sessionId, i.kind === 'tool' ? this.#questionFor(i.callId) : undefined], () => this.#item(i, s))}</div>`
  }

  override render(): TemplateResult {
    const s = strings(this.lang)
    const cards = this.toolCards
    const { todos, openTurn, items } = this.state
    this.#find?.update(items)
    const segments = this.#window.place(items, this.#pinned())
    const rowKey = (segment: Segment) => (segment.kind === 'row' ? items[segment.index]!.key : `gap:${segment.from}`)
    return html`${this.#find?.render(s) ?? nothing}<section part="transcript" class="transcript" role="log" aria-live="polite" aria-label=${s.transcript} aria-busy=${this.#window.moving ? 'true' : nothing}
      @focusin=${this.#onFocusIn} @focusout=${this.#onFocusOut}>
      ${this.hasOlder ? html`<div part="history-more" class="history-more" role="status">${s.olderLoading}</div>` : nothing}
      <div class="rows">${keyedList(segments, rowKey, (segment) => this.#segment(segment, items, s))}</div>
      ${cards ? this.#unplaced().map((q) => cards.render({ callId: q.callId ?? q.id, name: q.toolName, arguments: q.arguments ?? '', ...(q.card ? { call: q.card } : {}) }, cards.strings(this.lang), q, this.#decide)) : nothing}
      ${openTurn !== null && this.questions.length === 0 ? html`<div part="running" class="running" role="status">${s.running}</div>` : nothing}
      ${todos.length ? html`<ul part="todos" class="todos" aria-label=${s.todos}>${todos.map((t) => html`<li data-status=${t.status}>${t.status === 'completed' ? '☑' : t.status === 'in_progress' ? '◐' : '☐'} ${t.content}</li>`)}</ul>` : nothing}
    </section>`
  }
}
