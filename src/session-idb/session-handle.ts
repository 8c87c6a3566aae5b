/**
 * What this instance holds for one session it writes: the writer claim (lock or lease, epoch),
 * the write-behind queue and the nudge channel followers listen to.
 * Plane: worker. Contract: a lost claim kills the writer with SESSION_TAKEN_OVER; `release`
 * gives the claim up and closes the channel.
 * @module session-idb/session-handle
 */
import { StorageError } from './errors.ts'
import { nudgeChannel } from './follower.ts'
import type { WriterClaim } from './writer-election.ts'
import { SessionWriter, type WriterReporter } from './writer.ts'
import type { Clock } from './watchdog.ts'

export interface HandleOptions {
  sessionId: string
  claim: WriterClaim
  durableSeq: number
  db(): IDBDatabase | undefined
  clock: Clock
  timeoutMs: number
  leaseMs: number
  report: Omit<WriterReporter, 'committed'>
}

export class SessionHandle {
  readonly writer: SessionWriter
  private readonly channel: BroadcastChannel | undefined
  private released = false

  constructor(readonly options: HandleOptions) {
    const { sessionId, claim, report } = options
    this.channel = nudgeChannel(sessionId)
    this.writer = new SessionWriter({
      sessionId, epoch: claim.epoch, durableSeq: options.durableSeq, db: options.db, clock: options.clock, claim,
      timeoutMs: options.timeoutMs, ...(claim.mode === 'lease' ? { leaseMs: options.leaseMs } : {}),
      report: {
        error: report.error, state: report.state,
        committed: (durableSeq) => {
          report.state(true, durableSeq)
          // A batch that commits after the handle was released (a runtime restart mid-write) nudges no one: the channel is closed.
          if (!this.released) this.channel?.postMessage({ seq: durableSeq })
        },
      },
    })
    void claim.lost.then(() => {
      if (this.released) return
      this.writer.kill(new StorageError('SESSION_TAKEN_OVER', `Session ${sessionId} was taken over by another tab or instance; this one is now read-only.`, sessionId))
    })
  }

  get epoch(): number {
    return this.options.claim.epoch
  }

  release(): void {
    if (this.released) return
    this.released = true
    this.writer.close()
    this.options.claim.release()
    this.channel?.close()
  }
}
