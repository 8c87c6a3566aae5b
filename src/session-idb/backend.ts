/**
 * `ctx.sessionPersistence` on IndexedDB: the `Service` façade over `IdbBackendCore`
 * (kernel/cordis/service). It owns the registrations (write-behind from `session/event`, drain on
 * `session/flush`, drain-then-release on `session/disposed`, drain on disposal) and forwards every
 * operation to the core. Plane: worker; DOM-free.
 * @module session-idb/backend
 */
import { Service, type Context } from '@deepseek-ai/cordis'
import type { Session } from '../session/session.ts'
import type { SessionEvent } from '../session/types.ts'
import { eventBus, forwardToCore, type CoreService } from '../kernel/cordis/service.ts'
import { IdbBackendCore, type Config } from './backend-core.ts'
import { globalIdbFactory, warmDatabase } from './database.ts'

export { IdbBackendCore, type Config, type InspectedSession } from './backend-core.ts'

/** The operations `ctx.sessionPersistence` forwards to its core: all of them. */
const FORWARDED = [
  'create', 'append', 'has', 'load', 'readTail', 'inspect', 'exportRaw', 'list', 'delete', 'flush', 'checkpoint', 'durableSeq',
  'isWriter', 'takeOver', 'awaitWriterGone', 'release', 'follow', 'deleteAllData',
] as const satisfies readonly (keyof IdbBackendCore)[]

type Forwarded = (typeof FORWARDED)[number]

// forwardToCore installs one forwarder per name in FORWARDED on the prototype (so the merge is safe).
// oxlint-disable-next-line typescript/no-unsafe-declaration-merging
export interface IdbSessionBackend extends Pick<IdbBackendCore, Forwarded> {}

// oxlint-disable-next-line typescript/no-unsafe-declaration-merging
export class IdbSessionBackend extends Service implements CoreService<IdbBackendCore> {
  readonly core: IdbBackendCore

  constructor(ctx: Context, config: Config = {}) {
    super(ctx, 'sessionPersistence')
    const core = this.core = new IdbBackendCore(eventBus(ctx), ctx.logger('session-idb'), config)
    ctx.on('session/event', (session: Session, event: SessionEvent) => core.enqueue(session.id, event))
    ctx.on('session/flush', async () => { await core.flush() })
    ctx.on('session/disposed', (session: Session) => core.drainThenRelease(session.id))
    ctx.effect(() => () => core.dispose())
  }

  /** This instance's writer identity (stored in the session row with its epoch). */
  get instanceId(): string {
    return this.core.instanceId
  }

  /** Ahead of the boot (`preloadRuntime`): creates or upgrades this origin's database, unless the config brings its own factory. */
  static warm(config: Config = {}): void {
    if (config.indexedDB === undefined) warmDatabase(globalIdbFactory())
  }
}

forwardToCore(IdbSessionBackend, FORWARDED)
