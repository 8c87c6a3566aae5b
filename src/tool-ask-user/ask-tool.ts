/**
 * The `ask_user_question` tool (dsh interaction/tool-ask-user): translates the model's snake_case
 * questions into a `ctx.userQuestions` request and returns `{answers:[{id, selected, custom?}]}`
 * as compact JSON. Plane: worker. Contract: exclusive; every failure (no page, page gone,
 * aborted, delegated child, malformed reply) is an error result the model can read.
 * @module tool-ask-user/ask-tool
 */
import type { Context } from '@deepseek-ai/cordis'
import { defineTool, toolOutputSchema, toolParameters } from '../tools/define-tool.ts'
import type { ToolDefinition } from '../tools/types.ts'
import type { AskUserQuestionItem } from '../user-questions/types.ts'

interface ModelQuestion {
  id: string
  question: string
  header?: string
  options?: { label: string; description?: string }[]
  multi_select?: boolean
}
interface AskArgs { questions: ModelQuestion[] }
type AskValue = { answers: { id: string; selected: string[]; custom?: string }[] }

const DESCRIPTION = 'Ask the user a concise question when you need confirmation, a choice, or missing information before proceeding. '
  + 'Send one or more questions, each with a stable id that will be echoed in the answer.'

const QUESTION_SCHEMA = {
  type: 'object', required: ['id', 'question'], additionalProperties: true,
  properties: {
    id: { type: 'string', description: 'Stable id for this question; echoed in the answer.' },
    question: { type: 'string', description: 'The specific question to ask the user.' },
    header: { type: 'string', description: 'Optional short heading for the question, such as "Confirm" or "Choose Mode".' },
    options: {
      type: 'array',
      description: 'Optional choices to show the user. If you recommend one, put it first and append "(Recommended)" to that label.',
      items: {
        type: 'object', required: ['label'], additionalProperties: true,
        properties: {
          label: { type: 'string', description: 'Short user-facing option label.' },
          description: { type: 'string', description: 'One sentence explaining the tradeoff or impact.' },
        },
      },
    },
    multi_select: { type: 'boolean', description: 'Whether the user may select more than one option. Defaults to false.' },
  },
}

function toItem(q: ModelQuestion): AskUserQuestionItem {
  return {
    id: q.id,
    question: q.question,
    ...(q.header !== undefined ? { header: q.header } : {}),
    ...(q.options !== undefined ? { options: q.options.map((o) => ({ label: o.label, ...(o.description !== undefined ? { description: o.description } : {}) })) } : {}),
    ...(q.multi_select !== undefined ? { multiSelect: q.multi_select } : {}),
  }
}

const PARAMETERS = toolParameters('ask_user_question', {
  type: 'object', required: ['questions'], additionalProperties: false,
  properties: { questions: { type: 'array', description: 'Questions to ask the user before continuing.', items: QUESTION_SCHEMA } },
})
const OUTPUT_SCHEMA = toolOutputSchema('ask_user_question', {
  type: 'object', required: ['answers'], additionalProperties: false,
  properties: {
    answers: {
      type: 'array',
      items: {
        type: 'object', required: ['id', 'selected'], additionalProperties: false,
        properties: { id: { type: 'string' }, selected: { type: 'array', items: { type: 'string' } }, custom: { type: 'string' } },
      },
    },
  },
})

export function askUserQuestionTool(ctx: Context): ToolDefinition<AskArgs, AskValue> {
  return defineTool<AskArgs, AskValue>({
    name: 'ask_user_question',
    description: DESCRIPTION,
    parameters: PARAMETERS,
    output: {
      schema: OUTPUT_SCHEMA,
      render: (_args, value) => [{ type: 'text', text: JSON.stringify(value) }],
    },
    isConcurrencySafe: () => false,
    async execute(args, exec) {
      const answer = await ctx.userQuestions.ask({
        questions: args.questions.map(toItem),
        ...(exec.agent !== undefined ? { agent: exec.agent } : {}),
        callId: exec.callId,
        signal: exec.signal,
      })
      return { answers: answer.answers.map((a) => ({ id: a.id, selected: [...a.selected], ...(a.custom !== undefined ? { custom: a.custom } : {}) })) }
    },
    presentCall: (args) => ({
      card: 'generic', title: args.questions.length === 1 ? 'Question' : `${args.questions.length} questions`, kind: 'other',
      content: args.questions.map((q) => `${q.header ? `${q.header}: ` : ''}${q.question}${q.options?.length ? `\n${q.options.map((o) => `  - ${o.label}`).join('\n')}` : ''}`).join('\n'),
    }),
  })
}
