/**
 * Destination policy against toll fraud: which number types each channel may send a code to.
 * Validity and country are not enough: premium-rate, shared-cost, UAN and VoIP numbers of a
 * covered country are valid, and an attacker who owns one is paid for every SMS or call the app
 * makes to it (IRSF / "SMS pumping"). Types come from libphonenumber's `max` metadata, which
 * knows them for every covered country; its size does not matter on a server.
 */
import type { Channel } from '@hakiki/core/rules'
import type { PhoneNumberType as LibPhoneNumberType } from 'libphonenumber-js/max'
import { parsePhoneNumber, phoneNumberType } from './phone-library'
import { ProxyError } from './problem'

/** A number type as libphonenumber names it (`MOBILE`, `FIXED_LINE`, `PREMIUM_RATE`...). */
export type PhoneNumberType = LibPhoneNumberType

/** The phone channels' allowed number types. */
export interface ChannelNumberTypes {
  sms?: readonly PhoneNumberType[]
  call?: readonly PhoneNumberType[]
}

/** Option `numberTypes`: the defaults per channel, and overrides per ISO country (`GH`, `KE`). */
export interface NumberTypesOptions extends ChannelNumberTypes {
  /** Per-country overrides; a channel left out there keeps the general list. */
  countries?: Readonly<Record<string, ChannelNumberTypes>>
}

/**
 * Default allowed types. SMS: mobile, and `FIXED_LINE_OR_MOBILE` where the numbering plan cannot
 * tell them apart. Calls: those and fixed lines. Never premium-rate, shared-cost, toll-free, UAN,
 * VoIP, pager, personal or voicemail numbers: they are the toll-fraud targets, or cannot answer.
 */
export const DEFAULT_NUMBER_TYPES: Readonly<Required<ChannelNumberTypes>> = {
  sms: ['MOBILE', 'FIXED_LINE_OR_MOBILE'],
  call: ['MOBILE', 'FIXED_LINE_OR_MOBILE', 'FIXED_LINE'],
}

const KNOWN_TYPES: ReadonlySet<string> = new Set([
  'MOBILE',
  'FIXED_LINE',
  'FIXED_LINE_OR_MOBILE',
  'PREMIUM_RATE',
  'TOLL_FREE',
  'SHARED_COST',
  'VOIP',
  'PERSONAL_NUMBER',
  'PAGER',
  'UAN',
  'VOICEMAIL',
])

/** Checks a number against the policy; throws 400 `unsupported_number_type`. Needs the phone library loaded (`loadPhoneLibrary`). */
export type NumberTypeCheck = (e164: string, country: string, channel: Exclude<Channel, 'email'>) => void

/** Compiles the option; throws a `TypeError` at creation for an unknown type name. */
export function createNumberTypeCheck(options: NumberTypesOptions = {}): NumberTypeCheck {
  const general = {
    sms: toSet(options.sms ?? DEFAULT_NUMBER_TYPES.sms, 'sms'),
    call: toSet(options.call ?? DEFAULT_NUMBER_TYPES.call, 'call'),
  }
  const byCountry = new Map<string, { sms: ReadonlySet<string>; call: ReadonlySet<string> }>()
  for (const [iso2, lists] of Object.entries(options.countries ?? {})) {
    if (!/^[A-Z]{2}$/.test(iso2)) throw new TypeError(`numberTypes.countries keys must be ISO codes like "GH" (got "${iso2}")`)
    byCountry.set(iso2, {
      sms: lists.sms ? toSet(lists.sms, `countries.${iso2}.sms`) : general.sms,
      call: lists.call ? toSet(lists.call, `countries.${iso2}.call`) : general.call,
    })
  }
  return (e164, country, channel) => {
    // WhatsApp reaches an account on a mobile number: the SMS list applies.
    const allowed = (byCountry.get(country) ?? general)[channel === 'whatsapp' ? 'sms' : channel]
    // A number the metadata cannot type is refused too: failing open here is failing open on fraud.
    const parsed = parsePhoneNumber(e164)
    const type = parsed === undefined ? undefined : phoneNumberType(parsed)
    if (type === undefined || !allowed.has(type)) {
      throw new ProxyError('unsupported_number_type', {
        detail: channel === 'call' ? 'This number cannot receive code calls.' : `This number cannot receive ${channel === 'sms' ? 'SMS' : 'WhatsApp'} codes.`,
      })
    }
  }
}

function toSet(types: readonly string[], name: string): ReadonlySet<string> {
  for (const type of types) {
    if (!KNOWN_TYPES.has(type)) throw new TypeError(`numberTypes.${name}: unknown number type "${type}"`)
  }
  return new Set(types)
}
