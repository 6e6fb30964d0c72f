/**
 * `@hakiki/provider/contract`: the provider contract suite, for Vitest. Any provider (the kit's,
 * or yours) runs it to show the proxy can rely on it.
 */
export { describeProviderContract, type ProviderContractHarness } from './describe-provider-contract'
