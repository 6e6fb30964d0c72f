// `snippet: context sign-up.ts`: the app's own account storage, which a sign-up handler calls.
declare function createAccount(account: { name: string; phone: string; phoneVerifiedAt: Date }): Promise<void>
