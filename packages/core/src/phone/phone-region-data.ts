/**
 * One region's metadata as its generated module holds it (`src/phone-regions/<ISO>.gen.ts`):
 * `[iso2, plan, mobile example]`, the plan in libphonenumber-js's compressed `max` form.
 */
export type PhoneRegionData = readonly [iso2: string, plan: unknown, example: string]
