/**
 * The terminal's line discipline: turns the keystrokes xterm reports into an edited command line
 * (typing, Backspace, ←/→, Home/End, ↑/↓ through history, Ctrl-U) and what to echo, Enter into a
 * command, Ctrl-C into an interrupt. Plane: main; pure (no xterm, no DOM).
 * @module components/dsh-workspace/line-input
 */
export type LineAction =
  | { kind: 'echo'; text: string }
  | { kind: 'submit'; command: string; echo: string }
  | { kind: 'interrupt'; echo: string }

const ERASE_LINE = '\r\x1b[2K'
/** Escape sequences xterm sends for keys this line does not handle (F-keys, PageUp, …). */
const CSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z~]`, 'g')
const printable = (text: string) => [...text.replace(CSI, '')].filter((ch) => ch >= ' ' && ch !== '\x7f').join('')
const HISTORY_MAX = 200

export class LineInput {
  line = ''
  cursor = 0
  readonly history: string[] = []
  #back = 0

  constructor(private readonly prompt: () => string) {}

  /** The prompt and the line as they should appear, cursor included. */
  redraw(): string {
    const left = this.line.length - this.cursor
    return `${ERASE_LINE}${this.prompt()}${this.line}${left > 0 ? `\x1b[${left}D` : ''}`
  }

  key(data: string): LineAction | undefined {
    switch (data) {
      case '\r': return this.#submit()
      case '\x03':
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

  #submit(): LineAction {
    const command = this.line.trim()
    if (command && this.history.at(-1) !== command) this.history.push(command)
    if (this.history.length > HISTORY_MAX) this.history.shift()
    this.#back = 0
    this.#set('')
    return { kind: 'submit', command, echo: '\r\n' }
  }

  #recall(step: number): LineAction | undefined {
    const back = Math.max(0, Math.min(this.history.length, this.#back + step))
    if (back === this.#back) return undefined
    this.#back = back
    this.#set(back === 0 ? '' : this.history[this.history.length - back]!)
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
