/**
 * The terminal's 16 ANSI colours for a light and a dark background: each passes WCAG AA (4.5:1)
 * against the theme's code background (`#f6f8fa` light, `#151b23` dark), where xterm's defaults
 * do not (light cyan 1.5:1, dark red 2.9:1). "White" on a light background is a dark grey, "black"
 * on a dark one a light grey: text the shell colours stays readable either way. Plane: main.
 * @module components/dsh-workspace/terminal-palette
 */

export type AnsiName = 'black' | 'red' | 'green' | 'yellow' | 'blue' | 'magenta' | 'cyan' | 'white'
  | 'brightBlack' | 'brightRed' | 'brightGreen' | 'brightYellow' | 'brightBlue' | 'brightMagenta' | 'brightCyan' | 'brightWhite'
export type AnsiPalette = Readonly<Record<AnsiName, string>>

export const LIGHT_PALETTE: AnsiPalette = Object.freeze({
  black: '#24292f', red: '#b3261e', green: '#116329', yellow: '#7d4e00', blue: '#0550ae', magenta: '#8250df', cyan: '#1b7c83', white: '#59636e',
  brightBlack: '#59636e', brightRed: '#a40e26', brightGreen: '#1a7f37', brightYellow: '#6f4a00', brightBlue: '#0969da', brightMagenta: '#6e40c9', brightCyan: '#116b72', brightWhite: '#424a53',
})

export const DARK_PALETTE: AnsiPalette = Object.freeze({
  black: '#9198a1', red: '#ff7b72', green: '#3fb950', yellow: '#d29922', blue: '#58a6ff', magenta: '#bc8cff', cyan: '#39c5cf', white: '#b1bac4',
  brightBlack: '#9198a1', brightRed: '#ffa198', brightGreen: '#56d364', brightYellow: '#e3b341', brightBlue: '#79c0ff', brightMagenta: '#d2a8ff', brightCyan: '#56d4dd', brightWhite: '#f0f6fc',
})

/** WCAG relative luminance of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2)
}

/** The palette for a background: the dark one below mid luminance (a colour that is not `#rrggbb` counts as light). */
export function paletteFor(background: string): AnsiPalette {
  return /^#[0-9a-f]{6}$/i.test(background) && luminance(background) < 0.18 ? DARK_PALETTE : LIGHT_PALETTE
}
