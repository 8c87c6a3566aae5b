/**
 * The Agent handle (dsh contracts §3): inbox, `send`/`followup`/`steer`/`inject`, `cancel`,
 * `whenIdle`, maintenance, and the status mirrored from its loop machine.
 * Plane: worker. Contract: `agent/status` never repeats; `whenIdle()` settles on idle, stop or
 * machine failure; the machine alone decides what runs.
 * @module agent-loop/agent
 */
import type { Context } from '@deepseek-ai/cordis'
import { createActor, type Actor } from 'xstate'
import { createUserMessage } from '../llm/messages.ts'
import type { UserMessage } from '../llm/types.ts'
import type { Session } from '../session/session.ts'
import type { AgentCancelCause, InboxTarget } from '../session/types.ts'
import type { SessionId } from '../util/brand.ts'
import { eventBus } from '../kernel/cordis/service.ts'
import { ActivityControl, loopActions } from './actions.ts'
import { AgentInbox } from './inbox.ts'
import type { LoopDeps } from './loop-deps.ts'
import type { LoopEvent } from './loop-types.ts'
import { agentLoopMachine } from './machine.ts'
import { agentNotifier, type AgentNotify } from './notify.ts'
import { phaseRunner } from './phases.ts'
import { preStepPhase } from './pre-step.ts'
import { requestPhase } from './request.ts'
import { requestErrorPhase, toolBatchPhase, turnStoppingPhase } from './step-phases.ts'
import type { Agent, AgentOptions, AgentStatus } from './types.ts'
import type { UsageReport } from '../llm/usage-report.ts'
import { agentUsage } from './usage.ts'

export interface LoopAgentInit {
  /** The root context: waterfalls and emits dispatch here. */
  root: Context
  /** The agent's scope context (dies with the agent). */
  scope: Context
  session: Session
  options: AgentOptions
}

export class LoopAgent implements Agent {
  readonly id: SessionId
  readonly options: AgentOptions
  readonly session: Session
  readonly inbox: AgentInbox
  readonly ctx: Context
  private readonly root: Context
  private readonly notify: AgentNotify
  private readonly actor: Actor<typeof agentLoopMachine>
  private readonly activity = new ActivityControl()
  private current: AgentStatus = 'idle'
  /** Calls into the machine under way: the status is published once the outermost one returns. */
  private dispatching = 0
  /** True while `running` is announced ahead of a turn (the machine is still idle). */
  private announcing = false
  /** Whether the announced wake still stands: a cancel from the notification drops it, a waking send there restores it. */
  private wakeStands = false
  private idleWaiters: (() => void)[] = []
  private stopped = false

  constructor(init: LoopAgentInit) {
    this.id = init.session.id
    this.options = Object.freeze({ ...init.options })
    this.session = init.session
    this.ctx = init.scope
    this.root = init.root
    this.notify = agentNotifier(init.root)
    this.inbox = new AgentInbox(init.session, {
      inserted: (message, target) => this.notify('agent/inbox/inserted', { agent: this, message, target }),
      claimed: (message, turn) => this.notify('agent/inbox/claimed', { agent: this, message, turn }),
      discarded: (message, target) => this.notify('agent/inbox/discarded', { agent: this, message, target, outcome: 'canceled' }),
      changed: () => {
        if (this.actor) this.dispatch({ type: 'inbox.changed', pending: this.pending() })
      },
    })
    this.actor = createActor(this.provideMachine(), { input: { lastTurn: init.session.lastTurn, pending: this.pending() } })
    this.actor.subscribe({
      next: () => {
        if (this.dispatching === 0) this.publishStatus()
      },
      error: (error) => {
        this.root.logger('agent-loop').error(error)
        this.settleIdle()
      },
      complete: () => this.settleIdle(),
    })
    this.actor.start()
  }

  get status(): AgentStatus {
    return this.current
  }

  send(message: UserMessage | string, target: InboxTarget, wakeup: boolean): void {
    const entry = typeof message === 'string' ? createUserMessage(message) : message
    const aborting = this.activity.signal.aborted && !this.actor.getSnapshot().matches('idle')
    this.inbox.append(entry, wakeup && aborting ? 'next-turn' : target)
    if (wakeup) this.wake()
  }

  followup(message: UserMessage | string): void {
    this.send(message, 'next-turn', true)
  }

  steer(message: UserMessage | string): void {
    this.send(message, 'next-step', true)
  }

  inject(message: UserMessage | string): void {
    this.send(message, 'next-step', false)
  }

  cancel(cause: AgentCancelCause, options: { keepInbox?: boolean } = {}): void {
    const keepInbox = options.keepInbox === true
    if (this.announcing) this.wakeStands = false
    if (!keepInbox && !this.session.isClosed) this.inbox.clear()
    this.dispatch({ type: 'user.cancel', cause, keepInbox })
  }

  usage(): UsageReport {
    return agentUsage(this.root, this.session)
  }

  whenIdle(): Promise<void> {
    if (this.current === 'idle' || this.stopped) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  async runMaintenance<T>(task: (signal: AbortSignal) => Promise<T>): Promise<T> {
    for (;;) {
      await this.whenIdle()
      if (this.stopped) throw new Error(`agent ${this.id} is disposed`)
      let outcome: { value: T } | { error: unknown } | undefined
      const run = async (signal: AbortSignal): Promise<number> => {
        try {
          outcome = { value: await task(signal) }
        } catch (error) {
          outcome = { error }
        }
        return this.session.lastTurn
      }
      this.dispatch({ type: 'agent.maintain', run })
      if (!this.actor.getSnapshot().matches('maintaining')) continue
      await this.whenIdle()
      if (outcome && 'value' in outcome) return outcome.value
      throw outcome ? outcome.error : new Error(`agent ${this.id}: maintenance did not run`)
    }
  }

  /** Cancels with `disposed`, waits for the activity to close, then stops the machine. */
  async stop(): Promise<void> {
    if (this.stopped) return
    this.cancel({ kind: 'disposed' }, { keepInbox: true })
    await this.whenIdle()
    this.stopped = true
    this.actor.stop()
    this.settleIdle()
  }

  /**
   * Wakes the machine; an idle agent first announces `running` (dsh emits it before `turn/start`),
   * then the turn opens synchronously inside this call. A send from that notification leaves the
   * wake to the announcer; a cancel or dispose from it opens no turn.
   */
  private wake(): void {
    if (this.announcing) {
      this.wakeStands = true
      return
    }
    if (this.stopped) return
    if (this.actor.getSnapshot().matches('idle') && !this.announceRunning()) return
    this.dispatch({ type: 'user.wake' })
  }

  /**
   * Runs `call` (an event into the machine) and publishes the status once the outermost call
   * returns: a status listener then meets a settled machine whose mailbox is empty, so a send or
   * cancel it makes acts at once (a waking send opens its turn before it returns) instead of
   * queueing behind events still being processed.
   */
  private inDispatch(call: () => void): void {
    this.dispatching += 1
    try {
      call()
    } finally {
      this.dispatching -= 1
    }
    if (this.dispatching === 0) this.publishStatus()
  }

  private dispatch(event: LoopEvent): void {
    this.inDispatch(() => this.actor.send(event))
  }

  /** The machine's status as `agent/status` (not while `running` is being announced ahead of it). */
  private publishStatus(): void {
    if (!this.announcing) this.setStatus(this.actor.getSnapshot().matches('idle') ? 'idle' : 'running')
  }

  /** Publishes `running` ahead of the turn; false (and `idle` again) when a listener cancelled from it. */
  private announceRunning(): boolean {
    this.announcing = true
    this.wakeStands = true
    try {
      this.setStatus('running')
    } finally {
      this.announcing = false
    }
    if (!this.wakeStands) this.setStatus('idle')
    return this.wakeStands
  }

  private pending() {
    return { nextTurn: this.inbox?.nextTurn.length ?? 0, nextStep: this.inbox?.nextStep.length ?? 0 }
  }

  private setStatus(status: AgentStatus): void {
    if (status === this.current) return
    this.current = status
    if (status === 'idle') this.settleIdle() // the waiters of the work that ended, not of work a listener sends now
    this.notify('agent/status', { agent: this, status })
  }

  private settleIdle(): void {
    const waiters = this.idleWaiters
    this.idleWaiters = []
    for (const resolve of waiters) resolve()
  }

  private provideMachine() {
    const root = this.root
    const services = { events: eventBus(root), prompt: root.systemPrompt.core, llm: root.llm.core, tools: root.tools.core }
    const deps: LoopDeps = {
      ctx: root, services, notify: this.notify, agent: this, session: this.session, inbox: this.inbox,
      signal: () => this.activity.signal,
      instance: { headerLogged: false, adapterDefaulted: [] },
    }
    const report = (error: unknown) => this.root.logger('agent-loop').error(error)
    return agentLoopMachine.provide({
      actors: {
        phases: phaseRunner({
          preStep: preStepPhase(deps), request: requestPhase(deps), requestError: requestErrorPhase(deps),
          toolBatch: toolBatchPhase(deps), turnStopping: turnStoppingPhase(deps),
        }, (answer) => this.inDispatch(answer)),
      },
      actions: loopActions(deps, this.activity, report),
    })
  }
}
