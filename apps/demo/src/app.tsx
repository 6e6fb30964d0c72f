/** The demo's page: a sign-up form with the kit's verification flow inside it. */
export function App() {
  return (
    <main>
      <h1>Create your account</h1>
    </main>
  )
}
