import type { Metadata } from 'next'
import type { ReactNode } from 'react'
import '@hakiki/ui/styles.css'
import './app.css'

export const metadata: Metadata = {
  title: 'Hakiki on Next.js',
  description: 'Verify a phone number with a one-time code, from a Next.js App Router page.',
}

/** The root layout. System fonts only: nothing is fetched from a font service. */
export default function RootLayout({ children }: { children: ReactNode }): ReactNode {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
