/**
 * UI strings of the widget shell — empty state, launcher, error notices, the session list's
 * dates and storage line — in English and Chinese. Plane: main.
 * Contract: both tables have exactly the same keys (checked by the type); `failed` names what
 * failed per action, `todo` says what to do per error code (with a per-action fallback).
 * @module components/i18n/shell-strings
 */
const en = {
  emptyHeading: 'How can I help?', suggestions: 'Suggested questions',
  modelScripted: 'Answers come from a scripted demo model (no key, no network).', modelReplay: 'Replaying a recorded session (no model is called).',
  modelProvider: 'Answers come from', modelDefault: 'the provider’s default model',
  openAgent: 'Open the assistant', close: 'Close', closePanel: 'Close the panel', more: 'More actions', replyArrived: 'A new reply arrived.', showReply: 'Show it', stop: '. ', region: 'Assistant', dismiss: 'Dismiss', details: 'Details',
  fork: 'fork', forkOf: 'Fork of', untitled: 'New conversation', sessionCount: 'sessions', oneSession: 'session', storageUse: 'used of',
  openFailed: 'The conversation could not be opened (the reason is in the notice above).', startSlow: 'The assistant is taking long to start.',
  retry: 'Try again', startNew: 'Start a new conversation',
  failed: {
    start: 'The assistant could not start', attribute: 'A setting of this page is invalid', workspace: 'The WebContainer workspace is not used',
    host: 'The assistant ran into a problem', prompt: 'Your message could not be sent', import: 'The session could not be imported',
    export: 'The session could not be exported', fork: 'The session could not be forked', delete: 'The session could not be deleted',
    open: 'The session could not be opened', compact: 'The conversation could not be compacted', trim: 'The tool results could not be trimmed', settings: 'The settings could not be applied',
    approval: 'The answer to the approval did not arrive', storage: 'Saving in this browser failed', other: 'Something failed',
    turn: 'The assistant could not answer',
  },
  todo: {
    SESSION_ALREADY_EXISTS: 'This session is already stored here: open it from Sessions.',
    SESSION_CORRUPT: 'The stored session is damaged; export what you can and start a new one.',
    SESSION_IMPORT_INVALID: 'The file is not a valid session export (JSONL from dsh or dsh-agent).',
    SESSION_FORMAT_NEWER: 'The file comes from a newer version; update this page’s dsh-agent.',
    SESSION_NOT_FOUND: 'It no longer exists; pick another session from Sessions.',
    SESSION_LOCKED: 'Another tab writes it; close that tab or take over here.',
    SESSION_READ_ONLY: 'Another tab writes it; press “Take over” to continue here.',
    STORAGE_QUOTA: 'The browser’s storage is full: delete old sessions.',
    QUOTA_EXCEEDED: 'The browser’s storage is full: export what you need, delete old sessions or free space; until then new messages and files are kept in memory only, and saving resumes by itself once there is room.', STORAGE_UNAVAILABLE: 'This browser does not allow storage here; the conversation stays in memory.',
    KEY_NOT_REMEMBERED: 'The key could not be remembered on this device (its storage is full); it is used in this tab until you close it.',
    WORKSPACE_NOT_SAVED: 'Files the assistant wrote could not be saved in this browser (listed in the storage line): delete files you do not need or free space; until then they are kept in memory only and are gone after a reload.',
    DSH_ATTRIBUTE_INVALID: 'The site’s embed code has an error; tell the site’s owner.', DSH_ATTRIBUTE_FETCH: 'A file the page names could not be loaded; reload the page.',
    DSH_WORKER_CSP: 'The page’s Content-Security-Policy blocks the assistant; the site’s owner must allow it (see the README).',
    DSH_PLUGIN_FAILED: 'Part of the assistant did not start; it works without it. Reload the page to try again.',
    COMPACTION_NOTHING: 'There is nothing to compact yet: send a message first.',
    MISSING_CREDENTIAL: 'No API key is set for the model: add one in Settings, then send again.',
    INVALID_CREDENTIAL: 'The provider refused the API key: check it in Settings.', AUTH: 'The provider refused the API key: check it in Settings.',
    RATE_LIMIT: 'The provider limits requests right now: wait a moment and send again.', QUOTA: 'The provider account has no quota left: check it with the provider.',
    CONTEXT_WINDOW_EXCEEDED: 'The conversation is too long for the model: press Compact, or start a new session.',
    TRANSPORT: 'The model could not be reached: check the connection (and the base URL in Settings), then send again.',
    TIMEOUT: 'The model did not answer in time: send again.', STALLED: 'The model did not answer in time: send again.', SERVER: 'The provider had a problem: send again in a moment.',
    default: 'Try again; if it keeps failing, reload the page.',
  },
}

export type ShellStrings = typeof en

const zh: ShellStrings = {
  emptyHeading: '有什么可以帮你？', suggestions: '推荐的问题',
  modelScripted: '回答来自脚本化的演示模型（无需密钥，不联网）。', modelReplay: '正在回放一段录制的会话（不调用模型）。',
  modelProvider: '回答来自', modelDefault: '服务商的默认模型',
  openAgent: '打开助手', close: '关闭', closePanel: '关闭面板', more: '更多操作', replyArrived: '收到了新的回复。', showReply: '查看', stop: '。', region: '助手', dismiss: '关闭提示', details: '详情',
  fork: '分叉', forkOf: '分叉自', untitled: '新对话', sessionCount: '个会话', oneSession: '个会话', storageUse: '已用，共',
  openFailed: '无法打开对话（原因见上方提示）。', startSlow: '助手启动时间较长。',
  retry: '重试', startNew: '开始新对话',
  failed: {
    start: '助手无法启动', attribute: '本页的一项设置无效', workspace: '未使用 WebContainer 工作区',
    host: '助手遇到了问题', prompt: '你的消息未能发送', import: '无法导入会话',
    export: '无法导出会话', fork: '无法分叉会话', delete: '无法删除会话',
    open: '无法打开会话', compact: '无法压缩对话', trim: '无法裁剪工具结果', settings: '无法应用设置',
    approval: '批准的答复未能送达', storage: '在此浏览器中保存失败', other: '出现了错误',
    turn: '助手未能回答',
  },
  todo: {
    SESSION_ALREADY_EXISTS: '此会话已保存在这里：请从“会话”中打开它。',
    SESSION_CORRUPT: '保存的会话已损坏；请导出能导出的内容并开始新会话。',
    SESSION_IMPORT_INVALID: '该文件不是有效的会话导出（dsh 或 dsh-agent 的 JSONL）。',
    SESSION_FORMAT_NEWER: '该文件来自更新的版本；请更新本页的 dsh-agent。',
    SESSION_NOT_FOUND: '它已不存在；请从“会话”中选择另一个。',
    SESSION_LOCKED: '另一个标签页正在写入它；关闭那个标签页或在此接管。',
    SESSION_READ_ONLY: '另一个标签页正在写入它；点击“接管”在此继续。',
    STORAGE_QUOTA: '浏览器存储已满：请删除旧会话。',
    QUOTA_EXCEEDED: '浏览器存储已满：请导出需要的内容、删除旧会话或释放空间；在此之前，新消息和文件只保存在内存中，有空间后会自动恢复保存。', STORAGE_UNAVAILABLE: '此浏览器不允许在此存储；对话只保存在内存中。',
    KEY_NOT_REMEMBERED: '无法在此设备上记住密钥（存储已满）；在关闭此标签页之前，它仍在此处使用。',
    WORKSPACE_NOT_SAVED: '助手写入的文件无法保存在此浏览器中（见存储状态行）：删除不需要的文件或释放空间；在此之前它们只保存在内存中，重新加载后将丢失。',
    DSH_ATTRIBUTE_INVALID: '网站的嵌入代码有错误；请告知网站所有者。', DSH_ATTRIBUTE_FETCH: '页面指定的文件无法加载；请重新加载页面。',
    DSH_WORKER_CSP: '页面的内容安全策略（CSP）阻止了助手；需由网站所有者放行（见 README）。',
    DSH_PLUGIN_FAILED: '助手的一部分没有启动；其余部分照常可用。重新加载页面可再试一次。',
    COMPACTION_NOTHING: '还没有可压缩的内容：请先发送一条消息。',
    MISSING_CREDENTIAL: '尚未为模型设置 API 密钥：请在“设置”中添加，然后重新发送。',
    INVALID_CREDENTIAL: '服务商拒绝了该 API 密钥：请在“设置”中检查。', AUTH: '服务商拒绝了该 API 密钥：请在“设置”中检查。',
    RATE_LIMIT: '服务商当前限制请求：请稍候再发送。', QUOTA: '服务商账户已无可用额度：请向服务商查询。',
    CONTEXT_WINDOW_EXCEEDED: '对话超出了模型的长度上限：请点击“压缩”，或开始新会话。',
    TRANSPORT: '无法连接到模型：请检查网络（以及“设置”中的基础 URL），然后重新发送。',
    TIMEOUT: '模型没有及时回答：请重新发送。', STALLED: '模型没有及时回答：请重新发送。', SERVER: '服务商出现了问题：请稍后重新发送。',
    default: '请重试；如果一直失败，请重新加载页面。',
  },
}

export function shellStrings(lang: string | null | undefined): ShellStrings {
  return lang === 'zh' ? zh : en
}
