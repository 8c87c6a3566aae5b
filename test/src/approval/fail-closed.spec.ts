// Approval is fail-closed: only allowed-once runs the body, each non-grant gives the model its own reason, every ask is an audited pair.
import { describe, expect, it } from 'vitest'
import { createCheckedSession, createTestAgent, createToolHarness, echoTool, resultText } from '../../harness/tool-harness.ts'
import type { ApprovalOutcome } from '../../../src/approval/types.ts'
import type { SessionEvent } from '../../../src/session/types.ts'
import { Context } from '@deepseek-ai/cordis'
import ApprovalService from '../../../src/approval/index.ts'
import SystemPromptRegistry from '../../../src/prompt/index.ts'
import { approvalAuditProblems } from '../../../src/approval/invariant.ts'

async function askHarness(answer: (signal: AbortSignal | undefined) => Promise<unknown> | unknown, approval: { policy?: 'ask' | 'never' } | false = {}) {
  const h = await createToolHarness({ approval })
  const seen: unknown[] = []
  h.root.tools.register(echoTool({}, seen))
  h.root.on('tools/pre-execute', async () => ({ kind: 'ask', reason: 'writes things' }))
  h.root.on('approval/request', async (req) => answer(req.signal) as Promise<ApprovalOutcome>)
  return { h, seen }
}

const auditOf = (events: readonly SessionEvent[]) => events.filter((e) => e.type.startsWith('approval/')).map((e) => [e.type, (e.data as { outcome?: string }).outcome ?? (e.data as { toolName?: string }).toolName])

describe('ask → approval', () => {
  const cases: [string, () => unknown, string][] = [
    ['rejected', () => 'rejected', 'Error: the user rejected tool "echo"'],
    ['cancelled', () => 'cancelled', 'Error: approval for tool "echo" was cancelled'],
    ['unavailable', () => 'unavailable', 'Error: tool "echo" requires approval, but no approval channel is available'],
    ['unavailable (throwing answerer)', () => { throw new Error('page gone') }, 'Error: tool "echo" requires approval, but no approval channel is available'],
    ['unavailable (malformed "yes")', () => 'yes', 'Error: tool "echo" requires approval, but no approval channel is available'],
    ['unavailable (malformed {})', () => ({}), 'Error: tool "echo" requires approval, but no approval channel is available'],
  ]
  for (const [label, answer, text] of cases) {
    it(`${label}: denied with its own reason, body never runs, asked/decided pair logged`, async () => {
      const { h, seen } = await askHarness(answer)
      await h.batch([{ name: 'echo', arguments: '{"text":"a"}' }])
      expect(resultText(h.results()[0]!)).toBe(text)
      expect(seen).toEqual([])
      const outcome = label.split(' ')[0]
      expect(auditOf(h.session.events)).toEqual([['approval/asked', 'echo'], ['approval/decided', outcome]])
      expect(approvalAuditProblems(h.session.events)).toEqual([])
    })
  }

  it('allowed-once runs the body, for that call only', async () => {
    const answers: ApprovalOutcome[] = ['allowed-once', 'rejected']
    const { h, seen } = await askHarness(() => answers.shift())
    await h.batch([{ name: 'echo', arguments: '{"text":"a"}' }, { name: 'echo', arguments: '{"text":"b"}' }])
    expect(seen).toEqual([{ text: 'a' }])
    expect(h.results().map(resultText)).toEqual(['a', 'Error: the user rejected tool "echo"'])
    const asked = h.session.events.find((e) => e.type === 'approval/asked')!
    expect(asked.data).toMatchObject({ toolName: 'echo', callId: 'call-1', reason: 'writes things' })
    expect(asked.data).not.toHaveProperty('arguments')
  })

  it('approval granted but a guard denies → denied, body never runs', async () => {
    const { h, seen } = await askHarness(() => 'allowed-once')
    h.root.tools.guard(() => 'guard says no')
    await h.batch([{ name: 'echo', arguments: '{"text":"a"}' }])
    expect(resultText(h.results()[0]!)).toBe('Error: guard says no')
    expect(seen).toEqual([])
  })

  it('a throwing guard denies with a normalized reason', async () => {
    const h = await createToolHarness()
    const seen: unknown[] = []
    h.root.tools.register(echoTool({}, seen))
    h.root.tools.guard(() => { throw new Error('bad guard') })
    await h.batch([{ name: 'echo', arguments: '{"text":"a"}' }])
    expect(resultText(h.results()[0]!)).toBe('Error: tool guard failed: bad guard')
    expect(seen).toEqual([])
  })

  it('policy never: rejected inside the service; a prepend answerer is never asked', async () => {
    let asked = 0
    const { h, seen } = await askHarness(() => 'allowed-once', { policy: 'never' })
    h.root.on('approval/request', async () => (asked++, 'allowed-once'), { prepend: true })
    await h.batch([{ name: 'echo', arguments: '{"text":"a"}' }])
    expect(asked).toBe(0)
    expect(seen).toEqual([])
    expect(resultText(h.results()[0]!)).toBe('Error: the user rejected tool "echo"')
    expect(auditOf(h.session.events)).toEqual([['approval/asked', 'echo'], ['approval/decided', 'rejected']])
  })

  it('no approval service: denied with the ask reason', async () => {
    const { h, seen } = await askHarness(() => 'allowed-once', false)
    await h.batch([{ name: 'echo', arguments: '{"text":"a"}' }])
    expect(resultText(h.results()[0]!)).toBe('Error: writes things')
    expect(seen).toEqual([])
  })

  it('abort while the answerer waits → cancelled, and the call is ABORTED_BEFORE_DISPATCH', async () => {
    const controller = new AbortController()
    const { h, seen } = await askHarness(() => {
      queueMicrotask(() => controller.abort())
      return new Promise(() => {})
    })
    await h.batch([{ name: 'echo', arguments: '{"text":"a"}' }], controller.signal)
    expect(auditOf(h.session.events)).toEqual([['approval/asked', 'echo'], ['approval/decided', 'cancelled']])
    expect(h.results()[0]!.data.error).toEqual({ name: 'AbortError', code: 'ABORTED_BEFORE_DISPATCH' })
    expect(seen).toEqual([])
  })
})

describe('ctx.approval', () => {
  it('refuses to ask outside an open turn, logging nothing', async () => {
    const root = new Context()
    await root.plugin(ApprovalService, {})
    const session = createCheckedSession()
    const agent = createTestAgent(root, session)
    const before = session.events.length
    await expect(root.approval.request({ agent, toolName: 'echo' })).rejects.toThrow(/has no open turn/)
    expect(session.events.length).toBe(before)
  })

  it('setPolicy logs approval/policy, injects a notice and is what policyOf reads', async () => {
    const h = await createToolHarness()
    expect(h.root.approval.policyOf(h.agent)).toBe('ask')
    h.root.approval.setPolicy(h.agent, 'never')
    h.root.approval.setPolicy(h.agent, 'never')
    expect(h.session.events.filter((e) => e.type === 'approval/policy').map((e) => e.data)).toEqual([{ policy: 'never' }])
    expect(h.root.approval.policyOf(h.agent)).toBe('never')
    expect(h.agent.injected.map((m) => m.source)).toEqual([{ kind: 'plugin', plugin: 'user-approval', form: 'notice' }])
    expect(() => h.root.approval.setPolicy(h.agent, 'sometimes' as never)).toThrow(/'ask' or 'never'/)
  })
})

describe('approval:policy runtime context', () => {
  it('states the agent\'s policy in one sentence at order 115', async () => {
    const h = await createToolHarness()
    await h.root.plugin(SystemPromptRegistry, {})
    const textOf = async () => (await h.root.systemPrompt.assemble({ agent: h.agent })).contexts.find((c) => c.name === 'approval:policy')?.text
    expect(await textOf()).toBe('Approval policy: ask — calls that need approval wait for the user to allow them once.')
    h.root.approval.setPolicy(h.agent, 'never')
    expect(await textOf()).toBe('Approval policy: never — calls that need approval are rejected without asking the user.')
  })
})

describe('approvalAuditProblems', () => {
  it('flags an ask left undecided and a decision without an ask', async () => {
    const h = await createToolHarness()
    h.session.append('approval/asked', { id: 'q1' as never, toolName: 'echo' })
    h.session.append('approval/decided', { id: 'q2' as never, outcome: 'rejected' })
    const asked = h.session.events.at(-2)!.seq
    expect(approvalAuditProblems(h.session.events)).toEqual([
      `seq ${asked + 1}: approval q2 decided without an open ask`,
      `approval q1 asked at seq ${asked} is still undecided`,
    ])
  })
})
