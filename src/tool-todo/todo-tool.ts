/**
 * The `todo_write` tool: replaces the agent's todo list and logs it as `todo/write` in the
 * agent's session. Plane: worker. Contract: dsh contracts §13 (trimmed, non-empty, unique items;
 * at most one `in_progress` unless allowed; needs an agent).
 * @module tool-todo/todo-tool
 */
import { defineTool, toolOutputSchema, toolParameters } from '../tools/define-tool.ts'
import { ToolError } from '../tools/errors.ts'
import type { ToolDefinition } from '../tools/types.ts'

type TodoStatus = 'pending' | 'in_progress' | 'completed'
type Todo = { content: string; status: TodoStatus }
interface TodoArgs { todos: Todo[] }
type TodoValue = { todos: Todo[]; counts: { pending: number; inProgress: number; completed: number } }

export interface TodoOptions { allowParallelInProgress: boolean }

function invalid(problem: string): ToolError {
  return new ToolError('InvalidTodoListError', 'INVALID_ARGS', `invalid todo list: ${problem}`)
}

/** Trims and checks the list; throws INVALID_ARGS naming the first problem. */
export function normalizeTodos(todos: readonly Todo[], options: TodoOptions): Todo[] {
  const seen = new Set<string>()
  const normalized = todos.map(({ content, status }, index) => {
    const trimmed = content.trim()
    if (trimmed === '') throw invalid(`item ${index + 1} is empty`)
    if (seen.has(trimmed)) throw invalid(`item ${index + 1} repeats ${JSON.stringify(trimmed)}`)
    seen.add(trimmed)
    return { content: trimmed, status }
  })
  const inProgress = normalized.filter((todo) => todo.status === 'in_progress').length
  if (!options.allowParallelInProgress && inProgress > 1) throw invalid(`${inProgress} items are in_progress; keep at most one in progress at a time`)
  return normalized
}

const PARAMETERS = toolParameters('todo_write', {
  type: 'object', required: ['todos'], additionalProperties: false,
  properties: {
    todos: {
      type: 'array', description: 'The complete todo list, in order.',
      items: {
        type: 'object', required: ['content', 'status'], additionalProperties: false,
        properties: { content: { type: 'string', description: 'What to do.' }, status: { enum: ['pending', 'in_progress', 'completed'] } },
      },
    },
  },
})
const OUTPUT_SCHEMA = toolOutputSchema('todo_write', { type: 'object', required: ['todos', 'counts'], properties: { todos: { type: 'array' }, counts: { type: 'object', required: ['pending', 'inProgress', 'completed'] } } })

export function todoTool(options: TodoOptions): ToolDefinition<TodoArgs, TodoValue> {
  return defineTool<TodoArgs, TodoValue>({
    name: 'todo_write',
    description: [
      'Replace your todo list for the current task with the full updated list (send every item each time).',
      'Use it for work with several steps: mark one item in_progress while you work on it and completed as soon as it is done.',
      options.allowParallelInProgress ? '' : 'At most one item may be in_progress.',
    ].join(' ').trim(),
    parameters: PARAMETERS,
    output: {
      schema: OUTPUT_SCHEMA,
      render: (_args, { counts }) => [{ type: 'text', text: `Updated todo list: ${counts.pending} pending, ${counts.inProgress} in progress, ${counts.completed} completed.` }],
    },
    async execute(args, exec) {
      if (!exec.agent) throw new ToolError('TodoWithoutAgentError', 'INVALID_ARGS', 'todo_write needs an agent session to keep the list in')
      const todos = normalizeTodos(args.todos, options)
      exec.agent.session.append('todo/write', { todos })
      const count = (status: TodoStatus) => todos.filter((todo) => todo.status === status).length
      return { todos, counts: { pending: count('pending'), inProgress: count('in_progress'), completed: count('completed') } }
    },
    presentCall: (args) => ({ card: 'generic', title: 'Update todo list', kind: 'other', content: args.todos.map((t) => `[${t.status === 'completed' ? 'x' : t.status === 'in_progress' ? '~' : ' '}] ${t.content}`).join('\n') }),
  })
}
