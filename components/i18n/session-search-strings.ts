/**
 * UI strings of the session list's search and sort, in English and Chinese. Plane: main.
 * Contract: both tables have exactly the same keys (checked by the type).
 * @module components/i18n/session-search-strings
 */
const en = {
  search: 'Search sessions', searchPlaceholder: 'Search titles and text', sort: 'Sort',
  sortRecent: 'Most recent', sortOldest: 'Oldest first', sortTitle: 'Title A–Z',
  titles: 'Titles', conversations: 'In conversations', searching: 'Searching…', noMatch: 'No match',
  capped: 'Showing the best matches only; add words to narrow the search.',
  you: 'You', assistant: 'Agent', tool: 'Tool result',
  summary: (titles: number, texts: number | undefined) => `${titles} ${titles === 1 ? 'title' : 'titles'}${texts === undefined ? '' : `, ${texts} ${texts === 1 ? 'conversation' : 'conversations'}`} match`,
}

export type SessionSearchStrings = typeof en

const zh: SessionSearchStrings = {
  search: '搜索会话', searchPlaceholder: '搜索标题和对话内容', sort: '排序',
  sortRecent: '最近使用', sortOldest: '最早创建', sortTitle: '按标题',
  titles: '标题', conversations: '对话内容', searching: '搜索中…', noMatch: '无匹配',
  capped: '只显示最佳匹配；添加词语以缩小范围。',
  you: '你', assistant: '智能体', tool: '工具结果',
  summary: (titles, texts) => `${titles} 个标题${texts === undefined ? '' : `、${texts} 段对话`}匹配`,
}

export function sessionSearchStrings(lang: string | null | undefined): SessionSearchStrings {
  return lang === 'zh' ? zh : en
}
