/** The product's teal: the colour of organizations that have not chosen theirs (contract §3.4, `widget.color`). */
export const DEFAULT_COLOR = '#00796b'

type Rgb = [number, number, number]

const TEAL: Rgb = [0x00, 0x79, 0x6b] // DEFAULT_COLOR
const WHITE: Rgb = [255, 255, 255]
const INK: Rgb = [28, 34, 48]

const parse = (color: string | null | undefined): Rgb | null => {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color?.trim() ?? '')
  return m ? [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)] : null
}

const hex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`

/** WCAG relative luminance. */
const luminance = (rgb: Rgb) => {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

const mix = (from: Rgb, to: Rgb, share: number): Rgb => from.map((c, i) => c + (to[i]! - c) * share) as unknown as Rgb

/** The colour darkened in small steps until text in it reads on `background` (4.5:1). */
const readableOn = (color: Rgb, background: Rgb): Rgb => {
  let out = color
  for (let i = 0; i < 40 && contrast(out, background) < 4.5; i++) out = mix(out, [0, 0, 0], 0.08)
  return out
}

/**
 * The widget's palette from the organization's colour, as CSS custom properties: the colour itself for the launcher,
 * header and buttons; white or dark text on it, whichever reads; and darker shades where the colour is text (links,
 * light buttons) and would be too pale on white. An invalid colour falls back to the teal.
 */
export const brandStyle = (color: string | null | undefined): Record<string, string> => {
  const brand = parse(color) ?? TEAL
  const onBrand = contrast(brand, WHITE) >= contrast(brand, INK) ? WHITE : INK
  const soft = mix(brand, WHITE, 0.88)
  return {
    '--pxw-brand': hex(brand),
    '--pxw-on-brand': hex(onBrand),
    '--pxw-brand-text': hex(readableOn(brand, WHITE)),
    '--pxw-brand-soft': hex(soft),
    '--pxw-brand-soft-text': hex(readableOn(brand, soft)),
  }
}
