import { OTPInput, type SlotProps } from 'input-otp'
import { useState } from 'react'
import { mountBench } from './harness'

// The Slot of input-otp's README, with inline styles instead of Tailwind classes.
function Slot({ char, placeholderChar, isActive }: SlotProps) {
  return (
    <div style={{ width: 40, height: 48, display: 'grid', placeItems: 'center', border: '1px solid #888', outline: isActive ? '2px solid #000' : 'none' }}>
      {char ?? placeholderChar}
    </div>
  )
}

function CodeField() {
  const [code, setCode] = useState('')
  return (
    <OTPInput
      maxLength={6}
      value={code}
      onChange={setCode}
      containerClassName="otp"
      render={({ slots }) => (
        <div style={{ display: 'flex', gap: 4 }}>
          {slots.map((slot, index) => (
            // oxlint-disable-next-line react/no-array-index-key -- the README's own markup: slots never reorder
            <Slot key={index} {...slot} />
          ))}
        </div>
      )}
    />
  )
}

mountBench(<CodeField />)
