import { getLocaleInfo, toLanguageTag } from '@hakiki/core'
import { useEffect, useState, useSyncExternalStore } from 'react'
import type { SandboxMessage } from './sandbox-message'
import { canSpeak, speak } from './speak'
import { useSandboxMessages } from './use-sandbox-messages'

/** Props of {@link DevicePreview}. */
export interface DevicePreviewProps {
  /** The normalized address the last code went to; nothing is shown before the first send. */
  to: string | undefined
  /** Own delivery with a local mail server: e-mail goes there, not to this preview. */
  emailBy?: 'smtp' | 'inbox'
}

const noSubscription = () => () => {}

const time = (iso: string): string => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
}

/**
 * A phone beside the form showing what the user would receive, live from the sandbox's message
 * stream: an SMS bubble, an e-mail, or a voice call that the browser reads aloud. It is labelled as
 * a simulation: in production the code reaches the user's own phone or mailbox.
 */
export function DevicePreview({ to, emailBy }: DevicePreviewProps) {
  const messages = useSandboxMessages(to)
  const latest = messages[0]
  const mailed = emailBy === 'smtp' && to?.includes('@') === true
  return (
    <aside className="demo-card demo-device" aria-labelledby="device-title" lang="en">
      <h2 id="device-title">What the user receives — sandbox</h2>
      <p className="demo-muted">A simulation: the sandbox sends nothing, it shows each message here instead.</p>
      <div className="demo-phone" data-channel={latest?.channel ?? 'none'}>
        <div className="demo-phone-screen" aria-live="polite">
          {latest ? (
            <Message message={latest} />
          ) : mailed ? (
            <p className="demo-phone-empty">This e-mail went through the local mail server: read it in that mailbox.</p>
          ) : (
            <p className="demo-phone-empty">No message yet. Send a code to see it arrive here.</p>
          )}
        </div>
      </div>
      {messages.length > 1 && (
        <p className="demo-muted">
          {messages.length} messages to this address (the same code each time, as the Verify API re-sends it).
        </p>
      )}
    </aside>
  )
}

function Message({ message }: { message: SandboxMessage }) {
  const lang = toLanguageTag(message.locale)
  const dir = getLocaleInfo(message.locale)?.dir ?? 'ltr'
  if (message.channel === 'email') {
    return (
      <article className="demo-email" aria-label="E-mail">
        <p className="demo-email-meta">
          <span>Inbox · {time(message.sentAt)}</span>
        </p>
        <h3 lang={lang} dir={dir}>
          {message.subject ?? '(no subject)'}
        </h3>
        <p className="demo-email-body" lang={lang} dir={dir}>
          {message.body}
        </p>
      </article>
    )
  }
  if (message.channel === 'call') return <VoiceCall key={message.id} message={message} lang={lang} dir={dir} />
  return (
    <article className="demo-sms" aria-label="Text message">
      <p className="demo-sms-meta">Messages · {time(message.sentAt)}</p>
      <p className="demo-sms-bubble" lang={lang} dir={dir}>
        {message.body}
      </p>
    </article>
  )
}

function VoiceCall({ message, lang, dir }: { message: SandboxMessage; lang: string; dir: 'ltr' | 'rtl' }) {
  const [speaking, setSpeaking] = useState(false)
  // False on the server, where there is no speechSynthesis; it is missing in some browsers too.
  const supported = useSyncExternalStore(noSubscription, canSpeak, () => false)
  // Keyed by message: a new call, or leaving the page, stops the one being read.
  useEffect(() => () => void (canSpeak() && speechSynthesis.cancel()), [])
  return (
    <article className="demo-call" aria-label="Voice call">
      <p className="demo-call-meta">Incoming call · {time(message.sentAt)}</p>
      <p className="demo-call-script" lang={lang} dir={dir}>
        {message.body}
      </p>
      {supported ? (
        <button
          type="button"
          className="demo-button"
          onClick={() => {
            if (speaking) {
              speechSynthesis.cancel()
              setSpeaking(false)
            } else {
              setSpeaking(true)
              speak(message.body, lang, () => setSpeaking(false))
            }
          }}
        >
          {speaking ? 'Stop' : 'Play the call'}
        </button>
      ) : (
        <p className="demo-muted">This browser cannot read the call aloud; its script is above.</p>
      )}
    </article>
  )
}
