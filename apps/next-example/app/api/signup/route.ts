import { signUp } from '../../../server/sign-up'

export { signUp as POST }
