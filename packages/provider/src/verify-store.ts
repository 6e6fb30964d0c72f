/** The store port v2 (`@hakiki/store`), as providers receive it in every call. */
export type { Entry, Quota, Tally, TakeResult, VerifyStore, WriteOp } from '@hakiki/store'
