// The memory adapter's entry is for browsers (component tests in three engines, stories): bundled
// for the browser it must reach no Node built-in (esbuild refuses `node:*` on platform `browser`),
// no transport but the inbox, and not libphonenumber-js's metadata of every country, which the
// engine's default country reader would bring (most of the bundle: 198 kB of 77 kB minified).
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { expect, test } from 'vitest'

test('bundles for the browser with no Node built-in, no other transport and no whole-world phone metadata', async () => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('index.ts', import.meta.url))],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['source'],
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  // What reached the output (a module esbuild read and shook out entirely has 0 bytes in it).
  const inputs = Object.entries(Object.values(result.metafile.outputs)[0]!.inputs)
    .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
    .map(([file]) => file)
  expect(inputs.filter((file) => /libphonenumber-js\/metadata|nodemailer|smpp|\/transports\/create-(?!inbox)|\/smtp\/|\/smpp\//.test(file))).toEqual([])
  expect(inputs.some((file) => file.endsWith('create-inbox-transport.ts'))).toBe(true)
  // A ceiling, not a measure: it was 77 kB minified when written (most of it the 36 locales' messages).
  expect(result.outputFiles[0]!.contents.byteLength).toBeLessThan(110_000)
})
