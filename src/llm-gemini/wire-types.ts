/**
 * The Gemini API wire format (`generateContent` request, streamed `GenerateContentResponse`s,
 * `usageMetadata`) as the streaming client uses it. Plane: shared; types only.
 * @module llm-gemini/wire-types
 */
import type { JsonValue } from '../util/json.ts'

export interface GeminiPart {
  text?: string
  thought?: boolean
  thoughtSignature?: string
  inlineData?: { mimeType: string; data: string }
  functionCall?: { id?: string; name?: string; args?: { [key: string]: JsonValue } }
  functionResponse?: { id?: string; name: string; response: { [key: string]: JsonValue } }
}

export interface GeminiContent {
  role: 'user' | 'model'
  parts: GeminiPart[]
}

export interface GeminiRequest {
  contents: GeminiContent[]
  systemInstruction?: { parts: { text: string }[] }
  tools?: { functionDeclarations: { name: string; description: string; parameters?: JsonValue }[] }[]
  generationConfig?: {
    maxOutputTokens?: number
    temperature?: number
    stopSequences?: string[]
    thinkingConfig?: { includeThoughts: boolean }
  }
}

export interface GeminiUsage {
  promptTokenCount?: number
  candidatesTokenCount?: number
  cachedContentTokenCount?: number
  thoughtsTokenCount?: number
}

export interface GeminiResponse {
  candidates?: { content?: { parts?: GeminiPart[] }; finishReason?: string }[]
  usageMetadata?: GeminiUsage
  promptFeedback?: { blockReason?: string }
  error?: { code?: number; message?: string; status?: string; details?: JsonValue[] }
}
