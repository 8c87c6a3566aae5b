/**
 * `<dsh-terminal-pane>`: xterm.js (loaded on first show) on the workspace shell the agent uses —
 * the person types commands (history on ↑/↓, `cd` keeps a working directory, Ctrl-C interrupts,
 * unfinished commands continue on a `> ` line, a pasted script runs line by line, what is typed
 * while a command runs waits and runs next), and the agent's own `bash` calls appear here too as
 * they run, marked as the agent's. The line under the terminal says whether output streams
 * (WebContainer) or arrives when a command ends (just-bash); with just-bash a command still running
 * after two seconds says so in the terminal too. Plane: main. Contract: output comes only from the
 * worker's `shell.*` notices.
 * @module components/dsh-workspace/dsh-terminal-pane
 */
import { LitElement, html, unsafeCSS, type TemplateResult } from 'lit'
import { property, state } from 'lit/decorators.js'
import type { Terminal } from '@xterm/xterm'
import type { FitAddon } from '@xterm/addon-fit'
import xtermCss from '@xterm/xterm/css/xterm.css?inline'
import type { HostNotice } from '../../src/protocol/messages.ts'
import type { WorkspaceLink } from '../dsh-agent/workspace-link.ts'
import { workspaceStrings } from '../i18n/workspace-strings.ts'
import { CONTINUATION_PROMPT, LineInput, type LineAction } from './line-input.ts'
import { resolveDir } from './working-dir.ts'
import { paletteFor, type AnsiPalette } from './terminal-palette.ts'
import { cspStyleDocument, openWithAdoptedStyles } from './csp-style-document.ts'
import { terminalStyles } from './dsh-terminal-pane.styles.ts'

type ShellNotice = Extract<HostNotice, { kind: `shell.${string}` }>

/** Secondary text (labels, hints): bright black, which the theme sets to the muted token (SGR dim fails contrast in light themes). */
const DIM = '\x1b[90m'
const BOLD_CYAN = '\x1b[1;36m'
const RED = '\x1b[31m'
const RESET = '\x1b[0m'
/** How long a run goes without output before a just-bash terminal says output comes at the end. */
const QUIET_HINT_MS = 2000

export class DshTerminalPane extends LitElement {
  static override styles = [unsafeCSS(xtermCss), terminalStyles]

  @property({ attribute: false }) link: WorkspaceLink | undefined
  @property() override lang = 'en'
  /** Whether the shell streams output (from `workspace.watch`). */
  @property({ type: Boolean }) streams = false
  /** A command of the person runs (Ctrl-C stops it; typing waits). */
  @property({ type: Boolean, reflect: true }) running = false
  /** The working directory of the person's commands, relative to the root. */
  @state() cwd = ''
  #terminal: Terminal | undefined
  #fitAddon: FitAddon | undefined
  readonly #input = new LineInput(() => this.#prompt())
  /** The person's run in progress (Ctrl-C stops it); input waits until it ends. */
  #personRun: number | undefined
  /** A command of the person was sent and has not ended yet (its run may not have started). */
  #busy = false
  /** Commands entered while another ran (type-ahead, the rest of a pasted script): they run in order; Ctrl-C drops them. */
  readonly #queued: string[] = []
  #quietHint: ReturnType<typeof setTimeout> | undefined
  #starting: Promise<void> | undefined
  /** The pane was clicked or asked for focus before xterm opened (xterm loads lazily): it takes focus once open. */
  #focusWhenOpen = false
  /** Whether the last output ended its line (else the next prompt starts a new one). */
  #outputEndsLine = true
  /** Runs the agent started: their output is labelled. */
  readonly #agentRuns = new Set<number>()

  /** What the terminal shows, as plain text (for tests and the screen-reader log). */
  get screenText(): string {
    const buffer = this.#terminal?.buffer.active
    if (!buffer) return ''
    const lines: string[] = []
    for (let i = 0; i < buffer.length; i++) lines.push(buffer.getLine(i)?.translateToString(true) ?? '')
    return lines.join('\n').trimEnd()
  }

  /** Starts xterm the first time the pane is shown. */
  async start(): Promise<void> {
    this.#starting ??= this.#open()
    await this.#starting
    this.#fit()
  }

  async #open(): Promise<void> {
    const [{ Terminal }, { FitAddon }] = await Promise.all([import('@xterm/xterm'), import('@xterm/addon-fit')])
    await this.updateComplete
    const host = this.renderRoot.querySelector<HTMLElement>('.xterm-host')!
    const terminal = new Terminal({
      convertEol: true, cursorBlink: false, fontSize: 13, scrollback: 5000,
      fontFamily: getComputedStyle(this).getPropertyValue('--_mono') || 'monospace',
      documentOverride: cspStyleDocument(this.renderRoot as ShadowRoot),
      theme: this.#theme(),
    })
    this.#fitAddon = new FitAddon()
    terminal.loadAddon(this.#fitAddon)
    openWithAdoptedStyles(this.renderRoot as ShadowRoot, () => terminal.open(host))
    terminal.textarea?.setAttribute('aria-label', workspaceStrings(this.lang).terminalLabel)
    terminal.onData((data) => this.#onData(data))
    this.#terminal = terminal
    new ResizeObserver(() => this.#fit()).observe(host)
    terminal.write(this.#input.redraw())
    if (this.#focusWhenOpen) terminal.focus()
  }

  /** The terminal's colours from the theme tokens (light or dark, as the workspace element resolved them), with an ANSI palette that passes AA on that background. */
  #theme(): AnsiPalette & { background: string; foreground: string; cursor: string } {
    const style = getComputedStyle(this)
    const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback
    const foreground = token('--_fg', '#1f2328')
    const background = token('--_code-bg', '#f6f8fa')
    return { ...paletteFor(background), background, foreground, cursor: foreground, brightBlack: token('--_muted', '#59636e') }
  }

  /** Takes the current theme's colours (after `theme` changed). */
  applyTheme(): void {
    if (this.#terminal) this.#terminal.options.theme = this.#theme()
  }

  /** Columns and rows that fill the pane (not while it is hidden). */
  #fit(): void {
    if (this.renderRoot.querySelector<HTMLElement>('.xterm-host')?.clientWidth) this.#fitAddon?.fit()
  }

  override focus(): void {
    if (this.#terminal) this.#terminal.focus()
    else this.#focusWhenOpen = true
  }

  #onData(data: string): void {
    for (const action of this.#input.feed(data)) this.#act(action)
  }

  #act(action: LineAction): void {
    if (action.kind === 'interrupt') {
      this.#queued.length = 0
      if (this.#personRun !== undefined) void this.link?.request({ kind: 'workspace.kill', runId: this.#personRun })
      this.#write(action.echo)
      if (!this.#busy) this.#write(this.#input.redraw())
      return
    }
    if (this.#busy) { // typing waits (it shows with the next prompt); a whole command runs after this one
      if (action.kind === 'submit' && action.command) this.#queued.push(action.command)
      return
    }
    if (action.kind === 'echo') return this.#write(action.text)
    this.#write(action.echo)
    void this.#run(action.command)
  }

  async #run(command: string): Promise<void> {
    if (!command) return this.#write(this.#input.redraw())
    this.#busy = true
    const cd = /^cd(?:\s+(\S+))?\s*$/.exec(command)
    if (cd) {
      await this.#changeDirectory(cd[1] ?? '')
      return this.#ended()
    }
    try {
      await this.link!.request({ kind: 'workspace.exec', command, ...(this.cwd ? { workdir: this.cwd } : {}) }) // it runs from its shell.started
    } catch (error) {
      this.#write(`${RED}${(error as Error).message}${RESET}\r\n`)
      this.#ended()
    }
  }

  /** The person's command is over: the next queued one runs (shown after its prompt), else the prompt comes back. */
  #ended(): void {
    this.#busy = false
    const next = this.#queued.shift()
    if (next === undefined) return this.#write(this.#input.redraw())
    this.#write(`\r\x1b[2K${this.#prompt()}${next.split('\n').join(`\r\n${CONTINUATION_PROMPT}`)}\r\n`)
    void this.#run(next)
  }

  #prompt(): string {
    return `${BOLD_CYAN}${this.cwd.startsWith('/') ? this.cwd : this.cwd ? `~/${this.cwd}` : '~'}${RESET} $ `
  }

  async #changeDirectory(target: string): Promise<void> {
    const next = resolveDir(this.cwd, target)
    try {
      const listing = await this.link!.request({ kind: 'workspace.list', path: next })
      this.cwd = listing.path
    } catch (error) {
      this.#write(`${RED}cd: ${(error as Error).message}${RESET}\r\n`)
    }
  }

  /** The worker's shell notices: the person's output, and the agent's runs labelled. */
  onShell(notice: ShellNotice): void {
    const s = workspaceStrings(this.lang)
    if (notice.kind === 'shell.started') {
      if (notice.run.origin === 'person') {
        this.#personRun = notice.run.runId
        this.running = true
      } else {
        this.#agentRuns.add(notice.run.runId)
        this.#write(`\r\x1b[2K${DIM}[${s.agentRan}]${RESET} $ ${notice.run.command}\r\n`)
      }
      this.#hintIfQuiet()
    } else if (notice.kind === 'shell.output') {
      this.#stopHint()
      this.#write(notice.stream === 'stderr' ? `${RED}${notice.chunk}${RESET}` : notice.chunk)
      this.#outputEndsLine = notice.chunk.endsWith('\n')
    } else {
      const agent = this.#agentRuns.delete(notice.runId)
      const mine = notice.runId === this.#personRun
      if (!agent && !mine) return
      this.#stopHint()
      if (!this.#outputEndsLine) this.#write('\r\n') // output without a final newline keeps its last line
      this.#outputEndsLine = true
      const status = notice.exitCode === null ? `${s.interrupted}${notice.signal ? ` (${notice.signal})` : ''}` : `${s.exit} ${notice.exitCode}`
      if (agent || notice.exitCode !== 0 || notice.limit) this.#write(`${DIM}[${agent ? `${s.agentRan} · ` : ''}${status}${notice.limit ? ` · ${notice.limit}` : ''}]${RESET}\r\n`)
      if (mine) {
        this.#personRun = undefined
        this.running = false
        this.#ended()
      } else if (!this.#busy) this.#write(this.#input.redraw())
    }
  }

  /** just-bash cannot stream: a run still quiet after two seconds says its output comes when it ends. */
  #hintIfQuiet(): void {
    if (this.streams) return
    this.#stopHint()
    this.#quietHint = setTimeout(() => {
      this.#quietHint = undefined
      this.#write(`${this.#outputEndsLine ? '' : '\r\n'}${DIM}${workspaceStrings(this.lang).quietRun}${RESET}\r\n`)
      this.#outputEndsLine = true
    }, QUIET_HINT_MS)
  }

  #stopHint(): void {
    clearTimeout(this.#quietHint)
    this.#quietHint = undefined
  }

  #write(text: string): void {
    this.#terminal?.write(text)
  }

  override render(): TemplateResult {
    const s = workspaceStrings(this.lang)
    return html`<div part="terminal" class="pane">
      <div class="xterm-host" @click=${() => this.focus()}></div>
      <p class="note">${this.streams ? s.shellWebContainer : s.shellJustBash}</p>
    </div>`
  }
}
