/** Whether this browser can read text aloud (`speechSynthesis`); false on the server and in some webviews. */
export function canSpeak(): boolean {
  return typeof speechSynthesis !== 'undefined' && typeof SpeechSynthesisUtterance !== 'undefined'
}

/**
 * Reads `text` aloud in `lang` (a BCP-47 tag), as the sandbox's voice call would be heard, with a
 * voice of that language when the system has one. Returns a function that stops it.
 */
export function speak(text: string, lang: string, onEnd?: () => void): () => void {
  if (!canSpeak()) return () => {}
  speechSynthesis.cancel()
  const utterance = new SpeechSynthesisUtterance(text)
  utterance.lang = lang
  utterance.rate = 0.9
  const base = lang.split('-')[0]?.toLowerCase() ?? lang
  const voice = speechSynthesis.getVoices().find((v) => v.lang.toLowerCase() === lang.toLowerCase()) ?? speechSynthesis.getVoices().find((v) => v.lang.toLowerCase().startsWith(base))
  if (voice) utterance.voice = voice
  if (onEnd) {
    utterance.addEventListener('end', onEnd)
    utterance.addEventListener('error', onEnd)
  }
  speechSynthesis.speak(utterance)
  return () => speechSynthesis.cancel()
}
