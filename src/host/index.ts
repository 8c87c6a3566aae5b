/**
 * Public surface of the worker-side host: `AgentHost` (the comlink-exposed `HostApi`) and the
 * runtime contract it drives. Plane: worker.
 * @module host/index
 */
export { AgentHost } from './host.ts'
export { HostError } from './errors.ts'
export type { HostRuntime, HostRuntimeOptions, RuntimeFactory, RuntimePreload } from './types.ts'
