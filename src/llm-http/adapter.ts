/**
 * The `LlmAdapter` of an HTTP provider from its parts: a model catalog of the configured models,
 * the label, and the stream function; reasoning effort as an adapter default when configured.
 * Plane: shared; pure. @module llm-http/adapter
 */
import { ModelCatalog, type ModelEntry } from '../llm/model-catalog.ts'
import type { GenerateOptions, LlmAdapter, StreamChunk } from '../llm/types.ts'
import { configuredModel, type HttpProviderSettings } from './settings.ts'

/** The catalog of the configured model facts, after `builtIn` (e.g. DeepSeek's models). */
export function catalogOf(settings: HttpProviderSettings, builtIn: readonly ModelEntry[] = []): ModelCatalog {
  return new ModelCatalog(settings.provider, [...builtIn, ...settings.models, configuredModel(settings)])
}

export function httpAdapter(settings: HttpProviderSettings, label: string, catalog: ModelCatalog, stream: (options: GenerateOptions) => AsyncIterable<StreamChunk>): LlmAdapter {
  return {
    providerInfo: { id: settings.provider, label },
    listModels: async () => catalog.list(),
    resolveModel: (model) => catalog.resolve(model),
    callDefaults: () => (settings.reasoningEffort !== undefined ? { reasoningEffort: settings.reasoningEffort } : {}),
    stream,
  }
}
