/**
 * MCP tool results as the model reads them: text blocks joined by newlines in order, every other
 * content type described in one bracketed line (never dropped silently), the whole cut at a cap
 * with a marker naming it. Plane: shared; pure. Contract: never empty.
 * @module mcp-client/result-text
 */

interface ContentBlockLike {
  type?: unknown
  text?: unknown
  mimeType?: unknown
  name?: unknown
  uri?: unknown
  data?: unknown
  resource?: { uri?: unknown; mimeType?: unknown; text?: unknown }
}

const str = (value: unknown, fallback: string): string => (typeof value === 'string' && value !== '' ? value : fallback)

/** Approximate decoded size of a base64 payload, for the description. */
function base64Bytes(data: unknown): string {
  return typeof data === 'string' ? `${Math.floor((data.length * 3) / 4)} bytes` : 'no data'
}

function describe(block: ContentBlockLike): string {
  switch (block.type) {
    case 'text': return typeof block.text === 'string' ? block.text : '[text block without text]'
    case 'image': return `[image ${str(block.mimeType, 'of unknown type')}, ${base64Bytes(block.data)}: not shown to the model]`
    case 'audio': return `[audio ${str(block.mimeType, 'of unknown type')}, ${base64Bytes(block.data)}: not shown to the model]`
    case 'resource_link': return `[resource link: ${str(block.name, 'unnamed')} (${str(block.uri, 'no URI')})]`
    case 'resource': {
      const resource = block.resource ?? {}
      if (typeof resource.text === 'string') return `[resource ${str(resource.uri, 'without URI')}]\n${resource.text}`
      return `[embedded resource ${str(resource.uri, 'without URI')} (${str(resource.mimeType, 'binary')}): not shown to the model]`
    }
    default: return `[unsupported MCP content type: ${typeof block.type === 'string' ? block.type : 'missing'}]`
  }
}

/** The model-visible text of a result's `content` (and `structuredContent` when there is no content). */
export function resultText(content: readonly unknown[], structured: unknown, toolName: string, maxChars: number): string {
  const parts = content.map((block) => (typeof block === 'object' && block !== null ? describe(block as ContentBlockLike) : '[unsupported MCP content block: not an object]'))
  if (parts.length === 0 && structured !== undefined) parts.push(JSON.stringify(structured))
  const text = parts.join('\n')
  if (text === '') return `(${toolName} returned no content)`
  if (text.length <= maxChars) return text
  return `${text.slice(0, maxChars)}\n[result cut: ${text.length} characters is over the ${maxChars}-character cap for MCP results]`
}
