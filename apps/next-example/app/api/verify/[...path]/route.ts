import { verifyHandler } from '../../../../server/verify'

// The proxy answers /api/verify/verifications, /verifications/{id}, /verifications/{id}/check
// and /rates itself; the catch-all segment only routes them here.
const verify = (request: Request): Promise<Response> => verifyHandler()(request)

export { verify as GET, verify as POST, verify as OPTIONS }
