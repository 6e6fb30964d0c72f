/**
 * `@hakiki/engine/memory-adapter`: the engine in this process, behind the browser contract, for
 * component tests, Storybook and demos without a server. Loads no transport but the inbox, no
 * Node built-in and no server package: it bundles for the browser. (`export *`: every export of
 * the module is public: `createMemoryAdapter` and its types.)
 */
export * from './create-memory-adapter'
