/**
 * Types for `@joplin/turndown-plugin-gfm` (it ships none): the GFM plugin for turndown.
 * @module tool-web/turndown-plugin-gfm
 */
declare module '@joplin/turndown-plugin-gfm' {
  import type TurndownService from 'turndown'
  export const gfm: TurndownService.Plugin
}
