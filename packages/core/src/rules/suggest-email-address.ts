/**
 * The tables the hint reads, built on first use: no state is made when the module loads (a module
 * with state at load that a bundle reaches with `import()`, as `@hakiki/ui` loads this one, is
 * left uninitialised behind a side-effect-free package's `export *` by esbuild without code
 * splitting: evanw/esbuild#1490).
 */
let tables: { known: ReadonlySet<string>; compared: readonly string[]; tldTypos: Readonly<Record<string, string>> } | undefined

function domainTables(): NonNullable<typeof tables> {
  if (tables) return tables
  /**
   * The popular mailbox domains a typo hint may point to: the big international ones and the big
   * ones in the markets of the kit's 36 locales. Also what stops a hint: a domain in this list is
   * never "corrected" (mail.com and ymail.com are a letter away from gmail.com, and real).
   */
  const domains: readonly string[] = [
    'gmail.com', 'googlemail.com', 'yahoo.com', 'ymail.com', 'rocketmail.com', 'hotmail.com', 'outlook.com', 'live.com', 'msn.com',
    'icloud.com', 'me.com', 'mac.com', 'aol.com', 'mail.com', 'proton.me', 'protonmail.com', 'zoho.com', 'yandex.com', 'gmx.com', 'gmx.net',
    // Regional: UK, Germany, France, Italy, Spain, Netherlands, Nordics, Russia, Poland, Czechia,
    // Brazil, India, China, Japan, Korea, Turkey.
    'yahoo.co.uk', 'hotmail.co.uk', 'btinternet.com', 'gmx.de', 'web.de', 't-online.de', 'freenet.de', 'orange.fr', 'free.fr', 'sfr.fr',
    'laposte.net', 'wanadoo.fr', 'hotmail.fr', 'yahoo.fr', 'libero.it', 'virgilio.it', 'tiscali.it', 'hotmail.it', 'yahoo.it', 'hotmail.es',
    'yahoo.es', 'telefonica.net', 'ziggo.nl', 'kpnmail.nl', 'hotmail.nl', 'telia.com', 'online.no', 'yandex.ru', 'mail.ru', 'rambler.ru',
    'inbox.ru', 'list.ru', 'bk.ru', 'ya.ru', 'wp.pl', 'onet.pl', 'o2.pl', 'interia.pl', 'seznam.cz', 'centrum.cz', 'uol.com.br',
    'bol.com.br', 'terra.com.br', 'rediffmail.com', 'yahoo.co.in', 'qq.com', '163.com', '126.com', 'sina.com', 'yahoo.co.jp',
    'docomo.ne.jp', 'ezweb.ne.jp', 'naver.com', 'daum.net', 'hanmail.net',
  ]
  return (tables = {
    known: new Set(domains),
    // Only domains this long are compared by spelling: one letter away from "qq.com" is too many real domains.
    compared: domains.filter((domain) => domain.length >= 8),
    // Endings that are no top-level domain, and the one meant: `.con` → `.com`.
    tldTypos: { con: 'com', cmo: 'com', ocm: 'com', comm: 'com', coom: 'com', vom: 'com', xom: 'com', cpm: 'com', nte: 'net', ent: 'net', ogr: 'org', rog: 'org' },
  })
}

/**
 * Edit distance with adjacent transpositions (optimal string alignment), stopping early: the
 * result is exact up to `max`, and any larger distance is `max + 1`.
 */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1)
      row.push(d)
      best = Math.min(best, d)
    }
    if (best > max) return max + 1
    before = previous
    previous = row
  }
  return Math.min(previous[b.length]!, max + 1)
}

/**
 * The address the user most likely meant, when `address` looks like a typo of a popular mailbox
 * domain ("ama@gmial.com" → "ama@gmail.com") or ends in no real top-level domain
 * ("ama@company.con" → "ama@company.com"); else `undefined`. A hint only: the address as typed
 * stays valid, and a domain one letter away from two popular ones gets no hint (no guessing).
 */
export function suggestEmailAddress(address: string): string | undefined {
  const trimmed = address.trim()
  const at = trimmed.lastIndexOf('@')
  if (at <= 0 || at === trimmed.length - 1) return undefined
  const local = trimmed.slice(0, at)
  const domain = trimmed.slice(at + 1).toLowerCase()
  const { known, compared, tldTypos } = domainTables()
  if (known.has(domain)) return undefined
  const near = compared.filter((popular) => distance(domain, popular, 1) <= 1)
  if (near.length === 1) return `${local}@${near[0]}`
  if (near.length > 1) return undefined
  const dot = domain.lastIndexOf('.')
  const fixed = dot > 0 ? tldTypos[domain.slice(dot + 1)] : undefined
  if (fixed === undefined) return undefined
  const corrected = `${domain.slice(0, dot)}.${fixed}`
  // "gmial.con": both at once.
  return suggestEmailAddress(`${local}@${corrected}`) ?? `${local}@${corrected}`
}
