/**
 * UI strings of tool cards and approval requests, in English and Chinese: verbs in three forms
 * (asking, running, done), outcomes, states, the reason in plain words and the grants.
 * Plane: main. Contract: both tables have exactly the same keys (checked by the type).
 * @module components/i18n/tool-strings
 */
export type ToolVerb = 'read' | 'search' | 'run' | 'edit' | 'write' | 'create' | 'todo'
/** A verb as a request, while running, once done. */
type Forms = readonly [ask: string, running: string, done: string]

const en = {
  verbs: {
    read: ['Read', 'Reading', 'Read'], search: ['Search', 'Searching', 'Searched'], run: ['Run', 'Running', 'Ran'],
    edit: ['Edit', 'Editing', 'Edited'], write: ['Write', 'Writing', 'Wrote'], create: ['Create', 'Creating', 'Created'],
    todo: ['Update the task list', 'Updating the task list', 'Updated the task list'],
  } as Record<ToolVerb, Forms>,
  lines: (n: number) => `${n} ${n === 1 ? 'line' : 'lines'}`,
  linesOf: (n: number, total: number) => `lines ${n} of ${total}`,
  exit: (code: number) => `exit ${code}`,
  killed: (signal: string) => `stopped (${signal})`,
  matches: (n: number, files: number) => `${n} ${n === 1 ? 'match' : 'matches'} in ${files} ${files === 1 ? 'file' : 'files'}`,
  files: (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`,
  tasks: (n: number) => `${n} ${n === 1 ? 'task' : 'tasks'}`,
  progressOf: ({ progress, total, message }: { progress: number; total?: number; message?: string }) => `${total === undefined ? progress : `${progress} of ${total}`}${message ? ` · ${message}` : ''}`,
  more: 'more not shown',
  states: { running: 'running…', waiting: 'waiting for your approval', done: 'done', failed: 'failed', rejected: 'rejected', cancelled: 'cancelled' },
  byRule: 'allowed by a session rule', ruleMade: 'allowed for this session', allowedOnce: 'allowed once', noApprover: 'no one could approve it',
  trimmed: 'trimmed for the model',
  details: 'Details', argumentsLabel: 'Arguments', resultLabel: 'Result', exitCode: 'exit code', noOutput: '(no output)',
  approvalTitle: 'Allow this action?', agentSays: 'The agent says',
  reasons: {
    execute: 'It runs a command in your workspace.',
    write: 'It changes files in your workspace.',
    read: 'This tool asks for your permission before it runs.',
    mcp: (server: string) => `It acts on the MCP server "${server}", outside your workspace.`,
    page: 'It acts on this page, outside your workspace.',
  },
  hints: {
    destructive: 'The server says it may delete or overwrite data.', notDestructive: 'The server says it does not delete or overwrite data.',
    openWorld: 'The server says it reaches beyond itself (the web or other systems).', closedWorld: 'The server says it stays within its own data.',
  },
  thisPage: 'this page', argumentsSent: 'Arguments to be sent',
  allowOnce: 'Allow once', allowSession: 'Allow for this session', reject: 'Reject',
  sessionHint: 'For this session, the same call runs without asking again. You can revoke it in Settings.',
  rulesTitle: 'Allowed for this session', noRules: 'Nothing is allowed without asking in this session.', revoke: 'Revoke',
  anyCall: 'any call',
}

export type ToolStrings = typeof en

const zh: ToolStrings = {
  verbs: {
    read: ['读取', '正在读取', '已读取'], search: ['搜索', '正在搜索', '已搜索'], run: ['运行', '正在运行', '已运行'],
    edit: ['编辑', '正在编辑', '已编辑'], write: ['写入', '正在写入', '已写入'], create: ['创建', '正在创建', '已创建'],
    todo: ['更新任务列表', '正在更新任务列表', '已更新任务列表'],
  },
  lines: (n) => `${n} 行`,
  linesOf: (n, total) => `第 ${n} 行，共 ${total} 行`,
  exit: (code) => `退出码 ${code}`,
  killed: (signal) => `已终止（${signal}）`,
  matches: (n, files) => `${files} 个文件中 ${n} 处匹配`,
  files: (n) => `${n} 个文件`,
  tasks: (n) => `${n} 项任务`,
  progressOf: ({ progress, total, message }) => `${total === undefined ? progress : `${progress}/${total}`}${message ? ` · ${message}` : ''}`,
  more: '更多内容未显示',
  states: { running: '运行中…', waiting: '等待你的批准', done: '完成', failed: '失败', rejected: '已拒绝', cancelled: '已取消' },
  byRule: '已按会话规则允许', ruleMade: '已在本会话中允许', allowedOnce: '已允许一次', noApprover: '无人可以批准',
  trimmed: '已为模型裁剪',
  details: '详情', argumentsLabel: '参数', resultLabel: '结果', exitCode: '退出码', noOutput: '（无输出）',
  approvalTitle: '允许此操作吗？', agentSays: '智能体说明',
  reasons: {
    execute: '它会在你的工作区中运行命令。',
    write: '它会修改你工作区中的文件。',
    read: '此工具运行前需要你的许可。',
    mcp: (server) => `它作用于 MCP 服务器“${server}”，不在你的工作区内。`,
    page: '它作用于此页面，不在你的工作区内。',
  },
  hints: {
    destructive: '服务器表示它可能删除或覆盖数据。', notDestructive: '服务器表示它不会删除或覆盖数据。',
    openWorld: '服务器表示它会访问服务器之外（网络或其他系统）。', closedWorld: '服务器表示它只处理自己的数据。',
  },
  thisPage: '此页面', argumentsSent: '将发送的参数',
  allowOnce: '允许一次', allowSession: '在本会话中允许', reject: '拒绝',
  sessionHint: '在本会话中，相同的调用将不再询问。你可以在设置中撤销。',
  rulesTitle: '本会话中已允许', noRules: '本会话中没有免询问的操作。', revoke: '撤销',
  anyCall: '任何调用',
}

export function toolStrings(lang: string | null | undefined): ToolStrings {
  return lang === 'zh' ? zh : en
}
