/**
 * The model runtime's core (kernel/cordis/service): the adapters by provider, route preparation and the one
 * path every model call takes — the `llm/stream` waterfall whose terminal `next` finds the adapter.
 * Plane: worker/shared; a plain object — the loop prepares and streams through it every step.
 * Contract: registers nothing (adapters come and go through the `ctx.llm` façade); adapter throws
 * become a terminal `finish`; a prepared call streams once, with the exact config it was prepared for.
 * @module llm/llm-core
 */
import type { EventsService } from '@deepseek-ai/cordis'
import { DEFAULT_RETRY_POLICY, LlmError } from './errors.ts'
import { guardStream } from './guarded-stream.ts'
import type { GenerateOptions, LlmAdapter, LlmCallConfig, ModelInfo, RetryPolicy, StreamChunk } from './types.ts'

/** Which config fields `prepareCall` filled from adapter defaults. */
export interface AdapterDefaults {
  reasoningEffort?: true
  maxTokens?: true
}

export interface PreparedCall {
  readonly config: Readonly<LlmCallConfig>
  readonly retryPolicy: Readonly<RetryPolicy>
  readonly context?: ModelInfo
  readonly adapterDefaults: Readonly<AdapterDefaults>
  /** Streams once; `options` must carry exactly `config`, else `INVALID_PREPARED_CALL`. */
  stream(options: GenerateOptions): AsyncIterable<StreamChunk>
}

const CONFIG_KEYS = ['provider', 'model', 'reasoningEffort', 'temperature', 'maxTokens'] as const

/** Compares the call-config fields of two configs (`stop` element-wise). */
export function callConfigEquals(a: LlmCallConfig, b: LlmCallConfig): boolean {
  if (CONFIG_KEYS.some((key) => a[key] !== b[key])) return false
  const sa = a.stop ?? []
  const sb = b.stop ?? []
  return sa.length === sb.length && sa.every((value, i) => value === sb[i])
}

export class LlmCore {
  /** The adapter serving each provider (the façade adds and removes entries). */
  readonly adapters = new Map<string, LlmAdapter>()

  /** @param events the bus (kernel/cordis/service `eventBus`) */
  constructor(private readonly events: EventsService) {}

  /** The adapter serving `provider`, if any (tests reach the scripted provider this way). */
  getAdapter(provider: string): LlmAdapter | undefined {
    return this.adapters.get(provider)
  }

  listProviders(): string[] {
    return [...this.adapters.keys()]
  }

  /** Every model every adapter lists (each adapter asked once). */
  async listModels(): Promise<ModelInfo[]> {
    const lists = await Promise.all([...new Set(this.adapters.values())].map((adapter) => adapter.listModels?.() ?? []))
    return lists.flat()
  }

  resolveModelInfo(provider: string, model: string): ModelInfo | undefined {
    return this.adapters.get(provider)?.resolveModel?.(model)
  }

  /**
   * Resolves the route: fills adapter defaults, picks the retry policy and model facts.
   * @throws LlmError `NO_ADAPTER` (no adapter for the provider) or `ABORTED`.
   */
  async prepareCall(config: LlmCallConfig, signal?: AbortSignal): Promise<PreparedCall> {
    if (signal?.aborted) throw new LlmError({ message: 'request aborted', code: 'ABORTED' })
    const adapter = this.adapters.get(config.provider)
    if (!adapter) throw new LlmError({ message: `no adapter for provider "${config.provider}"`, code: 'NO_ADAPTER' })
    const filled: LlmCallConfig = structuredClone(config)
    const adapterDefaults: AdapterDefaults = {}
    const defaults = adapter.callDefaults?.(config) ?? {}
    if (filled.reasoningEffort === undefined && defaults.reasoningEffort !== undefined) {
      filled.reasoningEffort = defaults.reasoningEffort
      adapterDefaults.reasoningEffort = true
    }
    if (filled.maxTokens === undefined && defaults.maxTokens !== undefined) {
      filled.maxTokens = defaults.maxTokens
      adapterDefaults.maxTokens = true
    }
    const context = adapter.resolveModel?.(config.model)
    let used = false
    const prepared: PreparedCall = {
      config: Object.freeze(filled),
      retryPolicy: adapter.providerRetryPolicy ?? DEFAULT_RETRY_POLICY,
      adapterDefaults: Object.freeze(adapterDefaults),
      ...(context ? { context } : {}),
      stream: (options) => {
        if (used) throw new LlmError({ message: 'prepared call already streamed', code: 'INVALID_PREPARED_CALL' })
        if (!callConfigEquals(options, filled)) {
          throw new LlmError({ message: 'stream options differ from the prepared config', code: 'INVALID_PREPARED_CALL' })
        }
        used = true
        return this.stream(options)
      },
    }
    return prepared
  }

  /**
   * One model call through the `llm/stream` waterfall. Listener throws propagate; adapter
   * failures arrive as a terminal `finish {error|aborted}` (`NO_ADAPTER` included).
   */
  stream(options: GenerateOptions): AsyncIterable<StreamChunk> {
    return this.events.waterfall('llm/stream', options, () => guardStream(() => {
      const adapter = this.adapters.get(options.provider)
      if (!adapter) throw new LlmError({ message: `no adapter for provider "${options.provider}"`, code: 'NO_ADAPTER' })
      return adapter.stream(options)
    }, options.signal))
  }
}
