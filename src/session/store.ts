/**
 * `ctx.sessions`: creates, opens (load → repair → seed), forks, lists, deletes, exports and
 * imports sessions over the `ctx.sessionPersistence` backend, and broadcasts `session/event`.
 * The `Service` façade over `SessionStoreCore` (kernel/cordis/service): it registers nothing but the
 * core's disposal and forwards every operation. Plane: worker/Node; no DOM.
 * Contract: a refused operation creates and changes nothing.
 * @module session/store
 */
import { Context, Service } from '@deepseek-ai/cordis'
import { eventBus, forwardToCore, type CoreService } from '../kernel/cordis/service.ts'
import { SessionStoreCore, type SessionStoreConfig } from './store-core.ts'

export { SessionStoreCore, type CreateSessionOptions, type SessionMeta, type SessionStoreConfig, type SessionVerifier } from './store-core.ts'

/** The operations `ctx.sessions` forwards to its core: all of them. */
const FORWARDED = [
  'create', 'get', 'read', 'open', 'close', 'list', 'fork', 'delete', 'export', 'import', 'flush', 'addVerifier', 'declareEventTypes',
] as const satisfies readonly (keyof SessionStoreCore)[]

type Forwarded = (typeof FORWARDED)[number]

// forwardToCore installs one forwarder per name in FORWARDED on the prototype (so the merge is safe).
// oxlint-disable-next-line typescript/no-unsafe-declaration-merging
export interface SessionStore extends Pick<SessionStoreCore, Forwarded> {}

// oxlint-disable-next-line typescript/no-unsafe-declaration-merging
export class SessionStore extends Service implements CoreService<SessionStoreCore> {
  static inject = ['sessionPersistence']
  readonly core: SessionStoreCore

  constructor(ctx: Context, config: SessionStoreConfig = {}) {
    super(ctx, 'sessions')
    const logger = ctx.logger('session')
    this.core = new SessionStoreCore(eventBus(ctx), () => ctx.sessionPersistence, (message, ...args) => logger.warn(message, ...args), config)
    ctx.effect(() => () => this.core.closeAll())
  }
}

forwardToCore(SessionStore, FORWARDED)
