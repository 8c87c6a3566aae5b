/**
 * Provider, model and base URL the user chose in Settings, remembered on this device together
 * with the API key — under the same opt-in ("Remember the key on this device"), forgotten with
 * it (Clear key, unticking, Delete all my data). Plane: main (the page's localStorage; the key
 * itself stays in the worker's own store). Contract: never holds the key; unreadable or
 * malformed entries read as nothing remembered; storage that refuses writes is ignored.
 * @module components/dsh-agent/remembered-provider
 */
import type { ProviderKind } from '../../src/protocol/index.ts'

const ENTRY = 'dsh-agent:provider'
const KINDS: readonly ProviderKind[] = ['openai-compatible', 'scripted', 'replay', 'gateway']

export interface RememberedProvider { provider: ProviderKind; baseURL: string; model: string }

export function loadRememberedProvider(): RememberedProvider | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(ENTRY) ?? 'null') as Partial<RememberedProvider> | null
    if (!value || !KINDS.includes(value.provider as ProviderKind) || typeof value.baseURL !== 'string' || typeof value.model !== 'string') return undefined
    return { provider: value.provider as ProviderKind, baseURL: value.baseURL, model: value.model }
  } catch {
    return undefined // storage blocked (sandboxed frame, privacy mode) or a foreign value: nothing remembered
  }
}

export function saveRememberedProvider(settings: RememberedProvider): void {
  try {
    localStorage.setItem(ENTRY, JSON.stringify({ provider: settings.provider, baseURL: settings.baseURL, model: settings.model }))
  } catch {
    // storage refuses writes: the choice simply is not remembered, as with the key in that case
  }
}

export function forgetRememberedProvider(): void {
  try {
    localStorage.removeItem(ENTRY)
  } catch {
    // storage blocked: there is nothing stored to forget
  }
}
