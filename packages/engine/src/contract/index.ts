/**
 * `@hakiki/engine/contract`: the transport contract suite, for Vitest. Any transport (the kit's,
 * or yours) runs it against its counterpart to show the engine can rely on it.
 */
export { describeTransportContract, type TransportContractHarness } from './describe-transport-contract'
