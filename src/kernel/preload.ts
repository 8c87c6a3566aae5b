/**
 * `preloadRuntime(options)`: starts importing the lazy plugins (storage, model provider, workspace,
 * MCP client) that `createRuntime(options)` will mount, without booting anything, so their modules
 * load while the caller still waits on other work (the worker host reads the remembered key from
 * IndexedDB meanwhile). Plane: worker/shared. Contract: never throws and never rejects; a module that
 * fails to load here fails again, and is reported, in the boot itself.
 * @module kernel/preload
 */
import { composition } from './compose.ts'
import { isLazyPlugin } from './lazy-plugin.ts'
import { resolveComposition } from './resolve-composition.ts'
import { runtimePatches, type RuntimeOptionsForPatches } from './runtime-patches.ts'
import type { CompositionPatch } from './types.ts'

/** @returns the names of the lazy plugins whose import it started (none for options the boot would reject). */
export function preloadRuntime(options: RuntimeOptionsForPatches & { patches?: readonly CompositionPatch[] }): string[] {
  let entries
  try {
    entries = resolveComposition(composition, [...runtimePatches(options), ...(options.patches ?? [])]).entries
  } catch {
    return [] // bad options: createRuntime reports them
  }
  const started: string[] = []
  for (const { plugin, disabled } of entries) {
    if (disabled || !isLazyPlugin(plugin)) continue
    plugin.load().catch(() => undefined)
    started.push(plugin.name)
  }
  return started
}
