/**
 * Lazy composition entries: a plugin named up front and imported only when its entry is enabled,
 * so a provider, workspace or storage the runtime does not use stays out of what loads before the
 * first answer. Plane: worker/shared. Contract: the enabled lazy entries load in parallel before
 * anything mounts (mount order is kept); a load that rejects or resolves to no plugin fails that entry only.
 * `lazyPart` is the same idea inside a mounted plugin: a part the first turn does not run (a tool's
 * body, a rarely sent host command) is imported on its first use, and a failed import is a `PluginLoadError`;
 * `warmLazyParts()` starts every such import at once (after a first answer, so a page that then goes
 * offline without a service worker still has them).
 * @module kernel/lazy-plugin
 */
import type { KernelPlugin, LazyPlugin, ResolvedEntry } from './types.ts'

/** A plugin loaded by `load` when its entry is enabled; `name` stands for it until then. */
export function lazyPlugin(name: string, load: () => Promise<KernelPlugin>): LazyPlugin {
  return Object.freeze({ name, load })
}

export function isLazyPlugin(plugin: unknown): plugin is LazyPlugin {
  return typeof plugin === 'object' && plugin !== null && typeof (plugin as { load?: unknown }).load === 'function' && typeof (plugin as { apply?: unknown }).apply !== 'function'
}

/** Raised (as the entry's failure) when a lazy plugin's module did not load or holds no plugin. */
export class PluginLoadError extends Error {
  override readonly name = 'PluginLoadError'
  readonly code = 'PLUGIN_LOAD_FAILED'
}

/**
 * A loader of one part of a plugin (`name` says which, e.g. `tool-fs: read`), importing it on the
 * first call and sharing that import with later calls. A load that rejects rejects with a
 * `PluginLoadError` naming the part, and the next call imports again (a dropped network fetch is not final).
 */
export function lazyPart<T>(name: string, load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  const part = () => loading ??= load().catch((error: unknown) => {
    loading = undefined
    throw new PluginLoadError(`'${name}' did not load: ${(error as Error)?.message ?? String(error)}`)
  })
  lazyParts.set(name, part)
  return part
}

/** Every lazy part defined so far (by the modules loaded so far), by name. */
const lazyParts = new Map<string, () => Promise<unknown>>()

/**
 * Starts importing every lazy part defined so far that has not loaded (a load already done or under
 * way is shared). Failures stay quiet here: the part's own first use reports them, and retries.
 * @returns the names of the parts
 */
export function warmLazyParts(): string[] {
  for (const part of lazyParts.values()) part().catch(() => undefined)
  return [...lazyParts.keys()]
}

/** A plugin Cordis can mount: a class, a function, or an object (a module) with `apply`. */
export const isApplicablePlugin = (plugin: unknown): plugin is KernelPlugin =>
  typeof plugin === 'function' || (typeof plugin === 'object' && plugin !== null && typeof (plugin as { apply?: unknown }).apply === 'function')

/** Each entry with its plugin loaded (eager entries unchanged), or the error its load ended with. */
export async function loadPlugins(entries: readonly ResolvedEntry[]): Promise<({ entry: ResolvedEntry & { plugin: KernelPlugin } } | { entry: ResolvedEntry; error: PluginLoadError })[]> {
  return Promise.all(entries.map(async (entry) => {
    const { plugin } = entry
    if (!isLazyPlugin(plugin)) return { entry: entry as ResolvedEntry & { plugin: KernelPlugin } }
    try {
      const loaded: unknown = await plugin.load()
      if (!isApplicablePlugin(loaded)) return { entry, error: new PluginLoadError(`'${plugin.name}' loaded no plugin (a class, a function or an object with apply)`) }
      return { entry: { ...entry, plugin: loaded } }
    } catch (error) {
      return { entry, error: new PluginLoadError(`'${plugin.name}' did not load: ${(error as Error)?.message ?? String(error)}`) }
    }
  }))
}
