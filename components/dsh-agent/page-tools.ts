/**
 * The page half of page tools: `<dsh-agent>.registerTool(definition)` (dsh-agent's shape or WebMCP's) keeps the tool here, declares
 * it to the worker over a MessagePort, runs its `execute` when the worker starts a call (with an
 * AbortSignal the worker's abort reaches) and sends back the text. Plane: main.
 * Contract: a bad definition throws a TypeError at once; the returned function unregisters it;
 * `connect` re-declares every tool on a fresh port (a new worker); `close` aborts every running call.
 * @module components/dsh-agent/page-tools
 */
import { validateWorkerToPage, type PageToolEffect, type PageToolSpec, type PageToWorkerMessage, type WorkerToPageMessage } from '../../src/protocol/index.ts'

/**
 * A page tool: dsh-agent's shape (`parameters`, `effect`) or WebMCP's (`inputSchema`,
 * `annotations.readOnlyHint`: `true` → `effect: 'read'`), which `document.modelContext.registerTool` takes.
 */
export interface PageToolDefinition {
  /** `[A-Za-z0-9_-]{1,64}`; the model calls the tool by this name. */
  name: string
  description: string
  /** JSON Schema of the arguments, with an object root. */
  parameters?: Record<string, unknown>
  /** WebMCP's name for `parameters` (give one of them; neither: no arguments). */
  inputSchema?: Record<string, unknown>
  /** WebMCP's hints: `readOnlyHint: true` is `effect: 'read'` (an explicit `effect` wins). */
  annotations?: { readOnlyHint?: boolean }
  /** `read` never asks; `write` / `execute` (the default) ask under the `ask` preset. */
  effect?: PageToolEffect
  /** Deadline in ms (default 30 000). */
  timeoutMs?: number
  /**
   * Runs on the page. A string is the result text; an MCP-shaped result (`{content: [{type: 'text', text}], isError?}`)
   * gives its text (`isError`: the call failed); any other value is sent as JSON. `requestUserInteraction` (WebMCP's
   * client) runs its callback at once: the person is already asked by the approval before the tool runs.
   */
  execute(args: Record<string, unknown>, context: { signal: AbortSignal; requestUserInteraction(callback: () => unknown): Promise<unknown> }): unknown
}

const NAME = /^[A-Za-z0-9_-]{1,64}$/
/** The schema of a WebMCP tool that declares no `inputSchema`. */
const NO_ARGUMENTS = { type: 'object', properties: {} }
const EFFECTS: readonly PageToolEffect[] = ['read', 'write', 'execute']

function specOf(definition: PageToolDefinition): PageToolSpec {
  const fail = (problem: string): never => { throw new TypeError(`registerTool(${JSON.stringify(definition?.name)}): ${problem}`) }
  if (typeof definition !== 'object' || definition === null) fail('expected a definition object')
  if (typeof definition.name !== 'string' || !NAME.test(definition.name)) fail(`name must match ${NAME}`)
  if (typeof definition.description !== 'string' || definition.description.trim() === '') fail('description must be a non-empty string')
  if (typeof definition.execute !== 'function') fail('execute must be a function')
  const effect = definition.effect ?? (definition.annotations?.readOnlyHint === true ? 'read' : 'execute')
  if (!EFFECTS.includes(effect)) fail("effect must be 'read', 'write' or 'execute'")
  if (definition.timeoutMs !== undefined && !(Number.isFinite(definition.timeoutMs) && definition.timeoutMs > 0)) fail('timeoutMs must be a positive number')
  if (definition.parameters !== undefined && definition.inputSchema !== undefined) fail('give parameters or inputSchema, not both')
  let parameters: PageToolSpec['parameters']
  try {
    parameters = JSON.parse(JSON.stringify(definition.parameters ?? definition.inputSchema ?? NO_ARGUMENTS)) as PageToolSpec['parameters']
  } catch {
    return fail('parameters must be JSON')
  }
  if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters) || parameters.type !== 'object') fail("parameters must be a JSON Schema with { type: 'object' } at the root")
  return { name: definition.name, description: definition.description, parameters, effect, ...(definition.timeoutMs ? { timeoutMs: definition.timeoutMs } : {}) }
}

/** An MCP-shaped result's text blocks, joined; `undefined` for any other value. */
function mcpText(value: unknown): string | undefined {
  const content = (value as { content?: unknown } | null)?.content
  if (!Array.isArray(content) || !content.every((b) => typeof b === 'object' && b !== null && typeof (b as { type?: unknown }).type === 'string')) return undefined
  return content.map((b: { type: string; text?: unknown }) => (b.type === 'text' && typeof b.text === 'string' ? b.text : `[${b.type} content: not shown to the model]`)).join('\n')
}

function resultText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === undefined) return '(done)'
  const text = mcpText(value)
  if (text !== undefined && (value as { isError?: unknown }).isError === true) throw new Error(text || 'the tool failed') // an MCP-shaped failure: its text is the error
  return text ?? JSON.stringify(value)
}

export class PageTools {
  readonly #tools = new Map<string, { definition: PageToolDefinition; spec: PageToolSpec }>()
  readonly #running = new Map<string, AbortController>()
  #port: MessagePort | undefined

  /** @param onRejected the worker refused a tool (its name is taken, its schema does not compile). */
  constructor(private readonly onRejected: (name: string, message: string) => void) {}

  register(definition: PageToolDefinition): () => void {
    const spec = specOf(definition)
    if (this.#tools.has(spec.name)) throw new TypeError(`registerTool(${JSON.stringify(spec.name)}): a page tool with this name is already registered`)
    const entry = { definition, spec }
    this.#tools.set(spec.name, entry)
    this.#post({ kind: 'tool.register', spec })
    return () => {
      if (this.#tools.get(spec.name) !== entry) return
      this.#tools.delete(spec.name)
      this.#post({ kind: 'tool.unregister', name: spec.name })
    }
  }

  /** A fresh channel for a new worker: every registered tool is declared on it. @returns the worker's end */
  connect(): MessagePort {
    this.close()
    const channel = new MessageChannel()
    this.#port = channel.port1
    channel.port1.onmessage = (event: MessageEvent) => this.#receive(event.data)
    for (const { spec } of this.#tools.values()) this.#post({ kind: 'tool.register', spec })
    return channel.port2
  }

  close(): void {
    for (const controller of this.#running.values()) controller.abort(new Error('the agent element was removed'))
    this.#running.clear()
    this.#port?.close()
    this.#port = undefined
  }

  #post(message: PageToWorkerMessage): void {
    this.#port?.postMessage(message)
  }

  #receive(raw: unknown): void {
    let message: WorkerToPageMessage
    try {
      message = validateWorkerToPage(raw)
    } catch { // only this element's worker holds the other end; a malformed message is dropped
      return
    }
    if (message.kind === 'call.abort') this.#running.get(message.id)?.abort(new Error(message.reason))
    else if (message.kind === 'tool.rejected') {
      this.#tools.delete(message.name)
      this.onRejected(message.name, message.message)
    } else void this.#run(message.id, message.name, message.args)
  }

  async #run(id: string, name: string, args: unknown): Promise<void> {
    const tool = this.#tools.get(name)
    if (!tool) return this.#post({ kind: 'call.failed', id, message: `page tool "${name}" is no longer registered` })
    const controller = new AbortController()
    this.#running.set(id, controller)
    try {
      const value = await tool.definition.execute((args ?? {}) as Record<string, unknown>, { signal: controller.signal, requestUserInteraction: async (callback) => callback() })
      this.#post({ kind: 'call.done', id, text: resultText(value) })
    } catch (error) {
      this.#post({ kind: 'call.failed', id, message: error instanceof Error ? error.message : String(error) })
    } finally {
      this.#running.delete(id)
    }
  }
}
