import type { Bundler } from './bundlers'

/** One measured consumer bundle: what an app imports, as an entry module. */
export interface SizeEntry {
  /** Short label of the table row. */
  name: string
  /** `hakiki` for ours, `alternative` for the libraries we compare with. */
  kind: 'hakiki' | 'alternative'
  /** What a consumer would write. */
  code: string
  /**
   * For ours: the budget CI enforces on the published packages (the packed tarballs installed by
   * npm), in gzip bytes of what loads up front, in each bundler; a bundler named in `budgetsBy`
   * has its own.
   */
  budgetGzip?: number
  /** Budgets of single bundlers, where one ships more than the others (gzip bytes). */
  budgetsBy?: Partial<Record<Bundler, number>>
}

/** The budget of one entry in one bundler, if it has any. */
export function budgetOf(entry: SizeEntry, bundler: Bundler): number | undefined {
  return entry.budgetsBy?.[bundler] ?? entry.budgetGzip
}

/**
 * Each entry re-exports what it measures, so tree-shaking keeps exactly that. Budgets are what the
 * published packages reach (issue 24), rounded up by a little. webpack ships a little more where
 * lazy chunks hang off the up-front code: its runtime lists every chunk's file name (the 56 phone
 * region chunks of the field of every country), which esbuild and rolldown leave to `import()`.
 */
export const SIZE_ENTRIES: readonly SizeEntry[] = [
  {
    // The hooks and the adapter that talks to @hakiki/proxy: what a headless app ships. The adapter
    // comes from @hakiki/core (@hakiki/react does not re-export it).
    name: 'hakiki hooks (useStartVerification + useCheckCode + createProxyAdapter)',
    kind: 'hakiki',
    code: "export { useStartVerification, useCheckCode, VerificationProvider } from '@hakiki/react'\nexport { createProxyAdapter } from '@hakiki/core'",
    // Session 5: +17 B for the set of errors HakikiError's constructor made, which isHakikiError
    // asks instead of `instanceof` (VerificationFlow −0.35 kB: its store no longer bundles the class).
    budgetGzip: 2.05 * 1024,
  },
  // CodeInput and PhoneInput: +0.1 kB in session 2 for reading a value a script writes before a bare
  // `input` event (useObservedInput; Arabic-Indic digits typed by Playwright's Firefox were lost).
  // esbuild +64 B in session 3: VerificationFlow's later steps are a chunk of their own, and esbuild
  // makes every import() it sees an entry, so CodeInput's modules (shared with that chunk) come in
  // a chunk of their own too (an import line and exported names more).
  // +0.45–0.5 kB in session 3 for the password-manager badge strategy (input-otp's
  // pushPasswordManagerStrategy: a badge found on focus, the input widened past the boxes). Loading
  // its watcher with import() on the first focus measured worse: Vite's preload helper and webpack's
  // chunk runtime weigh more than the watcher (any import() costs ~0.6 kB in webpack, ~0.85 kB in Vite).
  // Session 4 (#24), 6.36 / 6.07 / 6.04 → 5.70 / 5.51 / 5.46 kB: useCodeInput's state in one object,
  // the caller's handlers composed in one loop, observeInput without a hook of its own, shorter edit
  // rules and badge watcher. The 3.5 kB goal needs features dropped: what each costs (gzip, esbuild /
  // rolldown / webpack): codes in pasted sentences 521 / 535 / 524 B, writes that bypass React
  // (react-hook-form register, form reset) 330 / 305 / 344, i18n 326 / 307 / 309, the badge 300 /
  // 299 / 302, WebOTP 142 / 145 / 153; all five 1.65 kB: ~3.9 kB left (notes/codeinput.md).
  // Session 5 (#24), 5.71 / 5.52 / 5.47 → 5.31 / 5.11 / 5.07 kB: a pasted text's code is picked by one
  // locale-neutral rule (the last run of the code's length) instead of the 36 locales' words for
  // "code"; the badge watcher only writes `data-badge` on the input (no React state; the stylesheet
  // widens it). What the features still cost (stubbed out, gzip, esbuild / rolldown / webpack, before
  // the widening went to CSS): the badge watcher 361 / 360 / 347, writes that bypass React
  // (observeInput) 326 / 300 / 346, WebOTP 150 / 147 / 148, i18n — / 312 / 313 (esbuild keeps it:
  // the flow's lazy chunks share it); all four out: 4.57 / 4.05 / 3.97 kB.
  { name: 'hakiki CodeInput', kind: 'hakiki', code: "export { CodeInput } from '@hakiki/ui'", budgetGzip: 5.15 * 1024, budgetsBy: { esbuild: 5.25 * 1024 } },
  // PhoneInput and CountrySelect, session 3: the country list (rows, keys, search) and the letters of
  // the tiles beyond the 14 are chunks fetched as the picker's button is first hovered, focused or
  // pressed (-1.7 kB up front). Goal 15 kB: met with esbuild and rolldown; webpack's runtime lists
  // every lazy chunk's file (56 phone-region chunks among them), ~0.7 kB more. Then +72 B in rolldown
  // (15,410 B: the goal missed by 50 B) for a correct Worker/SSR bundle: the country-search chunk is
  // handed what it shares by loadCountrySearch (now withCountrySearchDeps) instead of importing it (core's country-search.ts says why).
  // Session 4: −0.8 kB in every bundler, the flags (14 drawn up front) are country-flag-icons' for
  // every region in chunks fetched as a flag of each is first drawn (flags.tsx); the goal (15 kB)
  // met with webpack too (its runtime still lists ~66 lazy chunk files, ~0.85 kB).
  { name: 'hakiki PhoneInput (with validation)', kind: 'hakiki', code: "export { PhoneInput } from '@hakiki/ui'", budgetGzip: 14.1 * 1024, budgetsBy: { rolldown: 14.35 * 1024, webpack: 14.4 * 1024 } },
  {
    // `countries="all"`: what a mounted field loads before any interaction. The region index
    // (every region's calling code and metadata loader) is fetched only when needed (the picker's
    // button hovered or the list opened, a `+` number, a country beyond the 14), so it is counted with the first country
    // beyond the 14 (`measureEveryCountryPhoneInput`, size-budget.test.ts). Issue 15's goal is
    // 15 kB up front; the budgets are tighter, at what ships (session 6: webpack 14.6 kB once the
    // phone regions came in 27 chunks, not 56; session 7: 14.4 kB, 15 chunks, 14,659 B).
    name: 'hakiki PhoneInput, every country (up front)',
    kind: 'hakiki',
    code: "export { PhoneInput } from '@hakiki/ui'",
    budgetGzip: 14.1 * 1024,
    budgetsBy: { rolldown: 14.35 * 1024, webpack: 14.4 * 1024 },
  },
  // The picker's button up front; its list (with core's search since session 6) and the search's
  // readings and common names are chunks fetched as the button is reached for and the list opens
  // (a few bytes more for fetching the tiles' letters only for a list beyond the 14).
  // Session 4: −0.8 kB, the flags fetched as drawn (see PhoneInput). Session 6: core's search
  // (`@hakiki/core/country-search`) comes in the list's chunk, one request fewer on open; up front
  // no `import()` of it nor `Promise.all` (withCountrySearchDeps hands it what it shares): −40 to −46 B.
  { name: 'hakiki CountrySelect', kind: 'hakiki', code: "export { CountrySelect } from '@hakiki/ui'", budgetGzip: 3.3 * 1024, budgetsBy: { rolldown: 3.9 * 1024, webpack: 4.05 * 1024 } },
  // Session 2: +~1.3 kB in rolldown/webpack for the one live region, the delivery status and the step
  // hand-over (issues 25, 22). Session 3: esbuild −2.4 kB, core's phone-region loader no longer
  // linked up front (named re-exports in core's barrel made esbuild link the barrel and so every
  // module it imports; the barrels re-export with `export *` only, see core's index.ts); then
  // −3 to −3.5 kB in every bundler, the steps after the address step loaded on submit (flow/later-steps.ts).
  // Session 4: −1.8 kB in every bundler (32.8 / 32.5 / 34.3 → 31.0 / 30.7 / 32.5 kB): the later steps'
  // words come with their chunk (flow/step-text.ts, i18n/flow-steps-messages-en.ts), the 35 locales'
  // loaders are a chunk of their own (i18n/message-loaders.ts), the e-mail typo rule loads on the
  // field's first focus (email-suggestion.ts). Then −0.8 kB with phone's flags in chunks: 30.2 / 29.9 / 31.7 kB.
  // Session 5, 30,910 / 30,629 / 32,479 → 29,304 / 28,940 / 30,893 B (one bench:size run, 7c0d37b as
  // before; −0.29 kB of it is codeinput's pickCode, which the flow machine uses): core's locale rules
  // read a compact list, not LOCALES' names (−709 / −791 / −798 B); isHakikiError asks the set of
  // errors the constructor made, not `instanceof`, so the store bundles neither the class nor its
  // problem parser (−475 / −475 / −363 B); the three errors only the code step meets are worded in
  // its chunk (−138 / − / −161 B). Then the e-mail typo hint is drawn by the chunk its rule comes in
  // (−118 / −34 / −127 B). bench:size at 6c390cf: 30,909 / 30,629 / 32,479 → 29,190 / 28,907 / 30,766 B.
  // Left to 28 kB: 518 / 235 / 2,094 B (webpack's runtime lists the ~105 lazy chunks, ~1.26 kB).
  // Session 6, 29,159 / 28,882 / 30,749 → 28,480 / 28,266 / 29,547 B: core's phone regions packed in
  // chunks of up to 3 kB (27 chunks, not 56: webpack −441 B, its runtime lists every chunk with its
  // hash); the first screen's "Send code" a plain button, ResendButton's countdown and the refusal's
  // ticking words (RetryText) coming with the later steps (−680 / −615 / −747 B); zh loads zh-CN's
  // catalog (webpack −17 B). Goal 28 kB (28,672 B) met with esbuild and rolldown; webpack 875 B
  // over: its runtime's list of the 75 lazy chunks is ~1.16 kB of it (34 catalogs and their loaders,
  // 27 region chunks, 7 of flags, 7 more; bench:size prints it).
  // Session 7, 28,487 / 28,270 / 29,537 → 27,864 / 27,652 / 28,589 B, the 28 kB goal met in all
  // three (webpack by 83 B): the regions in 15 chunks, not 27, at the same 3 kB (webpack −173 B);
  // the events each state ignores out of core's machine config (flowIgnoredEvents, test-only:
  // −100 B); `isFinalDelivery` (the code step asks it) and the countdowns' clock reads
  // (useSecondsUntil) in modules of their own, so that the modules the later steps' chunk shares
  // with the up-front code (the machine, use-clock) no longer carry what only that chunk uses, nor
  // make webpack wrap the machine (−301 / −321 / −529 B); the machine's snapshot check and branch
  // lookup written shorter, same rules (−94 / −83 / −82 B); RetryText worded by the flow's
  // errorText and the e-mail hint's words in the hint's chunk, so those chunks share no English
  // messages with the up-front code (−129 / −115 / −62 B). webpack's runtime still lists 62 lazy
  // chunks (~0.96 kB: 34 catalogs and their loaders, 15 region chunks, 7 of flags, 5 more). Then
  // +24 / +21 / +19 B: the fields count only leaving them within the page as leaving (isTouched).
  // webpack's budget is the goal itself.
  { name: 'hakiki VerificationFlow', kind: 'hakiki', code: "export { VerificationFlow } from '@hakiki/ui'", budgetGzip: 27.3 * 1024, budgetsBy: { webpack: 28 * 1024 } },
  { name: 'input-otp (OTPInput)', kind: 'alternative', code: "export { OTPInput } from 'input-otp'" },
  { name: 'react-otp-input', kind: 'alternative', code: "export { default } from 'react-otp-input'" },
  { name: 'react-phone-number-input (default)', kind: 'alternative', code: "export { default } from 'react-phone-number-input'" },
  { name: 'react-phone-number-input/input', kind: 'alternative', code: "export { default } from 'react-phone-number-input/input'" },
  { name: 'react-international-phone (PhoneInput)', kind: 'alternative', code: "export { PhoneInput } from 'react-international-phone'" },
  { name: 'libphonenumber-js/min', kind: 'alternative', code: "export { parsePhoneNumber, AsYouType, isValidPhoneNumber } from 'libphonenumber-js/min'" },
]
