/**
 * After the first turn ends, starts importing every lazy part (the tool-call pipeline, the host's
 * rarely sent commands, JSONL import/export, …: `warmLazyParts`) that a first answer did without.
 * They stay out of what loads before that answer, and a page that goes offline later without a
 * service worker's copy still runs tool calls, exports and maintenance. Plane: worker/shared.
 * Contract: once per runtime, on the first `turn/end` of any session; never touches the loop or the log.
 * @module plugins/warm-parts/index
 */
import type { Context } from '@deepseek-ai/cordis'
import { warmLazyParts } from '../../kernel/lazy-plugin.ts'
import type {} from '../../session/index.ts'

export const name = 'warm-parts'

export type Config = Record<string, never>

export function apply(ctx: Context): void {
  const stop = ctx.on('session/event', (_session, event) => {
    if (event.type !== 'turn/end') return
    stop()
    warmLazyParts()
  })
}
