// Boots a root Cordis context with the in-memory backend and the session store.
import { Context } from '@deepseek-ai/cordis'
import SessionStore, { type SessionStoreConfig } from '../../../src/session/index.ts'
import MemorySessionBackend from '../../../src/session-memory/index.ts'

export async function bootStore(config: SessionStoreConfig = {}): Promise<Context> {
  const root = new Context()
  await root.plugin(MemorySessionBackend)
  await root.plugin(SessionStore, config)
  if (!root.get('sessions')) throw new Error('sessions service did not start')
  return root
}
