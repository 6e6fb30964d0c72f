/**
 * The page side of a real paste, handed to Playwright's `page.evaluate` (flow-actions.ts) and
 * WebDriver's `browser.execute` (webkit-demo.ts) alike, which then press the keys their own way:
 * with `text`, puts up a scratch textarea holding it, focused and selected, for the driver's Ctrl+C;
 * with `null`, takes it away again. It is sent to the page as text, so it uses nothing from outside.
 */
export function clipboardScratch(text: string | null): void {
  document.getElementById('e2e-clipboard-scratch')?.remove()
  if (text === null) return
  const scratch = document.createElement('textarea')
  scratch.id = 'e2e-clipboard-scratch'
  scratch.value = text
  document.body.append(scratch)
  scratch.focus()
  scratch.select()
}
