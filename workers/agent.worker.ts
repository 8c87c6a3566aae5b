/**
 * Agent worker entry: builds the host over the kernel's runtime factory and exposes it to the
 * page with comlink. Plane: worker; entry only — no logic beyond wiring.
 * Contract: only messages from this page's origin reach the host (dedicated-worker messages
 * carry the owner's origin or none; anything else is dropped by comlink's origin check).
 * @module workers/agent.worker
 */
import * as Comlink from 'comlink'
import { AgentHost } from '../src/host/index.ts'
import { createRuntime } from '../src/kernel/runtime.ts'

const host = new AgentHost(createRuntime)
Comlink.expose(host, self, [self.location.origin, ''])
