/**
 * `session.export`: a session as dsh JSONL — a followed session's stored log as read so far, else
 * the store's export — refused when it holds the provider key. Loaded by host/commands.ts on the
 * first export (the JSONL writer stays off the first turn). Plane: worker.
 * @module host/session-export
 */
import { exportJsonl } from '../session/jsonl.ts'
import type { SessionId } from '../util/brand.ts'
import { HostError } from './errors.ts'
import type { CommandHost, HostRuntime } from './types.ts'

export async function exportSession(host: CommandHost, runtime: HostRuntime, sessionId: SessionId): Promise<{ jsonl: string }> {
  await host.followers.ready(sessionId)
  const followed = host.followers.stored(sessionId)
  const jsonl = followed ? exportJsonl(followed.header, followed.events) : await runtime.sessions.export(sessionId)
  if (host.containsKey(jsonl)) throw new HostError('EXPORT_CONTAINS_SECRET', 'the export contains the provider key; refusing to hand it out')
  return { jsonl }
}
