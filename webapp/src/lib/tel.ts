/**
 * The words that start an extension in a typed number ("555-0134 ext. 22";
 * "p22" and "w22" are a dialer's pauses): only at the start of a word and
 * when no letter follows. A comma (a pause) and # need no word around them.
 */
const extMarkers = ['extension', 'ext', 'x', 'p', 'w']

const letter = /\p{L}/u

function extMarker(chars: string[], i: number, afterLetter: boolean): number {
  if (chars[i] === ',' || chars[i] === '#') return 1
  if (afterLetter) return 0
  for (const word of extMarkers) {
    const candidate = chars.slice(i, i + word.length).join('')
    if (candidate.toLowerCase() !== word) continue
    const next = chars[i + word.length]
    if (next !== undefined && letter.test(next)) continue
    return word.length
  }
  return 0
}

/**
 * A `tel:` link (RFC 3966) that dials a phone number as a person typed it:
 * the digits, a + kept when it comes before the first digit, and an
 * extension as `;ext=` ("555-0134 ext. 22" → `tel:5550134;ext=22`). Letters,
 * spaces and other punctuation are dropped. Null when there are no digits to
 * dial ("ask at the desk"). The server's `lifeline.TelHref` is the same
 * rule; both are tested on `tel-cases.json`.
 */
export function telHref(phone: string): string | null {
  const chars = Array.from(phone)
  let number = ''
  let ext = ''
  let plus = false
  let inExt = false
  let afterLetter = false
  for (let i = 0; i < chars.length; ) {
    const c = chars[i]
    if (c >= '0' && c <= '9') {
      if (inExt) ext += c
      else number += c
    } else if (!inExt && number !== '') {
      const n = extMarker(chars, i, afterLetter)
      if (n > 0) {
        inExt = true
        afterLetter = false
        i += n
        continue
      }
    } else if (c === '+' && !inExt) {
      plus = true
    }
    afterLetter = letter.test(c)
    i += 1
  }
  if (number === '') return null
  return `tel:${plus ? '+' : ''}${number}${ext === '' ? '' : `;ext=${ext}`}`
}
