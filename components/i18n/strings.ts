/**
 * UI strings in English and Chinese. Plane: main.
 * Contract: both tables have exactly the same keys (checked by the type).
 * @module components/i18n/strings
 */
const en = {
  agent: 'Agent', transcript: 'Conversation', composerLabel: 'Message', composerPlaceholder: 'Ask the agent…', composerHint: 'Enter sends, Shift+Enter starts a new line.',
  compact: 'Compact', compactHint: 'Summarize older history for the model; the transcript keeps every message',
  trim: 'Trim', trimHint: 'Trim tool results: shorten long tool outputs for the model (no model call); the log keeps them whole',
  send: 'Send', steer: 'Steer', stop: 'Stop', thinking: 'Reasoning', copy: 'Copy', copied: 'Copied',
  loadImage: 'Load image', imageBlocked: 'Image (click to load)', linkBlocked: 'link removed',
  running: 'Running…', stopped: 'Stopped by you', interrupted: 'This turn was interrupted', blocked: 'Blocked',
  maxTokens: 'Stopped: output token limit reached', budget: 'Stopped: budget reached', turnError: 'Error',
  exitCode: 'exit code', toolRunning: 'running…', toolError: 'failed', approvalAsked: 'waiting for approval',
  approvalRejected: 'Rejected', approvalCancelled: 'Cancelled', approvalUnavailable: 'No one to approve', approvalAllowed: 'Allowed once',
  approvalTitle: 'Allow this action?', approvalAllow: 'Allow once', approvalReject: 'Reject', approvalReason: 'Reason',
  sessions: 'Sessions', newSession: 'New session', resume: 'Open', fork: 'Fork', exportFile: 'Export', importFile: 'Import',
  delete: 'Delete', confirmDelete: 'Delete this session? This cannot be undone.', confirm: 'Confirm', cancel: 'Cancel',
  webContainerUnavailable: 'WebContainer not used',
  readOnly: 'Open in another tab — read-only here', takeOver: 'Take over',
  storageOk: 'Saved in this browser', storageMemory: 'Not being saved (in memory only)', storageError: 'Storage problem', workspaceNotSaved: 'Workspace files not saved', used: 'used',
  sizeUnknown: 'size not reported by this browser', persisted: 'kept until you delete it',
  bestEffort: 'the browser may clear it when space runs low', persistUnavailable: 'this browser cannot be asked to keep it: export sessions you want to keep',
  mcpServers: 'MCP servers', mcpName: 'Name', mcpUrl: 'Server URL', mcpToken: 'Bearer token (optional)', mcpAdd: 'Add server', mcpRemove: 'Remove', mcpClearToken: 'Clear token',
  mcpNone: 'No MCP servers', mcpHasToken: 'token set', mcpTokenRemembered: 'token remembered on this device', mcpRememberToken: 'Remember the token on this device',
  mcpInvalid: 'Name: letters, digits, _ or -, up to 32; URL: http(s), not already added',
  settings: 'Settings', provider: 'Provider', baseUrl: 'Base URL', model: 'Model', apiKey: 'API key', save: 'Save', clearKey: 'Clear key',
  rememberKey: 'Remember the key on this device', rememberWarning: 'A remembered key is stored in this site’s browser storage: any script running on this site can read it.',
  keyInMemory: 'Key kept in memory for this tab only', keyRemembered: 'Key remembered on this device', noKey: 'No key set',
  deleteAll: 'Delete all my data', confirmDeleteAll: 'Delete every session, workspace and setting stored by this agent?',
  todos: 'Tasks', compacted: 'Earlier conversation was summarized', offline: 'Offline — waiting for the network to retry', forkHere: 'Fork from here', noSessions: 'No saved sessions',
  error: 'Error',
  questionTitle: 'The agent asks', questionOther: 'Other', questionOtherPlaceholder: 'Other: type your own answer', questionAnswer: 'Answer',
  questionHint: 'Arrow keys move, Space or Enter chooses, Ctrl+Enter answers', instructions: 'Instructions', olderLoading: 'Loading earlier messages…',
  find: 'Find', findLabel: 'Find in this conversation', findPrevious: 'Previous match', findNext: 'Next match', findClose: 'Close find',
  findNone: 'No match', findOlder: 'Searching earlier messages…', opening: 'Opening the session… (sending waits until it is loaded)',
}

export type Strings = typeof en
export type Lang = 'en' | 'zh'

const zh: Strings = {
  agent: '智能体', transcript: '对话', composerLabel: '消息', composerPlaceholder: '向智能体提问…', composerHint: 'Enter 发送，Shift+Enter 换行。',
  compact: '压缩', compactHint: '为模型总结较早的历史；对话记录保留全部消息',
  trim: '裁剪', trimHint: '裁剪工具结果：为模型缩短过长的工具输出（不调用模型）；日志保留完整内容',
  send: '发送', steer: '插话', stop: '停止', thinking: '推理过程', copy: '复制', copied: '已复制',
  loadImage: '加载图片', imageBlocked: '图片（点击加载）', linkBlocked: '链接已移除',
  running: '运行中…', stopped: '已被你停止', interrupted: '本轮被中断', blocked: '已阻止',
  maxTokens: '已停止：达到输出长度上限', budget: '已停止：达到预算', turnError: '错误',
  exitCode: '退出码', toolRunning: '运行中…', toolError: '失败', approvalAsked: '等待批准',
  approvalRejected: '已拒绝', approvalCancelled: '已取消', approvalUnavailable: '无人批准', approvalAllowed: '已允许一次',
  approvalTitle: '允许此操作吗？', approvalAllow: '允许一次', approvalReject: '拒绝', approvalReason: '原因',
  sessions: '会话', newSession: '新会话', resume: '打开', fork: '分叉', exportFile: '导出', importFile: '导入',
  delete: '删除', confirmDelete: '删除此会话？此操作无法撤销。', confirm: '确认', cancel: '取消',
  webContainerUnavailable: '未使用 WebContainer',
  readOnly: '已在另一个标签页中打开 — 此处只读', takeOver: '接管',
  storageOk: '已保存在此浏览器', storageMemory: '未保存（仅在内存中）', storageError: '存储出现问题', workspaceNotSaved: '工作区文件未保存', used: '已用',
  sizeUnknown: '此浏览器不报告占用大小', persisted: '会一直保留，直到你删除',
  bestEffort: '空间不足时浏览器可能清除', persistUnavailable: '此浏览器无法申请持久保存：请导出要保留的会话',
  mcpServers: 'MCP 服务器', mcpName: '名称', mcpUrl: '服务器地址', mcpToken: 'Bearer 令牌（可选）', mcpAdd: '添加服务器', mcpRemove: '移除', mcpClearToken: '清除令牌',
  mcpNone: '没有 MCP 服务器', mcpHasToken: '已设置令牌', mcpTokenRemembered: '令牌已记在此设备上', mcpRememberToken: '在此设备上记住令牌',
  mcpInvalid: '名称：字母、数字、_ 或 -，最多 32 个；地址：http(s)，且未添加过',
  settings: '设置', provider: '服务商', baseUrl: '接口地址', model: '模型', apiKey: 'API 密钥', save: '保存', clearKey: '清除密钥',
  rememberKey: '在此设备上记住密钥', rememberWarning: '记住的密钥保存在本站点的浏览器存储中：本站点运行的任何脚本都能读取它。',
  keyInMemory: '密钥仅保存在此标签页的内存中', keyRemembered: '密钥已记在此设备上', noKey: '未设置密钥',
  deleteAll: '删除我的全部数据', confirmDeleteAll: '删除此智能体保存的所有会话、工作区和设置？',
  todos: '任务', compacted: '较早的对话已被总结', offline: '网络已断开，恢复后重试', forkHere: '从这里分叉', noSessions: '没有已保存的会话',
  error: '错误',
  questionTitle: '智能体想问你', questionOther: '其他', questionOtherPlaceholder: '其他：输入你自己的回答', questionAnswer: '回答',
  questionHint: '方向键移动，空格或回车选择，Ctrl+Enter 提交', instructions: '指令', olderLoading: '正在加载较早的消息…',
  find: '查找', findLabel: '在此对话中查找', findPrevious: '上一个匹配', findNext: '下一个匹配', findClose: '关闭查找',
  findNone: '无匹配', findOlder: '正在搜索较早的消息…', opening: '正在打开会话…（加载完成后才能发送）',
}

export function strings(lang: string | null | undefined): Strings {
  return lang === 'zh' ? zh : en
}
