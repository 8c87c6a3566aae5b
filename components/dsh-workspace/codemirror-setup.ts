/**
 * The CodeMirror 6 editor of `<dsh-editor-pane>` (a lazy chunk, loaded on the first file opened):
 * line numbers, undo history, search, bracket matching, syntax highlighting for the workspace's
 * languages (JS/TS, HTML, CSS, JSON, Markdown, Python) in colours from the theme tokens, and the
 * "changed by the agent" line highlight. Plane: main. Contract: no eval; styles are constructable
 * sheets in the editor's shadow root (strict CSP safe).
 * @module components/dsh-workspace/codemirror-setup
 */
import { EditorState, StateEffect, StateField, Transaction, type Extension, type Range } from '@codemirror/state'
import { Decoration, EditorView, drawSelection, highlightActiveLine, highlightSpecialChars, keymap, lineNumbers, type DecorationSet } from '@codemirror/view'
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands'
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search'
import { HighlightStyle, bracketMatching, indentOnInput, syntaxHighlighting, type LanguageSupport } from '@codemirror/language'
import { tags } from '@lezer/highlight'
import { javascript } from '@codemirror/lang-javascript'
import { html } from '@codemirror/lang-html'
import { css } from '@codemirror/lang-css'
import { json } from '@codemirror/lang-json'
import { markdown } from '@codemirror/lang-markdown'
import { python } from '@codemirror/lang-python'

export { EditorState, EditorView, Transaction }

/** The language of a file, by its extension; none for plain text. */
export function languageFor(path: string): LanguageSupport | undefined {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase()
  switch (ext) {
    case 'js': case 'mjs': case 'cjs': return javascript()
    case 'jsx': return javascript({ jsx: true })
    case 'ts': case 'mts': case 'cts': return javascript({ typescript: true })
    case 'tsx': return javascript({ typescript: true, jsx: true })
    case 'html': case 'htm': return html()
    case 'css': return css()
    case 'json': return json()
    case 'md': case 'markdown': return markdown()
    case 'py': return python()
    default: return undefined
  }
}

/** Token colours from theme variables (light and dark palettes live in the element's styles). */
const highlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.moduleKeyword, tags.operatorKeyword], color: 'var(--_hl-keyword)' },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: 'var(--_hl-string)' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'var(--_hl-number)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--_hl-comment)', fontStyle: 'italic' },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName), tags.className, tags.typeName], color: 'var(--_hl-name)' },
  { tag: [tags.tagName, tags.heading], color: 'var(--_hl-keyword)', fontWeight: 'bold' },
  { tag: [tags.attributeName, tags.propertyName], color: 'var(--_hl-name)' },
  { tag: tags.link, textDecoration: 'underline' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strong, fontWeight: 'bold' },
])

const theme = EditorView.theme({
  '&': { height: '100%', color: 'var(--_fg)', backgroundColor: 'var(--_bg)', fontSize: '0.875rem' },
  '.cm-scroller': { fontFamily: 'var(--_mono)' },
  '.cm-content': { caretColor: 'var(--_fg)' },
  '.cm-cursor': { borderLeftColor: 'var(--_fg)' },
  '.cm-gutters': { backgroundColor: 'var(--_surface)', color: 'var(--_muted)', borderRight: '1px solid var(--_border)' },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--_accent) 6%, transparent)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': { backgroundColor: 'color-mix(in srgb, var(--_accent) 25%, transparent)' },
  '.cm-dsh-changed': { backgroundColor: 'color-mix(in srgb, var(--_success) 18%, transparent)' },
  '.cm-panels': { backgroundColor: 'var(--_surface)', color: 'var(--_fg)' },
  '.cm-panels input, .cm-panels button': { color: 'var(--_fg)', backgroundColor: 'var(--_bg)' },
  '.cm-searchMatch': { backgroundColor: 'color-mix(in srgb, var(--_accent) 30%, transparent)' },
})

/** Marks lines `[from, to]` (1-based, inclusive) as changed by the agent; an empty range clears. */
export const markChanged = StateEffect.define<{ from: number; to: number }>()

const changedLines = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, transaction) {
    let next = marks.map(transaction.changes)
    for (const effect of transaction.effects) {
      if (!effect.is(markChanged)) continue
      const { doc } = transaction.state
      const ranges: Range<Decoration>[] = []
      for (let line = effect.value.from; line <= Math.min(effect.value.to, doc.lines); line++) ranges.push(Decoration.line({ class: 'cm-dsh-changed' }).range(doc.line(line).from))
      next = Decoration.set(ranges)
    }
    return next
  },
  provide: (field) => EditorView.decorations.from(field),
})

/** The extensions of one file's editor state; `onChange` runs on every edit by the person, `save` on Mod-S. */
export function editorExtensions(path: string, onChange: () => void, save: () => void, label: string): Extension[] {
  const language = languageFor(path)
  return [
    lineNumbers(), highlightSpecialChars(), history(), drawSelection(), indentOnInput(), bracketMatching(),
    highlightActiveLine(), highlightSelectionMatches(), search({ top: true }), syntaxHighlighting(highlight), theme, changedLines,
    keymap.of([{ key: 'Mod-s', preventDefault: true, run: () => { save(); return true } }, ...searchKeymap, ...historyKeymap, indentWithTab, ...defaultKeymap]),
    EditorView.contentAttributes.of({ 'aria-label': label }),
    // Every change but the agent's text coming in (annotated `Transaction.remote`) is the person's.
    EditorView.updateListener.of((update) => { if (update.transactions.some((t) => t.docChanged && !t.annotation(Transaction.remote))) onChange() }),
    ...(language ? [language] : []),
  ]
}
