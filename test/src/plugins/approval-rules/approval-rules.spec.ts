// Session allow rules in a running agent (preset "ask", the real composition): a rule made while
// answering lets the matching later call run without asking, logged as applied; another command
// still asks; a revoked rule asks again; a rule never lifts a deny; rules survive export/import.
import { afterEach, describe, expect, it } from 'vitest'
import { createRuntime, type Runtime } from '../../../../src/index.ts'
import type { ApprovalRequest } from '../../../../src/approval/types.ts'
import type { ScriptedReply } from '../../../../src/llm-scripted/types.ts'
import type { SessionEvent } from '../../../../src/session/types.ts'
import { callSubject } from '../../../../src/plugins/approval-rules/subject.ts'

const runtimes: Runtime[] = []
afterEach(async () => { await Promise.all(runtimes.splice(0).map((r) => r.dispose())) })

const bash = (command: string): ScriptedReply => ({ toolCalls: [{ name: 'bash', arguments: { command, description: 'test' } }] })

/** Boots preset "ask"; `answer` decides each question (and may make a rule through ctx.approvalRules). */
async function boot(replies: ScriptedReply[], answer: (request: ApprovalRequest, runtime: Runtime) => 'allowed-once' | 'rejected') {
  const asked: string[] = []
  let runtime!: Runtime
  runtime = await createRuntime({
    llm: { provider: 'scripted', replies },
    permissions: 'ask',
    approval: { answer: async (request) => { asked.push(request.toolName); return answer(request, runtime) } },
  })
  runtimes.push(runtime)
  return { runtime, agent: await runtime.open(), asked }
}

const ofType = (events: readonly SessionEvent[], type: string) => events.filter((e) => e.type === type).map((e) => e.data)
const outputs = (events: readonly SessionEvent[]) => events.filter((e): e is SessionEvent<'tool/result'> => e.type === 'tool/result')
  .map((e) => e.data.message.content[0].content.map((b) => (b.type === 'text' ? b.text : '')).join('').trim())

describe('approval-rules', () => {
  it('"Allow for this session" lets the same command run again without asking; another command still asks', async () => {
    const { agent, asked } = await boot([bash('echo one'), bash('echo one'), bash('echo two'), { text: 'done' }], (request, runtime) => {
      if (asked.length === 1) {
        const call = request.agent.session.events.find((e): e is SessionEvent<'tool/call'> => e.type === 'tool/call' && e.data.callId === request.callId)!
        runtime.ctx.approvalRules.allowForSession(request.agent, request.toolName, JSON.parse(call.data.arguments))
      }
      return 'allowed-once'
    })
    agent.followup('go')
    await agent.whenIdle()
    expect(asked).toEqual(['bash', 'bash']) // the first call (made the rule) and `echo two`
    const events = agent.session.events
    expect(ofType(events, 'approval/rule')).toEqual([expect.objectContaining({ toolName: 'bash', subject: 'echo one' })])
    const applied = ofType(events, 'approval/rule-applied') as { callId: string }[]
    const calls = ofType(events, 'tool/call') as { callId: string }[]
    expect(applied.map((a) => a.callId)).toEqual([calls[1]!.callId])
    expect(ofType(events, 'approval/decided').map((d) => (d as { outcome: string }).outcome)).toEqual(['allowed-once', 'allowed-once'])
    expect(outputs(events)).toEqual(['one', 'one', 'two'])
  })

  it('lists live rules; a revoked rule asks again; revoking twice logs once', async () => {
    const { runtime, agent, asked } = await boot([bash('ls'), { text: 'a' }, bash('ls'), { text: 'b' }], () => 'rejected')
    const rules = runtime.ctx.approvalRules
    const rule = rules.allowForSession(agent, 'bash', { command: 'ls' })
    expect(rules.rules(agent)).toEqual([{ ruleId: rule.ruleId, toolName: 'bash', subject: 'ls', createdAt: expect.any(Number) }])
    agent.followup('first')
    await agent.whenIdle()
    expect(asked).toEqual([])
    expect(rules.revoke(agent, rule.ruleId)).toBe(true)
    expect(rules.revoke(agent, rule.ruleId)).toBe(false)
    expect(rules.rules(agent)).toEqual([])
    agent.followup('second')
    await agent.whenIdle()
    expect(asked).toEqual(['bash'])
    expect(ofType(agent.session.events, 'approval/rule-revoked')).toHaveLength(1)
  })

  it('never lifts a deny: under read-only a rule for bash still leaves the call denied', async () => {
    const { runtime, agent, asked } = await boot([bash('ls'), { text: 'ok' }], () => 'allowed-once')
    runtime.ctx.permissions.setPreset(agent, 'read-only')
    runtime.ctx.approvalRules.allowForSession(agent, 'bash', { command: 'ls' })
    agent.followup('go')
    await agent.whenIdle()
    expect(asked).toEqual([])
    expect(outputs(agent.session.events)[0]).toMatch(/does not allow tool "bash"/)
    expect(ofType(agent.session.events, 'approval/rule-applied')).toEqual([])
  })

  it('rules are part of the session: an exported and imported session keeps them', async () => {
    const { runtime, agent } = await boot([{ text: 'ok' }], () => 'rejected')
    runtime.ctx.approvalRules.allowForSession(agent, 'write', { file_path: 'notes.md', content: 'x' })
    const jsonl = await runtime.sessions.export(agent.id)
    const other = await boot([], () => 'rejected')
    const imported = await other.runtime.open(await other.runtime.sessions.import(jsonl))
    expect(other.runtime.ctx.approvalRules.rules(imported).map((r) => [r.toolName, r.subject])).toEqual([['write', 'notes.md']])
  })

  it('rule events are written ignorable, so a reader without this plugin (dsh) still opens the session', async () => {
    const { runtime, agent } = await boot([{ text: 'ok' }], () => 'rejected')
    const rule = runtime.ctx.approvalRules.allowForSession(agent, 'write', { file_path: 'notes.md', content: 'x' })
    runtime.ctx.approvalRules.revoke(agent, rule.ruleId)
    const jsonl = await runtime.sessions.export(agent.id)
    const ruleLines = jsonl.split('\n').filter((line) => line.includes('"approval/rule'))
    expect(ruleLines).toHaveLength(2)
    for (const line of ruleLines) expect(JSON.parse(line).ignorable).toBe(true)
    const bare = await createRuntime({ llm: { provider: 'scripted', replies: [] }, patches: [{ id: 'approval-rules', disabled: true }] })
    try {
      const id = await bare.sessions.import(jsonl)
      expect((await bare.open(id)).session.events.filter((e) => e.type.startsWith('approval/rule'))).toHaveLength(2)
    } finally {
      await bare.dispose()
    }
  })
})

describe('callSubject', () => {
  it('is the command (with its directory) of a terminal call, the paths of a file call, empty otherwise', () => {
    const terminal = { presentCall: (a: { command: string; workdir?: string }) => ({ card: 'terminal', title: a.command, ...(a.workdir ? { cwd: a.workdir } : {}) }) } as never
    const file = { presentCall: (a: { path: string }) => ({ card: 'diff', title: 'Write', diffs: [], locations: [a.path] }) } as never
    const throwing = { presentCall: () => { throw new Error('bad args') } } as never
    expect(callSubject(terminal, { command: 'ls' })).toBe('ls')
    expect(callSubject(terminal, { command: 'ls', workdir: 'src' })).toBe('ls\n(in src)')
    expect(callSubject(file, { path: 'a.md' })).toBe('a.md')
    expect(callSubject(throwing, {})).toBe('')
    expect(callSubject(undefined, {})).toBe('')
  })
})
