/**
 * Boots a composition on a Cordis root: resolves patches, validates each plugin's config, mounts the
 * enabled entries in order and reports what did not start. Plane: worker/shared; DOM-free.
 * Contract: a bad config or a throwing plugin fails that entry only; duplicate ids fail the boot.
 * @module kernel/boot
 */
import { buildOuterStack, type Context, type Fiber, type Plugin } from '@deepseek-ai/cordis'
import { dumpEntries } from './dump-config.ts'
import { checkPluginConfig, isStandardSchema, pluginName } from './plugin-config.ts'
import { resolveComposition } from './resolve-composition.ts'
import { loadPlugins } from './lazy-plugin.ts'
import { deferContextReadErrors } from './cordis/context-read-errors.ts'
import { bindListenersOnce } from './cordis/bound-listeners.ts'
import { captureEffectStacksLazily } from './cordis/effect-stacks.ts'
import type { BootOptions, CompositionEntry, CompositionPatch, Kernel, KernelPlugin, PluginProblem, ResolvedEntry } from './types.ts'

/** Cordis' `FiberState` (a const enum it does not export at run time), by value. */
const FIBER_STATES = ['pending', 'loading', 'active', 'failed', 'disposed', 'unloading'] as const

const stateOf = (fiber: Fiber) => FIBER_STATES[fiber.state]

const describeError = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error))

/** The plugin as Cordis mounts it: a bare JSON-schema `Config` (which Cordis cannot read) is dropped after the kernel checked it. */
function mountable(plugin: KernelPlugin): Plugin {
  if (!plugin.Config || isStandardSchema(plugin.Config)) return plugin as Plugin
  const apply = typeof plugin === 'function' ? plugin : plugin.apply
  return { name: pluginName(plugin), inject: plugin.inject, provide: plugin.provide, apply } as Plugin
}

/** Waits until no mounted fiber is loading or unloading, or until the timeout passes. */
async function settle(fibers: readonly Fiber[], timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<'timeout'>((resolve) => { timer = setTimeout(() => resolve('timeout'), timeoutMs) })
  try {
    while (fibers.some((fiber) => fiber.inertia)) {
      const outcome = await Promise.race([Promise.allSettled(fibers.map((fiber) => fiber.await())), timeout])
      if (outcome === 'timeout') return
    }
  } finally {
    clearTimeout(timer)
  }
}

/** One line a person can act on: which plugin (entry id and name) did not start, and why. */
export function describePluginProblem(problem: PluginProblem): string {
  const name = problem.plugin === problem.id ? `plugin '${problem.id}'` : `plugin '${problem.id}' (${problem.plugin})`
  switch (problem.state) {
    case 'failed': return `${name} failed to start: ${problem.error}`
    case 'pending': return `${name} did not start: it needs ${problem.missing.join(', ')}, which no running plugin provides`
    case 'loading': return `${name} was still loading when boot stopped waiting`
  }
}

function problemOf(entry: ResolvedEntry, fiber: Fiber | undefined, failure: unknown): PluginProblem | undefined {
  const base = { id: entry.id, plugin: pluginName(entry.plugin) }
  if (!fiber) return failure === undefined ? undefined : { ...base, state: 'failed', error: describeError(failure) }
  switch (stateOf(fiber)) {
    case 'pending': {
      const missing = Object.keys(fiber.inject).filter((name) => fiber.ctx.get(name, false) === undefined)
      return { ...base, state: 'pending', missing }
    }
    case 'failed':
      return { ...base, state: 'failed', error: failure === undefined ? 'failed (error not reported yet)' : describeError(failure) }
    case 'loading':
      return { ...base, state: 'loading' }
    default:
      return undefined
  }
}

/**
 * Mounts `defaults` with `patches` applied on `root` and waits for the plugins to settle.
 * @throws DuplicateEntryIdError, InvalidCompositionError (nothing is mounted then)
 */
export async function bootKernel(
  root: Context,
  defaults: readonly CompositionEntry[],
  patches: readonly CompositionPatch[] = [],
  options: BootOptions = {},
): Promise<Kernel> {
  const { entries, warnings } = resolveComposition(defaults, patches)
  deferContextReadErrors(root)
  bindListenersOnce(root)
  captureEffectStacksLazily()
  const warn = options.warn ?? ((warning) => console.warn(warning.message))
  warnings.forEach((warning) => warn(warning))

  const mounted = new Map<string, Fiber>()
  const failures = new Map<string, unknown>()
  const idByContext = new Map<Context, string>()
  const stopWatching = root.on('internal/status', (fiber) => {
    const id = idByContext.get(fiber.ctx)
    if (id === undefined) return
    if (stateOf(fiber) === 'failed') fiber.await().catch((error: unknown) => failures.set(id, error))
    if (stateOf(fiber) === 'active') failures.delete(id)
  })

  const loadedPlugins = await loadPlugins(entries.filter((candidate) => !candidate.disabled))
  // Where the plugins were mounted (Cordis splices it into an error a plugin's setup throws): one call
  // site for every entry, so one stack captured here serves them all instead of one per `plugin()`.
  const mountSite = buildOuterStack(-1)
  for (const loaded of loadedPlugins) {
    if ('error' in loaded) {
      failures.set(loaded.entry.id, loaded.error)
      continue
    }
    const { entry } = loaded
    const configError = checkPluginConfig(entry)
    if (configError) {
      failures.set(entry.id, configError)
      continue
    }
    try {
      const fiber = root.registry.plugin(mountable(entry.plugin), entry.config, mountSite)
      mounted.set(entry.id, fiber)
      idByContext.set(fiber.ctx, entry.id)
    } catch (error) {
      failures.set(entry.id, error)
    }
  }
  await settle([...mounted.values()], options.settleTimeoutMs ?? 10_000)
  await Promise.all([...mounted].filter(([, fiber]) => stateOf(fiber) === 'failed')
    .map(([id, fiber]) => fiber.await().catch((error: unknown) => failures.set(id, error))))

  let disposing: Promise<void> | undefined
  return {
    dumpConfig: () => dumpEntries(entries),
    diagnostics: () => ({
      warnings: [...warnings],
      plugins: entries.flatMap((entry) => problemOf(entry, mounted.get(entry.id), failures.get(entry.id)) ?? []),
    }),
    fiber: (id) => mounted.get(id),
    dispose: () => (disposing ??= (async () => {
      stopWatching()
      for (const fiber of [...mounted.values()].reverse()) await fiber.dispose()
    })()),
  }
}
