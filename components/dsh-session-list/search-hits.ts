/**
 * The "In conversations" matches of the session list: one button per session, its name and who
 * said it, and the snippet drawn as text with `<mark>` around the matched words (from the
 * snippet's offsets — never HTML from the log). Plane: main.
 * @module components/dsh-session-list/search-hits
 */
import { html, type TemplateResult } from 'lit'
import type { SessionSearchMatch } from '../../src/protocol/index.ts'
import type { SessionSearchStrings } from '../i18n/session-search-strings.ts'

/** The snippet's text with each `[start, end)` mark as a `<mark>` element. */
export function markedSnippet(snippet: SessionSearchMatch['snippet']): (string | TemplateResult)[] {
  const parts: (string | TemplateResult)[] = []
  let at = 0
  for (const [start, end] of snippet.marks) {
    if (start < at || end <= start || end > snippet.text.length) continue
    if (start > at) parts.push(snippet.text.slice(at, start))
    parts.push(html`<mark>${snippet.text.slice(start, end)}</mark>`)
    at = end
  }
  if (at < snippet.text.length) parts.push(snippet.text.slice(at))
  return parts
}

export function renderHit(hit: SessionSearchMatch, name: string, s: SessionSearchStrings, open: (hit: SessionSearchMatch) => void): TemplateResult {
  const who = hit.type === 'user/message' ? s.you : hit.type === 'assistant/message' ? s.assistant : s.tool
  return html`<li><button type="button" part="search-hit" data-session-id=${hit.sessionId} data-seq=${hit.seq} @click=${() => open(hit)}>
    <span class="title">${name}</span>
    <span part="snippet" class="snippet"><span class="who">${who}:</span> ${markedSnippet(hit.snippet)}</span>
  </button></li>`
}
