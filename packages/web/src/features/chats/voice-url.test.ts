import { describe, expect, it } from 'vitest'
import { voicePlaybackUrl } from './voice-url'

const SIGNED = '/api/media/voice/42?exp=1790000000&sig=abc_DEF-123'

describe('voicePlaybackUrl', () => {
  it("plays a signed link from the page's own origin, whatever host name the server put in it", () => {
    for (const base of [
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'https://api.example.com',
      'http://box.lan',
    ]) {
      expect(voicePlaybackUrl(`${base}${SIGNED}`)).toBe(SIGNED)
    }
  })

  it('keeps the signed part when the public address has a path prefix, and accepts a relative link', () => {
    expect(voicePlaybackUrl(`https://example.com/proxima${SIGNED}`)).toBe(SIGNED)
    expect(voicePlaybackUrl(SIGNED)).toBe(SIGNED)
  })

  it('gives nothing to play for a missing link, another kind of address or anything but http(s)', () => {
    expect(voicePlaybackUrl(null)).toBeNull()
    expect(voicePlaybackUrl('')).toBeNull()
    expect(voicePlaybackUrl('https://cdn.example.com/files/42.webm')).toBeNull()
    expect(voicePlaybackUrl(`javascript:alert(1)//${SIGNED}`)).toBeNull()
    expect(voicePlaybackUrl(`data:audio/wav;base64,${SIGNED}`)).toBeNull()
  })
})
