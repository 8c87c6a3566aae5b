/**
 * The parts of `<dsh-agent>` that load when first shown, not with the element: the sessions panel,
 * the settings panels (provider settings and MCP servers) and the question card. Each is a dynamic
 * import that defines its custom element; the element renders the tag at once and the browser
 * upgrades it when its module arrives (Lit keeps the properties set before the upgrade).
 * Plane: main. Contract: a part is imported once; an import that fails is reported once through
 * `onFailure` (the browser's module map keeps the failure, so it is not retried).
 * @module components/dsh-agent/lazy-parts
 */
const loaders = {
  sessions: () => import('../dsh-session-list/dsh-session-list.ts'),
  settings: () => Promise.all([import('../dsh-settings/dsh-settings.ts'), import('../dsh-mcp-settings/dsh-mcp-settings.ts')]),
  question: () => import('../dsh-question-card/dsh-question-card.ts'),
} as const

export type LazyPart = keyof typeof loaders

export class LazyParts {
  readonly #loading = new Map<LazyPart, Promise<void>>()

  constructor(private readonly onFailure: (part: LazyPart, error: Error) => void) {}

  /** Starts loading `part` the first time it is needed; settles when its element is defined (or failed). */
  need(part: LazyPart): Promise<void> {
    let loading = this.#loading.get(part)
    if (!loading) {
      loading = loaders[part]().then(() => undefined, (error: unknown) => this.onFailure(part, error instanceof Error ? error : new Error(String(error))))
      this.#loading.set(part, loading)
    }
    return loading
  }
}
