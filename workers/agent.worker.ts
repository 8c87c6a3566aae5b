/**
 * Agent worker entry: holds the page's messages while it imports the host module (workers/agent-host.ts),
 * then replays them to it. Meanwhile it starts the first I/O the host will wait for: the read of the
 * remembered secrets (src/host/key-store.ts, a small chunk of its own), which the host then takes over,
 * and, once the page's preload hint is among the held messages, the import of the storage and model
 * provider modules it names (src/kernel/early-parts.ts), which the host's boot then finds loaded (the
 * hint is replayed with the rest; the host's comlink ignores it).
 * Plane: worker; entry only, with no static import.
 * Contract: this entry's chunk is imported by nothing and imports nothing statically. WebKit
 * evaluates a module worker's entry script a second time when a chunk imports it: a lazy chunk
 * (just-bash) importing shared code from the entry made a second, unconfigured host answer the page
 * (`DSH_NOT_CONFIGURED` after the first `bash` run); the host's chunk, loaded by `import()`, is in the
 * module map once. (Firefox checks a worker's static imports against `worker-src`: with no static
 * import here the worker itself starts under `worker-src 'self' blob:`.)
 * @module workers/agent.worker
 */
const held: MessageEvent[] = []
// First: a small chunk, loaded and run before the host's large one arrives, so the imports it starts go out
// while that one still downloads and compiles.
const earlyParts = import('../src/kernel/early-parts.ts')
const hold = (event: MessageEvent): void => {
  held.push(event)
  earlyParts.then((parts) => parts.takeHint(event.data), () => undefined)
}
addEventListener('message', hold)
// Not awaited: a failed load here fails again, and is reported, where the host imports it.
import('../src/host/key-store.ts').then((store) => store.prefetchRememberedSecrets(), () => undefined)
import('./agent-host.ts').then(() => {
  removeEventListener('message', hold)
  for (const event of held) dispatchEvent(new MessageEvent('message', { data: event.data, ports: [...event.ports] }))
}, reportError)
