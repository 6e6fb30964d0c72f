// Plain JavaScript for the same reason as index.js: tsdown loads it with Node.

/**
 * A rolldown plugin that leaves out of `dist/` the chunks no other file imports and that are no
 * entry: in a one-file-per-module build (`unbundle`), rolldown writes its runtime helpers
 * (`_virtual/_rolldown/runtime.js`) even when no module needs them, a file without a source map
 * that npm users would download for nothing (`@hakiki/dist-check` checks every shipped file).
 *
 * @returns {import('rolldown').Plugin}
 */
export function dropOrphanChunks() {
  return {
    name: 'hakiki:drop-orphan-chunks',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk')
      // What JavaScript imports: a declaration chunk may list the runtime among its imports
      // (`import type * as X` becomes a namespace there) without any line of it importing it.
      const imported = new Set(chunks.filter((chunk) => chunk.fileName.endsWith('.js')).flatMap((chunk) => [...chunk.imports, ...chunk.dynamicImports]))
      for (const chunk of chunks) {
        if (chunk.isEntry || imported.has(chunk.fileName) || !chunk.fileName.endsWith('.js')) continue
        delete bundle[chunk.fileName]
        // Its source map, when one was written.
        if (chunk.sourcemapFileName) delete bundle[chunk.sourcemapFileName]
        delete bundle[`${chunk.fileName}.map`]
      }
    },
  }
}
