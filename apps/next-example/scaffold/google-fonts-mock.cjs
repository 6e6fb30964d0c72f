// Answers for Next's Google Fonts fetch (`NEXT_FONT_GOOGLE_MOCKED_RESPONSES`, Next's own test hook):
// this machine reaches only the npm registry, and the scaffold's layout loads its fonts with
// `next/font/google`. Each family in `HAKIKI_GOOGLE_FONTS` ("Geist,Geist Mono") gets the
// stylesheet Google serves for a variable font, its files on a loopback server of the test
// (`HAKIKI_FONT_SERVER`, serving the Geist files that ship inside `next` itself: Turbopack fetches
// font files over HTTP even when mocked), so the build stays what a user with Internet access gets.
const fonts = process.env.HAKIKI_FONT_SERVER
const families = (process.env.HAKIKI_GOOGLE_FONTS ?? '').split(',').filter(Boolean)

const css = (family) => {
  const file = /mono/i.test(family) ? 'geist-mono-latin.woff2' : 'geist-latin.woff2'
  return `/* latin */\n@font-face {\n  font-family: '${family}';\n  font-style: normal;\n  font-weight: 100 900;\n  font-display: swap;\n  src: url(${fonts}/${file}) format('woff2');\n  unicode-range: U+0000-00FF;\n}\n`
}

module.exports = Object.fromEntries(
  families.map((family) => [`https://fonts.googleapis.com/css2?family=${family.replaceAll(' ', '+')}:wght@100..900&display=swap`, css(family)]),
)
