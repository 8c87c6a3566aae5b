/**
 * A program's stdout or stderr in the runtime worker, capped like the shell's output: bytes past
 * the cap are dropped and the stream says so once; `full` tells the runtime to stop the program.
 * Plane: runtime worker.
 * @module run-code/worker/output
 */
export class CappedOutput {
  #parts: string[] = []
  #bytes = 0
  #dropped = 0
  readonly #decoder = new TextDecoder()

  constructor(private readonly cap: number) {}

  get full(): boolean {
    return this.#bytes >= this.cap
  }

  write(chunk: string | Uint8Array): void {
    const text = typeof chunk === 'string' ? chunk : this.#decoder.decode(chunk, { stream: true })
    const room = this.cap - this.#bytes
    if (room <= 0) {
      this.#dropped += text.length
      return
    }
    const kept = text.length > room ? text.slice(0, room) : text
    this.#parts.push(kept)
    this.#bytes += kept.length
    this.#dropped += text.length - kept.length
  }

  /** The text, with a closing line when output was cut. */
  text(): string {
    const text = this.#parts.join('')
    return this.#dropped > 0 ? `${text}${text.endsWith('\n') ? '' : '\n'}[output cut at ${this.cap} bytes; ${this.#dropped} more dropped]\n` : text
  }
}
