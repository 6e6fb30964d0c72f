'use client'
import type { CountryCode } from '@hakiki/core'
import type { PhoneCountryCode } from '@hakiki/core'
import { useEffect, useReducer, type ReactNode, type SVGProps } from 'react'
import type * as FlagLettersModule from './flag-letters'

/**
 * Flags of the 14 covered countries as inline SVG, drawn at 3:2 and simplified to what reads at
 * 16–24 px. Inline, not fetched: flag CDNs leak every visitor to a third party and fail under a
 * strict Content-Security-Policy; not emoji: Windows shows two letters instead of flags.
 */

/** Points of a five-pointed star centred on (`cx`, `cy`) with outer radius `r`, first point up. */
function star(cx: number, cy: number, r: number): string {
  const points: string[] = []
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.382
    const angle = (Math.PI / 5) * i - Math.PI / 2
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`)
  }
  return points.join(' ')
}

/** Equal horizontal stripes, top to bottom. */
function stripes(colors: readonly string[]): ReactNode {
  const h = 20 / colors.length
  return colors.map((fill, i) => <rect key={i} y={i * h} width="30" height={h + 0.01} fill={fill} />)
}

/** Equal vertical bands, hoist to fly. */
function bands(colors: readonly string[]): ReactNode {
  const w = 30 / colors.length
  return colors.map((fill, i) => <rect key={i} x={i * w} width={w + 0.01} height="20" fill={fill} />)
}

const DRAWINGS: Record<CountryCode, () => ReactNode> = {
  BJ: () => (
    <>
      <rect width="30" height="20" fill="#E8112D" />
      <rect width="30" height="10" fill="#FCD116" />
      <rect width="12" height="20" fill="#008751" />
    </>
  ),
  BF: () => (
    <>
      {stripes(['#EF2B2D', '#009E49'])}
      <polygon points={star(15, 10.4, 3.6)} fill="#FCD116" />
    </>
  ),
  CM: () => (
    <>
      {bands(['#007A5E', '#CE1126', '#FCD116'])}
      <polygon points={star(15, 10.3, 3.2)} fill="#FCD116" />
    </>
  ),
  CI: () => bands(['#F77F00', '#FFFFFF', '#009E60']),
  GH: () => (
    <>
      {stripes(['#CE1126', '#FCD116', '#006B3F'])}
      <polygon points={star(15, 10.3, 3.3)} fill="#000000" />
    </>
  ),
  KE: () => (
    <>
      <rect width="30" height="20" fill="#006600" />
      <rect width="30" height="6" fill="#000000" />
      <rect y="6" width="30" height="8" fill="#FFFFFF" />
      <rect y="7" width="30" height="6" fill="#BB0000" />
      <path d="M11 3.5 19 16.5M19 3.5 11 16.5" stroke="#FFFFFF" strokeWidth="0.7" />
      <ellipse cx="15" cy="10" rx="3.4" ry="6.6" fill="#000000" />
      <ellipse cx="15" cy="10" rx="1.6" ry="6.6" fill="#BB0000" />
      <path d="M15 6v8" stroke="#FFFFFF" strokeWidth="0.5" />
    </>
  ),
  NG: () => bands(['#008751', '#FFFFFF', '#008751']),
  RW: () => (
    <>
      <rect width="30" height="20" fill="#20603D" />
      <rect width="30" height="15" fill="#FAD201" />
      <rect width="30" height="10" fill="#00A1DE" />
      <circle cx="25" cy="5" r="2.9" fill="#E5BE01" />
      <circle cx="25" cy="5" r="1.7" fill="#00A1DE" />
      <circle cx="25" cy="5" r="1.4" fill="#E5BE01" />
    </>
  ),
  SN: () => (
    <>
      {bands(['#00853F', '#FDEF42', '#E31B23'])}
      <polygon points={star(15, 10.3, 3.2)} fill="#00853F" />
    </>
  ),
  ZA: () => (
    <>
      <rect width="30" height="10" fill="#E03C31" />
      <rect y="10" width="30" height="10" fill="#001489" />
      <path d="M0 0 10 10 0 20M10 10H30" fill="none" stroke="#FFFFFF" strokeWidth="6.6" />
      <path d="M0 0 10 10 0 20M10 10H30" fill="none" stroke="#007749" strokeWidth="4" />
      <polygon points="0,3.4 6.6,10 0,16.6" fill="#FFB81C" />
      <polygon points="0,5.4 4.6,10 0,14.6" fill="#000000" />
    </>
  ),
  TZ: () => (
    <>
      <rect width="30" height="20" fill="#00A3DD" />
      <polygon points="0,0 30,0 0,20" fill="#1EB53A" />
      <path d="M0 20 30 0" stroke="#FCD116" strokeWidth="7" />
      <path d="M0 20 30 0" stroke="#000000" strokeWidth="4.6" />
    </>
  ),
  TG: () => (
    <>
      {stripes(['#006A4E', '#FFCE00', '#006A4E', '#FFCE00', '#006A4E'])}
      <rect width="12" height="12" fill="#D21034" />
      <polygon points={star(6, 6.4, 3.6)} fill="#FFFFFF" />
    </>
  ),
  UG: () => (
    <>
      {stripes(['#000000', '#FCDC04', '#D90000', '#000000', '#FCDC04', '#D90000'])}
      <circle cx="15" cy="10" r="3.4" fill="#FFFFFF" />
      <path d="M14 8.2c1-.9 2.2-.5 2.4.6l-.8 1.2.6 2.6h-.7l-.7-2-1.1 2h-.6l1-2.5z" fill="#000000" />
      <circle cx="14.6" cy="7.9" r="0.5" fill="#D90000" />
    </>
  ),
  ZW: () => (
    <>
      {stripes(['#319208', '#FFD200', '#DE2010', '#000000', '#DE2010', '#FFD200', '#319208'])}
      <polygon points="0,0 11.5,10 0,20" fill="#FFFFFF" stroke="#000000" strokeWidth="0.8" />
      <polygon points={star(4.4, 10.2, 2.8)} fill="#DE2010" />
    </>
  ),
}

/** The tile letters' drawing (flag-letters.ts, a chunk of its own), once loaded. */
let tileLetters: typeof FlagLettersModule | undefined
let tileLettersLoading: Promise<unknown> | undefined

/**
 * Fetches the drawing of the tile letters (once; a failed fetch is tried again on the next call):
 * `Flag` does as it first draws a tile, `CountrySelect` as its list is fetched.
 */
export function loadFlagLetters(): Promise<unknown> {
  tileLettersLoading ??= import('./flag-letters').then(
    (module) => (tileLetters = module),
    (error: unknown) => {
      tileLettersLoading = undefined
      throw error
    },
  )
  return tileLettersLoading
}

/** Props of {@link Flag}: any SVG attribute, plus the country. */
export interface FlagProps extends SVGProps<SVGSVGElement> {
  /** ISO code of the country to draw. */
  country: PhoneCountryCode
}

/**
 * The flag of a covered country, decorative (`aria-hidden`): name the country in text beside it.
 *
 * Any other country gets a neutral tile with its ISO letters (`data-flag="placeholder"`), not a
 * flag: drawing some 230 more flags faithfully would cost tens of kB in every bundle (a picker
 * shows them all at once, so they cannot load one by one), a wrong simplified flag is worse than
 * none, and the emoji flags that would cost nothing show as the same two letters on Windows
 * anyway. The name and dialing code beside it say which country it is. The letters' drawing is
 * fetched as the first tile is drawn (the tile shows its frame meanwhile, and on the server).
 */
export function Flag({ country, ...props }: FlagProps): ReactNode {
  const draw = Object.hasOwn(DRAWINGS, country) ? DRAWINGS[country as CountryCode] : undefined
  // Drawn again once the letters are in.
  const [, lettersArrived] = useReducer(() => true, false)
  useEffect(() => {
    if (!draw && !tileLetters) loadFlagLetters().then(lettersArrived, () => undefined)
  }, [draw])
  return (
    <svg viewBox="0 0 30 20" aria-hidden="true" focusable="false" data-part="flag" data-country={country} data-flag={draw ? undefined : 'placeholder'} {...props}>
      {draw ? (
        draw()
      ) : (
        <>
          <rect x="0.5" y="0.5" width="29" height="19" rx="1.5" fill="none" stroke="currentColor" strokeOpacity="0.4" />
          <path d={tileLetters?.lettersPath(country.slice(0, 2).toUpperCase()) ?? ''} fill="currentColor" fillOpacity="0.75" />
        </>
      )}
    </svg>
  )
}
