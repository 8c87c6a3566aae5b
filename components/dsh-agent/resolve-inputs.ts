/**
 * Reads `<dsh-agent>`'s content attributes (`script`, `workspace`, `src`) that may be inline
 * JSON or a URL. Plane: main. Contract: failures are `AgentInputError` with a stable code and
 * the attribute name; URLs resolve against the document and are fetched without credentials.
 * @module components/dsh-agent/resolve-inputs
 */
export class AgentInputError extends Error {
  override name = 'AgentInputError'
  constructor(readonly code: 'DSH_ATTRIBUTE_INVALID' | 'DSH_ATTRIBUTE_FETCH', message: string) { super(message) }
}

async function fetchText(attribute: string, value: string): Promise<string> {
  const url = new URL(value, document.baseURI)
  const response = await fetch(url, { credentials: 'omit' }).catch((error: Error) => {
    throw new AgentInputError('DSH_ATTRIBUTE_FETCH', `${attribute}: could not fetch ${url.href}: ${error.message}`)
  })
  if (!response.ok) throw new AgentInputError('DSH_ATTRIBUTE_FETCH', `${attribute}: ${url.href} answered ${response.status}`)
  return response.text()
}

function parseJson(attribute: string, text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new AgentInputError('DSH_ATTRIBUTE_INVALID', `${attribute}: not valid JSON (${(error as Error).message})`)
  }
}

/** `script`: an inline JSON array of scripted replies, or the URL of one. */
export async function resolveScript(value: string | null): Promise<unknown[] | undefined> {
  if (value === null || value.trim() === '') return undefined
  const text = value.trim().startsWith('[') ? value : await fetchText('script', value)
  const replies = parseJson('script', text)
  if (!Array.isArray(replies)) throw new AgentInputError('DSH_ATTRIBUTE_INVALID', 'script: expected a JSON array of scripted replies')
  return replies
}

/** `workspace`: inline JSON `{path: content}` or the URL of one. */
export async function resolveWorkspace(value: string | null): Promise<Record<string, string> | undefined> {
  if (value === null || value.trim() === '') return undefined
  const text = value.trim().startsWith('{') ? value : await fetchText('workspace', value)
  const files = parseJson('workspace', text)
  const valid = typeof files === 'object' && files !== null && !Array.isArray(files) && Object.values(files).every((v) => typeof v === 'string')
  if (!valid) throw new AgentInputError('DSH_ATTRIBUTE_INVALID', 'workspace: expected a JSON object mapping paths to file contents')
  return files as Record<string, string>
}

/** `src`: the URL of a recorded session (JSONL) for replay. */
export async function resolveReplay(value: string | null): Promise<string | undefined> {
  return value === null || value.trim() === '' ? undefined : fetchText('src', value)
}
