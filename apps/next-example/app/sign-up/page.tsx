// app/sign-up/page.tsx
import { VerifyPhone } from './verify-phone'

export default function SignUpPage() {
  return (
    <main>
      <h1>Create your account</h1>
      <VerifyPhone />
    </main>
  )
}
