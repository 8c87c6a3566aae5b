/**
 * The plain core behind `ctx.spill` (kernel/cordis/service): decides whether a plain-text tool result is
 * over `maxInlineBytes`, stores it whole and builds dsh's bounded replacement (head, the
 * "Omitted N bytes. Full formatted result stored at: …" notice where the cut is, tail; never over the cap), and reads a body back by its
 * locator. Plane: worker/shared. Contract: `spill` never throws (a storage failure keeps the
 * result inline); `readAt` throws only `SPILL_MISSING`.
 * @module spill/spill-core
 */
import type { ContentBlock } from '../llm/types.ts'
import { utf8Length } from '../fs/utf8.ts'
import { newId } from '../util/brand.ts'
import { spillMissing } from './errors.ts'
import { headTail } from './head-tail.ts'
import { spillIdAt, spillLocator } from './paths.ts'
import type { SpillStore } from './store.ts'

/** dsh's retrieval hint for a stored spill (spill-local). */
export const RETRIEVAL_HINT = 'Use read with offset/limit, or grep this path to search within it.'

/** dsh's spill notice: `(Omitted N bytes. Full formatted result stored at: <locator>. <hint>)`. */
export function spillNotice(omittedBytes: number, locator: string): string {
  return `(Omitted ${omittedBytes} bytes. Full formatted result stored at: ${locator}. ${RETRIEVAL_HINT})`
}

/** All-text content as one string, or `undefined` when a block is not text. */
export function plainText(content: readonly ContentBlock[]): string | undefined {
  if (content.length === 1 && content[0]!.type === 'text') return content[0]!.text
  let text = ''
  for (const block of content) {
    if (block.type !== 'text') return undefined
    text += block.text
  }
  return text
}

/** Whether `text` is over `cap` UTF-8 bytes; counts bytes only when the length cannot tell. */
export function overCap(text: string, cap: number): boolean {
  if (text.length > cap) return true // every UTF-16 unit is at least one byte
  if (text.length * 3 <= cap) return false // every unit is at most three bytes
  return utf8Length(text) > cap
}

export class SpillCore {
  constructor(readonly store: SpillStore, readonly maxInlineBytes: number, private readonly warn: (message: string) => void) {}

  /**
   * The replacement text of an over-cap `text` of `sessionId`'s tool `toolName` after storing it
   * whole, or `undefined` to keep it inline (under the cap, a storage failure, or no replacement
   * fits the cap: dsh's invariant, the notice's cost is reserved inside the cap).
   */
  async spill(text: string, sessionId: string, toolName: string): Promise<string | undefined> {
    const cap = this.maxInlineBytes
    if (!overCap(text, cap)) return undefined
    const id = newId<string>()
    const locator = spillLocator(id)
    const totalBytes = utf8Length(text)
    const reserve = utf8Length(spillNotice(totalBytes, locator)) + 4
    const preview = headTail(text, Math.max(0, cap - reserve))
    const notice = spillNotice(preview.omittedBytes, locator)
    // The notice stands where the cut is: head, notice, tail — nothing is joined unmarked.
    const replaced = preview.head.length + preview.tail.length > 0 ? `${preview.head}\n\n${notice}\n\n${preview.tail}` : notice
    if (utf8Length(replaced) > cap) {
      this.warn(`spill: the notice for ${toolName} does not fit maxInlineBytes ${cap}; keeping the result inline`)
      return undefined
    }
    try {
      await this.store.save({ id, sessionId, text })
    } catch (error) {
      this.warn(`spill: storing the result of ${toolName} failed (${error instanceof Error ? error.message : String(error)}); keeping it inline`)
      return undefined
    }
    return replaced
  }

  /**
   * The stored body a spill locator names; `undefined` when `absolutePath` is no spill locator.
   * @throws SpillError SPILL_MISSING when the body is not (or no longer) stored
   */
  async readAt(absolutePath: string): Promise<string | undefined> {
    const id = spillIdAt(absolutePath)
    if (id === undefined) return undefined
    const text = await this.store.read(id)
    if (text === undefined) throw spillMissing(absolutePath)
    return text
  }
}
