/**
 * `ctx.llm`: the `Service` façade (kernel/cordis/service) over `LlmCore`: adapter registrations as effects of
 * the calling fiber; lookups, route preparation and streaming are the core's. Plane: worker/shared; no DOM.
 * Contract: registrations are reversible; adapter throws become a terminal `finish`;
 * a prepared call streams once, with the exact config it was prepared for.
 * @module llm/runtime
 */
import { Service, type Context } from '@deepseek-ai/cordis'
import { eventBus, type CoreService } from '../kernel/cordis/service.ts'
import { LlmCore, type PreparedCall } from './llm-core.ts'
import type { GenerateOptions, LlmAdapter, LlmCallConfig, ModelInfo, StreamChunk } from './types.ts'

export { callConfigEquals, LlmCore, type AdapterDefaults, type PreparedCall } from './llm-core.ts'

declare module '@deepseek-ai/cordis' {
  interface Context {
    llm: LlmRuntime
  }
  interface Events {
    /**
     * Every model call. @mode waterfall. Listeners may inspect or veto (throw) and must
     * return `next()` unless they own the stream; the terminal `next` runs the adapter.
     */
    'llm/stream'(options: GenerateOptions, next: () => AsyncIterable<StreamChunk>): AsyncIterable<StreamChunk>
  }
}

export class LlmRuntime extends Service implements CoreService<LlmCore> {
  readonly core: LlmCore

  constructor(ctx: Context) {
    super(ctx, 'llm')
    this.core = new LlmCore(eventBus(ctx))
  }

  /**
   * Serves `providers` with `adapter` until the returned disposer runs or the calling
   * plugin is disposed. @throws Error if a provider already has an adapter.
   */
  registerAdapter(providers: readonly string[], adapter: LlmAdapter): () => Promise<void> {
    const { adapters } = this.core
    const taken = providers.filter((provider) => adapters.has(provider))
    if (taken.length) throw new Error(`llm: provider "${taken.join('", "')}" already has an adapter`)
    return this.ctx.effect(() => {
      for (const provider of providers) adapters.set(provider, adapter)
      return () => {
        for (const provider of providers) {
          if (adapters.get(provider) === adapter) adapters.delete(provider)
        }
      }
    }, `llm.registerAdapter(${providers.join(',')})`)
  }

  getAdapter(provider: string): LlmAdapter | undefined {
    return this.core.getAdapter(provider)
  }

  listProviders(): string[] {
    return this.core.listProviders()
  }

  listModels(): Promise<ModelInfo[]> {
    return this.core.listModels()
  }

  resolveModelInfo(provider: string, model: string): ModelInfo | undefined {
    return this.core.resolveModelInfo(provider, model)
  }

  prepareCall(config: LlmCallConfig, signal?: AbortSignal): Promise<PreparedCall> {
    return this.core.prepareCall(config, signal)
  }

  stream(options: GenerateOptions): AsyncIterable<StreamChunk> {
    return this.core.stream(options)
  }
}

