/**
 * `page-tools="webmcp"`: the agent adopts the tools the page registers through WebMCP's
 * `document.modelContext.registerTool` (native, a polyfill's object, or — where neither exists — a
 * minimal one installed here), each as a page tool through the full pipeline. Plane: main.
 * Contract: the page's own `registerTool` / `unregisterTool` still run first and keep their results;
 * a tool the agent cannot take (a bad name or schema) is reported, the page's registration stands.
 * @module components/dsh-agent/webmcp-tools
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'
import type { PageToolDefinition } from './page-tools.ts'

interface ModelContextLike {
  registerTool?(tool: PageToolDefinition, options?: { signal?: AbortSignal }): unknown
  unregisterTool?(name: string): unknown
}

interface Follower {
  added(tool: PageToolDefinition): void
  removed(tool: PageToolDefinition): void
}

/** One per document: wraps its modelContext once, keeps the tools registered since, tells every follower. */
class ModelContextTap {
  readonly tools = new Map<string, PageToolDefinition>()
  readonly followers = new Set<Follower>()

  constructor(context: ModelContextLike) {
    const register = context.registerTool?.bind(context)
    const unregister = context.unregisterTool?.bind(context)
    context.registerTool = (tool, options) => {
      const result = register?.(tool, options) // the page's own modelContext refuses a bad tool first (it throws)
      this.#add(tool)
      options?.signal?.addEventListener('abort', () => this.#remove(tool), { once: true })
      return result
    }
    context.unregisterTool = (name) => {
      const result = unregister?.(name)
      const tool = this.tools.get(name)
      if (tool) this.#remove(tool)
      return result
    }
  }

  #add(tool: PageToolDefinition): void {
    const previous = this.tools.get(tool?.name)
    if (previous) this.#remove(previous)
    this.tools.set(tool?.name, tool)
    for (const follower of this.followers) follower.added(tool)
  }

  #remove(tool: PageToolDefinition): void {
    if (this.tools.get(tool.name) !== tool) return
    this.tools.delete(tool.name)
    for (const follower of this.followers) follower.removed(tool)
  }
}

let tap: ModelContextTap | undefined

function modelContextTap(): ModelContextTap {
  if (tap) return tap
  const holder = document as Document & { modelContext?: ModelContextLike }
  const legacy = (navigator as Navigator & { modelContext?: ModelContextLike }).modelContext
  let context = holder.modelContext ?? legacy
  if (!context) { // no WebMCP here: a minimal modelContext, so a page written for it still registers
    context = {}
    Object.defineProperty(document, 'modelContext', { value: context, configurable: true })
  }
  tap = new ModelContextTap(context)
  return tap
}

/** Adopts the page's WebMCP tools while the host's `page-tools` is `webmcp` and it is connected. */
export class WebMcpToolsController implements ReactiveController {
  readonly #adopted = new Map<PageToolDefinition, () => void>()
  #following: Follower | undefined

  /**
   * @param enabled whether `page-tools="webmcp"` is set now.
   * @param register the host's `registerTool` (returns the unregister function; throws a TypeError for a tool it cannot take).
   * @param rejected a tool could not be adopted, and why.
   */
  constructor(host: ReactiveControllerHost, private readonly enabled: () => boolean,
    private readonly register: (tool: PageToolDefinition) => () => void, private readonly rejected: (name: string, message: string) => void) {
    host.addController(this)
  }

  hostConnected(): void {
    this.#sync()
  }

  hostUpdate(): void {
    this.#sync()
  }

  hostDisconnected(): void {
    this.#stop()
  }

  #sync(): void {
    if (this.enabled() && !this.#following) this.#start()
    else if (!this.enabled() && this.#following) this.#stop()
  }

  #start(): void {
    const source = modelContextTap()
    const follower: Follower = { added: (tool) => this.#adopt(tool), removed: (tool) => this.#drop(tool) }
    this.#following = follower
    source.followers.add(follower)
    for (const tool of source.tools.values()) this.#adopt(tool)
  }

  #stop(): void {
    if (this.#following) tap?.followers.delete(this.#following)
    this.#following = undefined
    for (const unregister of this.#adopted.values()) unregister()
    this.#adopted.clear()
  }

  #adopt(tool: PageToolDefinition): void {
    try {
      this.#adopted.set(tool, this.register(tool))
    } catch (error) { // a name or schema the agent cannot take: named, the page's own registration stands
      this.rejected(String(tool?.name), (error as Error).message)
    }
  }

  #drop(tool: PageToolDefinition): void {
    this.#adopted.get(tool)?.()
    this.#adopted.delete(tool)
  }
}
