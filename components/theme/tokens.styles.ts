/**
 * Design tokens (`--dsh-*`) with light and dark values, following `theme` on the host element
 * (`light`, `dark`, `auto` = the host page's color-scheme, see controllers/host-color-scheme)
 * and prefers-reduced-motion. Plane: main.
 * Contract: every token can be overridden by the host page on `dsh-agent` or any ancestor.
 * @module components/theme/tokens
 */
import { css } from 'lit'

const light = css`
  --_bg: var(--dsh-color-bg, #ffffff);
  --_fg: var(--dsh-color-fg, #1f2328);
  --_muted: var(--dsh-color-muted, #59636e);
  --_surface: var(--dsh-color-surface, #f6f8fa);
  --_border: var(--dsh-color-border, #d1d9e0);
  --_accent: var(--dsh-color-accent, #0969da);
  --_accent-fg: var(--dsh-color-accent-fg, #ffffff);
  --_danger: var(--dsh-color-danger, #cf222e);
  --_success: var(--dsh-color-success, #1a7f37);
  --_code-bg: var(--dsh-color-code-bg, #f6f8fa);
`
const dark = css`
  --_bg: var(--dsh-color-bg, #0d1117);
  --_fg: var(--dsh-color-fg, #e6edf3);
  --_muted: var(--dsh-color-muted, #9198a1);
  --_surface: var(--dsh-color-surface, #151b23);
  --_border: var(--dsh-color-border, #3d444d);
  --_accent: var(--dsh-color-accent, #4493f8);
  --_accent-fg: var(--dsh-color-accent-fg, #0d1117);
  --_danger: var(--dsh-color-danger, #f85149);
  --_success: var(--dsh-color-success, #3fb950);
  --_code-bg: var(--dsh-color-code-bg, #151b23);
`

export const tokens = css`
  :host {
    ${light}
    --_radius: var(--dsh-radius, 8px);
    --_gap: var(--dsh-space, 8px);
    --_font: var(--dsh-font-family, system-ui, -apple-system, 'Segoe UI', sans-serif);
    --_mono: var(--dsh-font-mono, ui-monospace, 'SFMono-Regular', Menlo, monospace);
    --_duration: var(--dsh-motion-duration, 150ms);
    color-scheme: light;
  }
  /* The custom state: dsh-agent's HostColorSchemeController resolves theme="auto" against the page. */
  :host([theme='dark']), :host(:state(dark)) { ${dark} color-scheme: dark; }
  @media (prefers-reduced-motion: reduce) {
    :host { --_duration: 0ms; }
  }
`
