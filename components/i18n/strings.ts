/**
 * The widget's own UI strings (element, transcript, composer) in English and Chinese; what only the
 * panels and the question card show is in panel-strings.ts, loaded with them. Plane: main.
 * Contract: both tables have exactly the same keys (checked by the type).
 * @module components/i18n/strings
 */
const en = {
  agent: 'Agent', transcript: 'Conversation', composerLabel: 'Message', composerPlaceholder: 'Ask the agent…',
  composerHint: 'Enter sends, Shift+Enter starts a new line.', compact: 'Compact',
  compactHint: 'Summarize older history for the model; the transcript keeps every message', trim: 'Trim',
  trimHint: 'Trim tool results: shorten long tool outputs for the model (no model call); the log keeps them whole', send: 'Send', steer: 'Steer',
  stop: 'Stop', thinking: 'Reasoning', copy: 'Copy', copied: 'Copied', imageBlocked: 'Image (click to load)', linkBlocked: 'link removed',
  running: 'Running…', stopped: 'Stopped by you', interrupted: 'This turn was interrupted', blocked: 'Blocked',
  maxTokens: 'Stopped: output token limit reached', budget: 'Stopped: budget reached', sessions: 'Sessions',
  webContainerUnavailable: 'WebContainer not used', readOnly: 'Open in another tab — read-only here', takeOver: 'Take over',
  storageMemory: 'Not being saved (in memory only)', storageError: 'Storage problem', workspaceNotSaved: 'Workspace files not saved',
  settings: 'Settings', todos: 'Tasks', compacted: 'Earlier conversation was summarized', offline: 'Offline — waiting for the network to retry',
  forkHere: 'Fork from here', error: 'Error', instructions: 'Instructions', olderLoading: 'Loading earlier messages…', find: 'Find',
  findLabel: 'Find in this conversation', findPrevious: 'Previous match', findNext: 'Next match', findClose: 'Close find', findNone: 'No match',
  findOlder: 'Searching earlier messages…', opening: 'Opening the session… (sending waits until it is loaded)',
  table: 'Table (scrolls sideways)', taskDone: 'Done', taskOpen: 'Not done',
  gatewayLimit: 'This site’s assistant has reached its limit for now. You can ask again at', gatewayLimitSoon: 'This site’s assistant has reached its limit for now. You can ask again in a moment.',
  originNotAllowed: 'This site has not allowed this page to use its assistant.',
}

export type Strings = typeof en
export type Lang = 'en' | 'zh'

const zh: Strings = {
  agent: '智能体', transcript: '对话', composerLabel: '消息', composerPlaceholder: '向智能体提问…', composerHint: 'Enter 发送，Shift+Enter 换行。', compact: '压缩',
  compactHint: '为模型总结较早的历史；对话记录保留全部消息', trim: '裁剪', trimHint: '裁剪工具结果：为模型缩短过长的工具输出（不调用模型）；日志保留完整内容', send: '发送', steer: '插话', stop: '停止',
  thinking: '推理过程', copy: '复制', copied: '已复制', imageBlocked: '图片（点击加载）', linkBlocked: '链接已移除', running: '运行中…', stopped: '已被你停止', interrupted: '本轮被中断',
  blocked: '已阻止', maxTokens: '已停止：达到输出长度上限', budget: '已停止：达到预算', sessions: '会话', webContainerUnavailable: '未使用 WebContainer',
  readOnly: '已在另一个标签页中打开 — 此处只读', takeOver: '接管', storageMemory: '未保存（仅在内存中）', storageError: '存储出现问题', workspaceNotSaved: '工作区文件未保存', settings: '设置',
  todos: '任务', compacted: '较早的对话已被总结', offline: '网络已断开，恢复后重试', forkHere: '从这里分叉', error: '错误', instructions: '指令', olderLoading: '正在加载较早的消息…',
  find: '查找', findLabel: '在此对话中查找', findPrevious: '上一个匹配', findNext: '下一个匹配', findClose: '关闭查找', findNone: '无匹配', findOlder: '正在搜索较早的消息…',
  opening: '正在打开会话…（加载完成后才能发送）',
  table: '表格（可横向滚动）', taskDone: '已完成', taskOpen: '未完成',
  gatewayLimit: '本站助手暂时达到了使用上限。你可以在此时间后再提问：', gatewayLimitSoon: '本站助手暂时达到了使用上限。请稍后再提问。',
  originNotAllowed: '本站没有允许此页面使用它的助手。',
}

export function strings(lang: string | null | undefined): Strings {
  return lang === 'zh' ? zh : en
}
