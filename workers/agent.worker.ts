/**
 * Agent worker entry: builds the host over the kernel's runtime factory and exposes it to the
 * page with comlink. Plane: worker; entry only — no logic beyond wiring.
 * Contract: only messages from this page's origin reach the host (dedicated-worker messages
 * carry the owner's origin or none; anything else is dropped by comlink's origin check).
 * @module workers/agent.worker
 */
import * as Comlink from 'comlink'
import { AgentHost, HostError } from '../src/host/index.ts'

// createRuntime (src/kernel/runtime.ts) has not landed yet: until it does, every session command
// answers DSH_RUNTIME_UNAVAILABLE instead of breaking the build for every page.
const host = new AgentHost(() => Promise.reject(new HostError('DSH_RUNTIME_UNAVAILABLE', 'the agent runtime (createRuntime) is not part of this build yet')))
Comlink.expose(host, self, [self.location.origin, ''])
