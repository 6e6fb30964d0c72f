// What `@/server/verify` is in the guides' Next.js app: the proxy built once, on the server.
import { createVerifyHandler } from '@hakiki/proxy'
import { createVerifyClient } from '@hakiki/verify-client'

export const verify = createVerifyHandler({
  client: createVerifyClient({
    baseUrl: process.env.VERIFY_API_URL!,
    clientId: process.env.VERIFY_CLIENT_ID!,
    clientSecret: process.env.VERIFY_CLIENT_SECRET!,
  }),
  secret: process.env.HAKIKI_SECRET!,
  basePath: '/api/verify',
})
