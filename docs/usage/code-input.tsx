import { CodeInput } from '@hakiki/ui'
import '@hakiki/ui/styles.css'

export function EnterCode({ onCode }: { onCode: (code: string) => void }) {
  // The label says where the code went; onComplete fires once per distinct complete code.
  return <CodeInput length={6} address="+233 24 123 4567" onComplete={onCode} />
}
