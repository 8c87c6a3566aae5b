/**
 * History → Gemini `generateContent` request: adjacent user messages merged (the results of one
 * step's calls in one turn), tool calls as `functionCall` parts and results as `functionResponse`
 * parts (named after their call), thought signatures (replay state) sent back on the parts they
 * came with, the system prompt as `systemInstruction`, schemas in Gemini's OpenAPI subset.
 * Plane: shared; pure. Contract: roles are `user` and `model` only.
 * @module llm-gemini/serialize
 */
import type { ContentBlock, GenerateOptions, Message } from '../llm/types.ts'
import type { JsonValue } from '../util/json.ts'
import { callReplay, mergeAdjacentUserMessages, parsedArguments, replayStateOf, textOf } from '../llm-http/history.ts'
import { normalizeToolSchema } from '../llm-http/tool-schema.ts'
import type { GeminiContent, GeminiPart, GeminiRequest } from './wire-types.ts'

function userParts(content: readonly ContentBlock[], callNames: ReadonlyMap<string, string>): GeminiPart[] {
  return content.flatMap((block): GeminiPart[] => {
    if (block.type === 'text' && block.text !== '') return [{ text: block.text }]
    if (block.type === 'image') return [{ inlineData: { mimeType: block.attachment.mediaType, data: block.attachment.data } }]
    if (block.type !== 'tool-result') return []
    const response: { [key: string]: JsonValue } = block.isError ? { error: textOf(block.content) } : { result: textOf(block.content) }
    return [{ functionResponse: { id: block.toolCallId, name: callNames.get(block.toolCallId) ?? 'unknown', response } }]
  })
}

function modelParts(message: Message, provider: string): GeminiPart[] {
  const replay = replayStateOf(message, provider)
  const parts: GeminiPart[] = []
  const text = textOf(message.content)
  if (text) parts.push({ text, ...(typeof replay.textSignature === 'string' ? { thoughtSignature: replay.textSignature } : {}) })
  for (const block of message.content) {
    if (block.type !== 'tool-call') continue
    const signature = callReplay(replay, block.id)?.thoughtSignature
    parts.push({ functionCall: { id: block.id, name: block.name, args: parsedArguments(block.arguments) }, ...(typeof signature === 'string' ? { thoughtSignature: signature } : {}) })
  }
  return parts
}

export function serializeGeminiContents(messages: readonly Message[], provider: string): GeminiContent[] {
  const callNames = new Map<string, string>()
  const out: GeminiContent[] = []
  for (const message of mergeAdjacentUserMessages(messages.map((m) => (m.role === 'system' ? { ...m, role: 'user' as const } : m)))) {
    if (message.role === 'assistant') {
      for (const block of message.content) if (block.type === 'tool-call') callNames.set(block.id, block.name)
    }
    const parts = message.role === 'assistant' ? modelParts(message, provider) : userParts(message.content, callNames)
    if (parts.length) out.push({ role: message.role === 'assistant' ? 'model' : 'user', parts })
  }
  return out
}

export function buildGeminiRequest(options: GenerateOptions, settings: { provider: string; thinking: boolean }): GeminiRequest {
  const body: GeminiRequest = { contents: serializeGeminiContents(options.messages, settings.provider) }
  if (options.system) body.systemInstruction = { parts: [{ text: options.system }] }
  if (options.tools?.length) {
    body.tools = [{ functionDeclarations: options.tools.map((tool) => ({ name: tool.name, description: tool.description, parameters: normalizeToolSchema(tool.parameters, 'gemini') })) }]
  }
  const config: NonNullable<GeminiRequest['generationConfig']> = {}
  if (options.maxTokens !== undefined) config.maxOutputTokens = options.maxTokens
  if (options.temperature !== undefined) config.temperature = options.temperature
  if (options.stop?.length) config.stopSequences = [...options.stop]
  if (settings.thinking) config.thinkingConfig = { includeThoughts: true }
  if (Object.keys(config).length) body.generationConfig = config
  return body
}
