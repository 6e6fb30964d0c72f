export * from './locales'
export * from './countries'
export * from './contract'
export * from './normalize-code'
