/**
 * What the worker entry (workers/agent.worker.ts) starts loading when the page's preload hint arrives (src/protocol/preload-hint.ts),
 * before the host module has loaded: the storage, model provider and MCP client modules that the host's
 * `preloadRuntime` would start only once the host has compiled, run and read `host.configure` (the boot
 * otherwise waits for them after that). A hint, never a decision: the host composes from the settings
 * it validates, and a module loaded here for nothing is only loaded early. Plane: worker. Contract:
 * never throws; import failures are the host's to report (it imports the same modules again). It
 * imports nothing of the worker's core (it must run before that has loaded), so it names the modules
 * itself: test/src/kernel/early-parts.spec.ts keeps it in step with `preloadRuntime`.
 * @module kernel/early-parts
 */
import { readPreloadHint, type PreloadHint } from '../protocol/preload-hint.ts'

const quiet = (loading: Promise<unknown>): void => void loading.catch(() => undefined)

/** Each provider's lazy plugin: its composition name and its import. */
const MODEL_PARTS: Readonly<Record<string, readonly [string, () => Promise<unknown>]>> = {
  scripted: ['llm-scripted', () => import('../llm-scripted/index.ts')],
  replay: ['llm-replay', () => import('../llm-replay/index.ts')],
  'openai-compatible': ['llm-openai-compatible', () => import('../llm-openai-compatible/index.ts')],
  'openai-responses': ['llm-openai-responses', () => import('../llm-openai-responses/index.ts')],
  anthropic: ['llm-anthropic', () => import('../llm-anthropic/index.ts')],
  gemini: ['llm-gemini', () => import('../llm-gemini/index.ts')],
  gateway: ['llm-gateway', () => import('../llm-gateway/index.ts')],
}

/**
 * Starts importing the lazy plugins a runtime with the hinted settings mounts.
 * @returns their names, as the composition's lazy entries name them
 */
export function preloadParts(hint: PreloadHint): string[] {
  const started: string[] = []
  if (hint.storage === 'indexeddb') {
    quiet(import('../session-idb/index.ts'))
    started.push('IdbSessionBackend')
  } else {
    quiet(import('../session-memory/index.ts'))
    started.push('MemorySessionBackend')
  }
  const [name, load] = MODEL_PARTS[hint.provider] ?? MODEL_PARTS['openai-compatible']!
  quiet(load())
  started.push(name)
  if (hint.mcp) {
    quiet(import('../mcp-client/index.ts'))
    started.push('mcp-client')
  }
  return started
}

/** Starts the imports a held worker message hints at (their names); any other message starts none. */
export function takeHint(data: unknown): string[] {
  const hint = readPreloadHint(data)
  return hint ? preloadParts(hint) : []
}
