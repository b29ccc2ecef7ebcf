/**
 * The widget's colours, made from the organisation's brand colour (`widget.color`, contract §3.4) so that text stays
 * readable on any colour an admin picks (WCAG contrast of at least 4.5:1). Shared by the widget and the dashboard's
 * preview of it.
 */

export const DEFAULT_ACCENT = '#00796b'
const WHITE = '#ffffff'
const INK = '#1c2230'
const BLACK = '#000000'
const READABLE = 4.5

const HEX = /^#[0-9a-f]{6}$/i

const rgb = (hex: string): [number, number, number] => [
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
]

const toHex = (channels: number[]) =>
  `#${channels
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`

/** Relative luminance (WCAG 2). */
export const luminance = (hex: string) => {
  const [r, g, b] = rgb(hex).map((c) => {
    const v = c / 255
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** Contrast ratio of two colours, from 1 to 21. */
export const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** `t` of the way from `from` to `to`. */
const mix = (from: string, to: string, t: number) => {
  const a = rgb(from)
  const b = rgb(to)
  return toHex(a.map((c, i) => c + ((b[i] ?? 0) - c) * t))
}

/** The colour itself when it reads on `background`, else the nearest darker shade that does. */
const readableOn = (color: string, background: string) => {
  for (let t = 0; t <= 1; t += 0.05) {
    const shade = mix(color, BLACK, t)
    if (contrast(shade, background) >= READABLE) return shade
  }
  return BLACK
}

export type WidgetTheme = {
  /** Header, launcher, the visitor's own messages and the main buttons. */
  accent: string
  /** Text and icons on the accent: white or ink, whichever reads better. */
  onAccent: string
  /** The accent as text on white (links). */
  accentText: string
  /** A light tint of the accent (secondary buttons), with `accentText` readable on it. */
  accentSoft: string
  accentSoftText: string
}

export function widgetTheme(color: string | null | undefined): WidgetTheme {
  const accent = color && HEX.test(color) ? color.toLowerCase() : DEFAULT_ACCENT
  const accentSoft = mix(accent, WHITE, 0.88)
  return {
    accent,
    onAccent: contrast(WHITE, accent) >= contrast(INK, accent) ? WHITE : INK,
    accentText: readableOn(accent, WHITE),
    accentSoft,
    accentSoftText: readableOn(accent, accentSoft),
  }
}
