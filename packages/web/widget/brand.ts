import { widgetTheme } from './theme'

/**
 * The widget's palette from the organization's colour (contract §3.4, `widget.color`) as the CSS custom properties
 * its stylesheet uses: the colour for the launcher, header and buttons; white or dark text on it, whichever reads;
 * and darker shades where the colour is text (links, light buttons). An invalid colour falls back to the teal.
 */
export const brandStyle = (color: string | null | undefined): Record<string, string> => {
  const t = widgetTheme(color)
  return {
    '--pxw-brand': t.accent,
    '--pxw-on-brand': t.onAccent,
    '--pxw-brand-text': t.accentText,
    '--pxw-brand-soft': t.accentSoft,
    '--pxw-brand-soft-text': t.accentSoftText,
  }
}
