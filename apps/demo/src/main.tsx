import '@hakiki/ui/styles.css'
import './demo.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { applyTheme, readStoredTheme } from './theme'

// Before the first paint, so a visitor who chose dark mode never sees a light flash.
applyTheme(readStoredTheme())

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
