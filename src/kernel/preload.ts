/**
 * `preloadRuntime(options)`: starts importing the lazy plugins (storage, model provider, workspace,
 * MCP client) that `createRuntime(options)` will mount, and lets each enabled plugin that can
 * (`WarmablePlugin`) start the I/O its start will wait for, without booting anything, so modules load
 * and databases open while the caller still waits on other work (the worker host reads the remembered
 * key from IndexedDB meanwhile). Plane: worker/shared. Contract: never throws and never rejects; a
 * module that fails to load here fails again, and is reported, in the boot itself (so does a warm-up).
 * @module kernel/preload
 */
import { composition } from './compose.ts'
import { isLazyPlugin } from './lazy-plugin.ts'
import { resolveComposition } from './resolve-composition.ts'
import { runtimePatches, type RuntimeOptionsForPatches } from './runtime-patches.ts'
import type { CompositionPatch, WarmablePlugin } from './types.ts'

const isWarmable = (plugin: unknown): plugin is WarmablePlugin =>
  (typeof plugin === 'function' || (typeof plugin === 'object' && plugin !== null)) && typeof (plugin as { warm?: unknown }).warm === 'function'

function warm(plugin: unknown, config: unknown): void {
  if (!isWarmable(plugin)) return
  try {
    plugin.warm(config)
  } catch {
    // the plugin's start meets the same problem and reports it
  }
}

/** @returns the names of the lazy plugins whose import it started (none for options the boot would reject). */
export function preloadRuntime(options: RuntimeOptionsForPatches & { patches?: readonly CompositionPatch[] }): string[] {
  let entries
  try {
    entries = resolveComposition(composition, [...runtimePatches(options), ...(options.patches ?? [])]).entries
  } catch {
    return [] // bad options: createRuntime reports them
  }
  const started: string[] = []
  for (const { plugin, config, disabled } of entries) {
    if (disabled) continue
    if (!isLazyPlugin(plugin)) {
      warm(plugin, config)
      continue
    }
    plugin.load().then((loaded) => warm(loaded, config), () => undefined)
    started.push(plugin.name)
  }
  return started
}
