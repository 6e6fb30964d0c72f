import { toApiLocale } from '@hakiki/core'
import { loadMessages } from '@hakiki/ui'
import { Suspense, type ReactNode } from 'react'
import { SignUpFlow } from './sign-up-flow'

/** Props Next.js gives a page: the query string, as a promise. */
interface PageProps {
  searchParams: Promise<{ lang?: string | string[] }>
}

/**
 * The sign-up page, a Server Component. The language comes from `?lang=` (a real app would use
 * its own routing or `Accept-Language`); its messages are loaded here, on the server, and handed
 * to the flow, so that the HTML the server sends is already in that language: no English first,
 * no switch after hydration. The query string is request data: under Cache Components (on in
 * `next.config.ts`, as `create-next-app` scaffolds) it is read inside `<Suspense>`, so the heading
 * is prerendered and the flow streams in the same response.
 */
export default function Page({ searchParams }: PageProps): ReactNode {
  return (
    <main>
      <h1>Create your account</h1>
      <Suspense>
        <LocalizedSignUpFlow searchParams={searchParams} />
      </Suspense>
    </main>
  )
}

/** The flow in the language `?lang=` asks for, with its messages loaded on the server. */
async function LocalizedSignUpFlow({ searchParams }: PageProps): Promise<ReactNode> {
  const { lang } = await searchParams
  const locale = toApiLocale(typeof lang === 'string' ? lang : 'en') ?? 'en'
  const messages = await loadMessages(locale)
  return <SignUpFlow locale={locale} messages={messages} />
}
