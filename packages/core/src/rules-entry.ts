// `@hakiki/core/rules`: the wire's rules and constants for servers (`@hakiki/proxy`, the sandbox,
// the engine) without what only a browser needs. The barrel (`@hakiki/core`) also loads the phone
// metadata, the flow machine and the adapters: importing it cost the proxy ~2.8 MB of heap and
// ~70 ms at start-up for the ~0.1 MB it uses (issue 24). Only `export *`, as in the barrel: every
// module here exports only public names and holds no state.
export * from './rules'
export * from './rules/locales'
export * from './phone/countries'
export * from './adapters/contract'
