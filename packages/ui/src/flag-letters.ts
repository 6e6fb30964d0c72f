/*
 * The letters of the neutral tile `Flag` draws for a country beyond the covered 14: a chunk of
 * its own (`loadFlagLetters`), since a phone field on the 14 never shows one before its list opens.
 */

/**
 * Capital letters in a 3 × 5 pixel font, row by row: the placeholder tile draws a country's ISO
 * letters as shapes, not text, since a flag is an image (`aria-hidden`) whose text would otherwise
 * count as the picker button's visible label (WCAG 2.5.3, axe's label-content-name-mismatch).
 */
const GLYPHS: Readonly<Record<string, string>> = {
  A: '010101111101101', B: '110101110101110', C: '011100100100011', D: '110101101101110', E: '111100111100111',
  F: '111100111100100', G: '011100101101011', H: '101101111101101', I: '111010010010111', J: '001001001101010',
  K: '101101110101101', L: '100100100100111', M: '101111111101101', N: '110101101101101', O: '010101101101010',
  P: '110101110100100', Q: '010101101110011', R: '110101110101101', S: '011100010001110', T: '111010010010010',
  U: '101101101101011', V: '101101101010010', W: '101101111111101', X: '101101010101101', Y: '101101010010010',
  Z: '111001010100111',
}

const paths = new Map<string, string>()

/** An SVG path drawing `letters` centred in the 30 × 20 flag box, one square per lit pixel (built once per code). */
export function lettersPath(letters: string): string {
  const cached = paths.get(letters)
  if (cached !== undefined) return cached
  const size = 2.4
  const width = letters.length * 3 * size + (letters.length - 1) * size
  let d = ''
  ;[...letters].forEach((letter, i) => {
    const x0 = (30 - width) / 2 + i * 4 * size
    const glyph = GLYPHS[letter] ?? ''
    for (let p = 0; p < glyph.length; p++) {
      if (glyph[p] === '1') d += `M${(x0 + (p % 3) * size).toFixed(1)} ${(4 + Math.floor(p / 3) * size).toFixed(1)}h${size}v${size}h-${size}z`
    }
  })
  paths.set(letters, d)
  return d
}
