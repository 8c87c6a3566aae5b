/**
 * The terminal's line discipline: turns the keystrokes xterm reports into an edited command line
 * (typing, Backspace, ←/→, Home/End, ↑/↓ through history, Ctrl-U) and what to echo, Enter into a
 * command, Ctrl-C into an interrupt. As in bash, Enter on an unfinished command (a trailing `\`, an
 * open quote or here-document, an open `if`/`for`…) asks for more with a `> ` prompt, and the lines
 * run together as one command; pasted text runs line by line the same way (`feed`).
 * Plane: main; pure (no xterm, no DOM).
 * @module components/dsh-workspace/line-input
 */
import { needsMoreInput } from './shell-continuation.ts'

export type LineAction =
  | { kind: 'echo'; text: string }
  | { kind: 'submit'; command: string; echo: string }
  | { kind: 'interrupt'; echo: string }

const ERASE_LINE = '\r\x1b[2K'
/** bash's PS2. */
export const CONTINUATION_PROMPT = '> '
/** Escape sequences xterm sends for keys this line does not handle (F-keys, PageUp, …). */
const CSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z~]`, 'g')
const printable = (text: string) => [...text.replace(CSI, '')].filter((ch) => ch >= ' ' && ch !== '\x7f').join('')
const HISTORY_MAX = 200

export class LineInput {
  line = ''
  cursor = 0
  /** Earlier lines of an unfinished command (entered, or a multi-line command recalled from history). */
  pending: string[] = []
  readonly history: string[] = []
  #back = 0
  /** Rows above the cursor's that the last redraw drew itself (a recalled multi-line command). */
  #drawnAbove = 0

  constructor(private readonly prompt: () => string) {}

  /** The prompt and the line as they should appear, cursor included (all of a recalled multi-line command). */
  redraw(): string {
    const left = this.line.length - this.cursor
    const erase = this.#drawnAbove > 0 ? `\x1b[${this.#drawnAbove}A\r\x1b[J` : ERASE_LINE
    const recalled = this.#back > 0 && this.pending.length > 0
    const rows = recalled ? [this.prompt() + this.pending[0], ...this.pending.slice(1).map((l) => CONTINUATION_PROMPT + l), CONTINUATION_PROMPT + this.line]
      : [(this.pending.length > 0 ? CONTINUATION_PROMPT : this.prompt()) + this.line]
    this.#drawnAbove = rows.length - 1
    return `${erase}${rows.join('\r\n')}${left > 0 ? `\x1b[${left}D` : ''}`
  }

  /** What xterm reported — one key, or text typed or pasted at once (lines split on CR/LF, each ending like Enter). */
  feed(data: string): LineAction[] {
    if (!/[\r\n]/.test(data) || data === '\r') return [this.key(data)].filter((action) => action !== undefined)
    const actions: LineAction[] = []
    for (const part of data.split(/(\r\n|\r|\n)/)) {
      const action = /^[\r\n]/.test(part) ? this.key('\r') : part ? this.key(part) : undefined
      if (action) actions.push(action)
    }
    return actions
  }

  key(data: string): LineAction | undefined {
    switch (data) {
      case '\r': return this.#enter()
      case '\x03':
        this.pending = []
        this.#drawnAbove = 0
        this.#back = 0
        this.#set('')
        return { kind: 'interrupt', echo: '^C\r\n' }
      case '\x7f': case '\b':
        if (this.cursor === 0) return undefined
        this.line = this.line.slice(0, this.cursor - 1) + this.line.slice(this.cursor)
        this.cursor -= 1
        return this.#echo()
      case '\x1b[D': if (this.cursor > 0) this.cursor -= 1; return this.#echo()
      case '\x1b[C': if (this.cursor < this.line.length) this.cursor += 1; return this.#echo()
      case '\x1b[H': case '\x01': this.cursor = 0; return this.#echo()
      case '\x1b[F': case '\x05': this.cursor = this.line.length; return this.#echo()
      case '\x15': this.#set(''); return this.#echo()
      case '\x1b[A': return this.#recall(1)
      case '\x1b[B': return this.#recall(-1)
      default: {
        const text = printable(data)
        if (!text) return undefined
        this.line = this.line.slice(0, this.cursor) + text + this.line.slice(this.cursor)
        this.cursor += text.length
        return this.#echo()
      }
    }
  }

  /** Enter: the command runs when it is whole; else the line joins the pending ones and `> ` asks for more. */
  #enter(): LineAction {
    const script = [...this.pending, this.line].join('\n')
    this.#drawnAbove = 0
    this.#back = 0
    if (needsMoreInput(script)) {
      this.pending = [...this.pending, this.line]
      this.#set('')
      return { kind: 'echo', text: `\r\n${CONTINUATION_PROMPT}` }
    }
    const command = script.trim()
    if (command && this.history.at(-1) !== command) this.history.push(command)
    if (this.history.length > HISTORY_MAX) this.history.shift()
    this.pending = []
    this.#set('')
    return { kind: 'submit', command, echo: '\r\n' }
  }

  /** ↑/↓ through the history (not while the lines of an unfinished command are being entered). */
  #recall(step: number): LineAction | undefined {
    if (this.pending.length > 0 && this.#back === 0) return undefined
    const back = Math.max(0, Math.min(this.history.length, this.#back + step))
    if (back === this.#back) return undefined
    this.#back = back
    const lines = (back === 0 ? '' : this.history[this.history.length - back]!).split('\n')
    this.pending = lines.slice(0, -1)
    this.#set(lines.at(-1)!)
    return this.#echo()
  }

  #set(line: string): void {
    this.line = line
    this.cursor = line.length
  }

  #echo(): LineAction {
    return { kind: 'echo', text: this.redraw() }
  }
}
