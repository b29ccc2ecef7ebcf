import { describe, expect, it } from 'vitest'
import { contrast, widgetTheme } from '../../../widget/theme'

const SAMPLES = ['#00796b', '#ffeb3b', '#ffffff', '#000000', '#1a237e', '#e91e63', '#8bc34a', '#9e9e9e', '#00bcd4']

describe('the widget colours made from a brand colour', () => {
  it("falls back to the product's teal for a missing or malformed colour", () => {
    for (const color of [null, undefined, '', 'teal', '#12345', '#00796bff'])
      expect(widgetTheme(color).accent).toBe('#00796b')
    expect(widgetTheme('#1A237E').accent).toBe('#1a237e')
  })

  it('puts white text on dark colours and dark text on light ones', () => {
    expect(widgetTheme('#1a237e').onAccent).toBe('#ffffff')
    expect(widgetTheme('#00796b').onAccent).toBe('#ffffff')
    expect(widgetTheme('#ffeb3b').onAccent).toBe('#1c2230')
    expect(widgetTheme('#ffffff').onAccent).toBe('#1c2230')
  })

  it('keeps every text readable (contrast of at least 4.5:1) whatever the colour', () => {
    for (const color of SAMPLES) {
      const t = widgetTheme(color)
      expect(contrast(t.accentText, '#ffffff'), color).toBeGreaterThanOrEqual(4.5)
      expect(contrast(t.accentSoftText, t.accentSoft), color).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('uses the colour itself for links when it already reads on white', () => {
    expect(widgetTheme('#1a237e').accentText).toBe('#1a237e')
    // Yellow does not: links get a darker shade of it.
    const yellow = widgetTheme('#ffeb3b').accentText
    expect(yellow).not.toBe('#ffeb3b')
    expect(contrast(yellow, '#ffffff')).toBeGreaterThanOrEqual(4.5)
  })
})
