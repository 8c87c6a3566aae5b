/**
 * Bench fixture: a bare agent on a fresh in-memory session with turn 1, step 1 open, so tool
 * batches can be executed and logged outside the loop (tools and mcp benches).
 * @module bench/agent-in-step
 */
import type { Context } from '@deepseek-ai/cordis'
import { Session } from '../src/session/session.ts'
import { SESSION_FORMAT_VERSION } from '../src/session/types.ts'
import type { Agent } from '../src/agent-loop/types.ts'
import type { SessionId } from '../src/util/brand.ts'

export function agentInStep(root: Context): Agent {
  const id = 'bench-session' as SessionId
  const session = new Session({ id, header: { type: 'session', version: SESSION_FORMAT_VERSION, id, createdAt: 0, delegationDepth: 0 } })
  session.append('turn/start', { turn: 1 })
  session.append('step/start', { turn: 1, step: 1 })
  return { id, session, ctx: root } as unknown as Agent
}
