// todo_write: replaces the list, logs todo/write in the agent's session, validates items.
import { expect, it } from 'vitest'
import { createWorkspaceHarness } from '../../harness/workspace-harness.ts'

it('logs todo/write and answers with counts', async () => {
  const h = await createWorkspaceHarness()
  const todos = [{ content: ' plan ', status: 'completed' }, { content: 'build', status: 'in_progress' }, { content: 'test', status: 'pending' }]
  const { text } = await h.call('todo_write', { todos })
  expect(text).toBe('Updated todo list: 1 pending, 1 in progress, 1 completed.')
  const logged = h.session.events.filter((e) => e.type === 'todo/write')
  expect(logged.map((e) => e.data)).toEqual([{ todos: [{ content: 'plan', status: 'completed' }, { content: 'build', status: 'in_progress' }, { content: 'test', status: 'pending' }] }])
})

it('refuses empty, duplicate and parallel in-progress items without logging', async () => {
  const h = await createWorkspaceHarness()
  expect((await h.call('todo_write', { todos: [{ content: '  ', status: 'pending' }] })).text).toBe('Error: invalid todo list: item 1 is empty')
  expect((await h.call('todo_write', { todos: [{ content: 'a', status: 'pending' }, { content: 'a ', status: 'pending' }] })).text).toBe('Error: invalid todo list: item 2 repeats "a"')
  const parallel = await h.call('todo_write', { todos: [{ content: 'a', status: 'in_progress' }, { content: 'b', status: 'in_progress' }] })
  expect(parallel.text).toBe('Error: invalid todo list: 2 items are in_progress; keep at most one in progress at a time')
  expect(h.session.events.some((e) => e.type === 'todo/write')).toBe(false)
})
