import { useCodeInput, useVerificationFlow } from '@hakiki/react'

/** The code field as your own boxes, on the headless useCodeInput (one real input underneath). */
function CodeBoxes({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const code = useCodeInput({ length: 6, value, onChange })
  return (
    <div {...code.getRootProps({ style: { position: 'relative', display: 'flex', gap: 8 } })}>
      <input {...code.getInputProps({ 'aria-label': 'Verification code', style: { position: 'absolute', inset: 0, opacity: 0 } })} />
      {code.slots.map((slot, index) => (
        <span
          key={index}
          {...code.getSlotProps(index, {
            style: { width: 40, height: 48, display: 'grid', placeItems: 'center', border: `2px solid ${slot.isActive ? '#0b57d0' : '#5f6368'}`, borderRadius: 8, fontSize: 24 },
          })}
        >
          {slot.char}
        </span>
      ))}
    </div>
  )
}

/** A whole verification in your own markup: the flow's state, commands and prop getters. */
export function CustomVerification({ onReceipt }: { onReceipt: (receipt: string) => void }) {
  const flow = useVerificationFlow({ onVerified: (state) => state.receipt && onReceipt(state.receipt) })
  const { state, send } = flow

  if (state.status === 'verified') return <output>{state.verification.to} is verified.</output>

  if (state.status === 'idle' || (state.status === 'sending' && !state.verification)) {
    return (
      <form {...flow.getAddressFormProps()}>
        <label>
          Phone number <input {...flow.getAddressInputProps()} placeholder="+233 24 123 4567" />
        </label>
        <button type="submit" disabled={flow.isBusy}>
          {flow.isBusy ? 'Sending…' : 'Send code'}
        </button>
        {flow.error ? <p role="alert">Could not send the code ({flow.error.code}).</p> : null}
      </form>
    )
  }

  return (
    <form {...flow.getCodeFormProps()}>
      <p>We sent a code to {flow.verification?.to}.</p>
      <CodeBoxes value={'code' in state ? state.code : ''} onChange={(code) => send({ type: 'TYPE_CODE', code })} />
      {flow.error?.code === 'wrong_code' ? <p role="alert">Wrong code: {flow.error.attemptsLeft} attempts left.</p> : null}
      <button type="submit" disabled={flow.isBusy}>
        Verify
      </button>
      <button {...flow.getResendButtonProps()}>Resend code</button>
      <button {...flow.getChangeAddressButtonProps()}>Change number</button>
    </form>
  )
}
