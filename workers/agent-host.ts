/**
 * The agent host module: builds the host over the kernel's runtime factory and exposes it to the
 * page with comlink. Loaded by workers/agent.worker.ts. Plane: worker; wiring only.
 * Contract: only messages from this page's origin reach the host (dedicated-worker messages
 * carry the owner's origin or none; anything else is dropped by comlink's origin check).
 * @module workers/agent-host
 */
import * as Comlink from 'comlink'
import { AgentHost } from '../src/host/index.ts'
import { createRuntime } from '../src/kernel/runtime.ts'
import { preloadRuntime } from '../src/kernel/preload.ts'

const host = new AgentHost(createRuntime, preloadRuntime)
Comlink.expose(host, self, [self.location.origin, ''])
