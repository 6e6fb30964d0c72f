import { CodeInput } from '@hakiki/ui'
import '@hakiki/ui/styles.css'
import { useState } from 'react'
import { mountBench } from './harness'

function CodeField() {
  const [code, setCode] = useState('')
  return <CodeInput length={6} value={code} onValueChange={setCode} />
}

mountBench(<CodeField />)
