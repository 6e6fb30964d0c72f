import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Testing Library only unmounts on its own when the runner exposes globals; Vitest does not.
afterEach(cleanup)

// `waitFor`/`findBy*` give up after 1 s by default: a wait, not a ceiling, and one a busy 2-core
// machine misses. Conditions still end the wait as soon as they hold.
configure({ asyncUtilTimeout: 15_000 })
