import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// Testing Library only unmounts on its own when the runner exposes globals; Vitest does not.
afterEach(cleanup)
