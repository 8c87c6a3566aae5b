/**
 * The `gateway` adapter: the OpenAI-compatible adapter pointed at `{url}/v1`, with the session
 * token as its bearer (got and renewed by `GatewaySession`, never a key) and the gateway's
 * refusals named (`failures.ts`). A token the gateway calls ended is renewed and the call sent
 * once more, if nothing was streamed yet. Plane: worker/shared; fetch only.
 * @module llm-gateway/adapter
 */
import { resolveSettings } from '../llm-openai-compatible/index.ts'
import { createOpenAiCompatibleAdapter } from '../llm-openai-compatible/adapter.ts'
import { LlmError } from '../llm/errors.ts'
import type { GenerateOptions, LlmAdapter, StreamChunk } from '../llm/types.ts'
import { gatewayFailure } from './failures.ts'
import { GatewaySession } from './session-client.ts'

export interface GatewaySettings {
  /** The gateway's origin (and path prefix, if any), e.g. `https://ai.example.com`. */
  url: string
  model: string
  thinking?: boolean
}

const endedSession = (error: unknown): boolean => error instanceof LlmError && error.failure.code === 'INVALID_CREDENTIAL' && (error.failure.detail ?? '').startsWith('TOKEN_')

export function createGatewayAdapter(settings: GatewaySettings): LlmAdapter {
  const session = new GatewaySession(settings.url)
  const base = createOpenAiCompatibleAdapter({
    ...resolveSettings({ provider: 'gateway', baseURL: `${settings.url.replace(/\/+$/, '')}/v1`, model: settings.model, ...(settings.thinking === undefined ? {} : { thinking: settings.thinking }) }),
    credential: (signal) => session.token(signal),
    describeFailure: gatewayFailure,
  })

  async function* stream(options: GenerateOptions): AsyncGenerator<StreamChunk> {
    let streamed = false
    try {
      for await (const chunk of base.stream(options)) {
        streamed = true
        yield chunk
      }
    } catch (error) {
      if (streamed || !endedSession(error)) throw error
      session.invalidate()
      yield* base.stream(options)
    }
  }

  return { ...base, providerInfo: { id: 'gateway', label: 'Site gateway' }, stream }
}
