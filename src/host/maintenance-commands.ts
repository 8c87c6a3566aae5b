/**
 * Host commands the page sends for upkeep, never during a first turn: manual compaction, "trim tool
 * results" and "delete all my data". Loaded by host/commands.ts on the first such command. Plane: worker.
 * Contract: as runCommand's (typed result or a named error; a compaction refusal is `COMPACTION_<KIND>`).
 * @module host/maintenance-commands
 */
import type { SessionPersistence } from '../session/persistence.ts'
import type { SessionId } from '../util/brand.ts'
import { HostError } from './errors.ts'
import { deleteReaderDatabases, globalIdbFactory } from '../session-idb/database.ts'
import type { CommandHost } from './types.ts'
import { CompactionError } from '../plugins/compaction/errors.ts'
import type {} from '../plugins/compaction/service.ts'

/** Manual compaction; a refusal (busy, nothing to compact, ...) becomes `COMPACTION_<KIND>`. */
export async function compactNow(host: CommandHost, sessionId: SessionId): Promise<{ shadowedCount: number }> {
  const runtime = await host.runtime()
  const compaction = runtime.ctx.get('compaction', false)
  if (!compaction) throw new HostError('COMPACTION_UNAVAILABLE', 'this runtime has no compaction plugin')
  try {
    const { shadowedCount } = await compaction.compactNow(host.agent(sessionId))
    return { shadowedCount }
  } catch (error) {
    if (!(error instanceof CompactionError)) throw error
    throw new HostError(`COMPACTION_${error.kind.toUpperCase().replace('-', '_')}`, error.message)
  }
}

/** "Trim tool results": the model-free pruning pass between turns (plugins/tool-result-pruner). */
export async function trimNow(host: CommandHost, sessionId: SessionId): Promise<{ pruned: number; charsRemoved: number }> {
  const runtime = await host.runtime()
  const pruner = runtime.ctx.get('toolResultPruner', false)
  if (!pruner) throw new HostError('TRIM_UNAVAILABLE', 'this runtime has no tool-result pruner plugin')
  const { pruned, charsRemoved } = await pruner.trimNow(host.agent(sessionId))
  return { pruned: pruned.length, charsRemoved }
}

/**
 * "Delete all my data": forgets the key and tokens (which writes the secrets database), then
 * deletes every database holding the reader's data (util/idb-databases.ts `READER_DATA_DATABASES`:
 * through the session backend, which first gives up its claims and connection; with memory
 * sessions, each session and then those databases directly), then restarts the runtime.
 */
export async function deleteAll(host: CommandHost): Promise<null> {
  const runtime = await host.runtime()
  for (const agent of host.agents.values()) agent.cancel({ kind: 'user' })
  await host.forgetKey()
  await host.forgetMcpTokens()
  const persistence: (SessionPersistence & { deleteAllData?(): Promise<void> }) | undefined = runtime.ctx.get('sessionPersistence', false)
  if (persistence?.deleteAllData) await persistence.deleteAllData()
  else {
    for (const { header } of await runtime.sessions.list()) await runtime.sessions.delete(header.id)
    await deleteReaderDatabases(globalIdbFactory())
  }
  await host.reset()
  return null
}
