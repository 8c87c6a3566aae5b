/**
 * Half a second after the first turn ends, starts importing every lazy part (the tool-call pipeline, the host's
 * rarely sent commands, JSONL import/export, …: `warmLazyParts`) that a first answer did without.
 * They stay out of what loads before that answer, and a page that goes offline later without a
 * service worker's copy still runs tool calls, exports and maintenance. Plane: worker/shared.
 * Contract: once per runtime, `WARM_DELAY_MS` after the first `turn/end` of any session (the answer's
 * delivery to the page and its paint go first: parsing the parts would compete with them on this
 * thread); never touches the loop or the log; a runtime disposed before then imports nothing.
 * @module plugins/warm-parts/index
 */
import type { Context } from '@deepseek-ai/cordis'
import { warmLazyParts } from '../../kernel/lazy-plugin.ts'
import type {} from '../../session/index.ts'

export const name = 'warm-parts'

export type Config = Record<string, never>

/** How long after the first turn's end the parts start loading (ms). */
export const WARM_DELAY_MS = 500

export function apply(ctx: Context): void {
  let timer: ReturnType<typeof setTimeout> | undefined
  ctx.effect(() => () => clearTimeout(timer))
  const stop = ctx.on('session/event', (_session, event) => {
    if (event.type !== 'turn/end') return
    stop()
    timer = setTimeout(warmLazyParts, WARM_DELAY_MS)
  })
}
