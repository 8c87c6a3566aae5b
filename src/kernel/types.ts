/**
 * Kernel vocabulary: composition entries, patches, the effective-config dump and diagnostics.
 * Plane: worker/shared; types only.
 * @module kernel/types
 */
import type { Context, Fiber } from '@deepseek-ai/cordis'
import type { JsonSchemaNode } from '../tools/types.ts'
import type { StandardConfigSchema } from './plugin-config.ts'

/** What the kernel reads from a plugin besides its body. `Config` is validated before `apply`. */
export interface PluginMeta {
  readonly name?: string
  readonly inject?: readonly string[] | Readonly<Record<string, unknown>>
  readonly provide?: string | readonly string[]
  readonly Config?: JsonSchemaNode | StandardConfigSchema
}

/** A Cordis plugin in any of its three shapes: a Service class, a function, or a module with `apply`. */
export type KernelPlugin =
  | ((new (ctx: Context, config: any) => unknown) & PluginMeta)
  | (((ctx: Context, config: any) => unknown) & PluginMeta)
  | ({ apply: (ctx: Context, config: any) => unknown } & PluginMeta)

/**
 * A plugin the kernel imports only when its entry is enabled (a provider, workspace or storage the
 * runtime may not use): `name` stands for it in `dumpConfig()` and diagnostics; `load` resolves to
 * the plugin (a module namespace with `apply`, a class or a function). A failed load fails that entry.
 */
export interface LazyPlugin {
  readonly name: string
  readonly load: () => Promise<KernelPlugin>
}

/**
 * A plugin that can start, ahead of the boot, the I/O its start will wait for (creating or opening
 * its database): `preloadRuntime` calls `warm(config)` with its entry's config. It must not throw,
 * and it leaves every failure to the plugin's start, which meets and reports it as before.
 */
export interface WarmablePlugin {
  warm(config: unknown): void
}

/** One entry of the composition. `id` is stable (patches name it); order is mount order. */
export interface CompositionEntry {
  readonly id: string
  readonly plugin: KernelPlugin | LazyPlugin
  readonly config?: unknown
  readonly disabled?: boolean
}

/** Replaces an entry's whole config and/or (re-)enables or disables it. */
export interface EntryPatch {
  readonly id: string
  readonly config?: unknown
  readonly disabled?: boolean
}

/** Adds an entry before or after a named one (at the end when neither is given). */
export interface InsertPatch {
  readonly insert: CompositionEntry
  readonly before?: string
  readonly after?: string
}

export type CompositionPatch = EntryPatch | InsertPatch

/** Where an effective entry came from: the default list, a default entry changed by a patch, or an insert. */
export type ConfigLayer = 'default' | 'patch' | 'insert'

/** One resolved entry: what will be (or was) mounted. */
export interface ResolvedEntry {
  readonly id: string
  readonly plugin: KernelPlugin | LazyPlugin
  readonly config: unknown
  readonly disabled: boolean
  readonly layer: ConfigLayer
}

/** `dumpConfig()` row: JSON-safe, secrets redacted. */
export interface DumpedEntry {
  readonly id: string
  readonly plugin: string
  readonly layer: ConfigLayer
  readonly disabled: boolean
  readonly config: unknown
}

export type KernelWarningCode = 'KERNEL_UNKNOWN_ID'

export interface KernelWarning {
  readonly code: KernelWarningCode
  readonly message: string
}

/** A plugin that is not running: waiting for services, failed, or still loading when boot stopped waiting. */
export type PluginProblem =
  | { readonly id: string; readonly plugin: string; readonly state: 'pending'; readonly missing: readonly string[] }
  | { readonly id: string; readonly plugin: string; readonly state: 'failed'; readonly error: string }
  | { readonly id: string; readonly plugin: string; readonly state: 'loading' }

export interface KernelDiagnostics {
  readonly warnings: readonly KernelWarning[]
  readonly plugins: readonly PluginProblem[]
}

export interface BootOptions {
  /** Receives each warning as it is found. Default: `console.warn`. */
  readonly warn?: (warning: KernelWarning) => void
  /** How long boot waits for plugins to finish loading before it returns. Default 10 000 ms. */
  readonly settleTimeoutMs?: number
}

export interface Kernel {
  /** The effective composition, entry by entry, each marked with its layer. */
  dumpConfig(): DumpedEntry[]
  /** Patch warnings and every mounted plugin that is PENDING, FAILED or still LOADING. */
  diagnostics(): KernelDiagnostics
  /** The fiber of a mounted entry (undefined when disabled, failed validation or unknown). */
  fiber(id: string): Fiber | undefined
  /** Unloads every mounted plugin, last first; resolves when all disposers have run. Idempotent. */
  dispose(): Promise<void>
}

declare module '@deepseek-ai/cordis' {
  interface Events {
    /**
     * The page hosting this runtime is going away (`pagehide`): best-effort goodbyes only (the worker may
     * stop at any moment), e.g. an MCP client ending its sessions with a `keepalive` request.
     * @mode emit
     */
    'runtime/page-leaving'(): void
  }
}
